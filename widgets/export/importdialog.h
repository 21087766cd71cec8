#pragma once
#include "core/launch/launchimport.h"
#include "core/model/modelspec.h"

#include <QDialog>

#include <optional>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTimer;

// Paste a `vllm serve ...` (or api_server, or docker run vllm/vllm-openai) command and get the plan
// it runs. The model is matched to a preset among `models` when one fits; the plan's GPU is left
// empty because a command does not name one. Unknown and unmodelled flags are listed.
class ImportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ImportDialog(std::vector<shardscope::ModelSpec> models = {}, QWidget *parent = nullptr);

    void setCommandText(const QString &text);
    // Parses what is in the editor now (typing parses after a short pause).
    void parseNow();

    bool hasPlan() const { return m_imported.has_value(); }
    const std::optional<shardscope::ImportedCommand> &imported() const { return m_imported; }
    // The imported plan with modelId set to the matching preset id (or the command's model).
    shardscope::Plan plan() const;
    QString presetId() const { return m_presetId; }

signals:
    void planImported(const shardscope::Plan &plan);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showResult(const QString &error);

    std::vector<shardscope::ModelSpec> m_models;
    std::optional<shardscope::ImportedCommand> m_imported;
    QString m_presetId;

    QPlainTextEdit *m_input = nullptr;
    QLabel *m_summary = nullptr;
    QListWidget *m_flags = nullptr;
    QLabel *m_commandLabel = nullptr;
    QLabel *m_flagsLabel = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_use = nullptr; // "Use this plan", the accept button
    QTimer *m_debounce = nullptr;
};
