#pragma once
#include "core/evaluate/evaluation.h"
#include "core/launch/launchexport.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

// Shows the launch commands for one evaluated plan (docs/DESIGN.md §6): target vLLM or SGLang,
// one node or N nodes, vLLM's multi-node launch or Ray, address/port or placeholders, commands or
// a script per node; Copy, Save, Save scripts. Self-contained: it keeps copies of what it shows.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    ExportDialog(
        const shardscope::Evaluation &evaluation, const shardscope::ModelSpec &model, QWidget *parent = nullptr);

    // A disaggregated plan (issue #18 §2): the dialog shows every prefill and decode server's launch with
    // its --kv-transfer-config and the router step (core/launch/disaggexport.h) instead of one server's.
    void setDisaggregated(
        const shardscope::Plan &whole, const shardscope::Evaluation &prefill, const shardscope::Evaluation &decode);

    shardscope::ExportOptions options() const;
    void setOptions(const shardscope::ExportOptions &options);
    const shardscope::ExportResult &result() const { return m_result; }
    // The commands as shown: without the "# Note:" lines, which the notes label shows translated.
    QString shownText() const;
    // What Copy and Save write: the commands with their "# Note:" comments.
    QString exportedText() const;

    // What the buttons do after asking for a path (public for tests). Return false and show the
    // reason when writing fails.
    bool saveTextTo(const QString &path);
    bool saveScriptsTo(const QString &dir);

    // The notes as the window shows them (translated), one per line; empty when there are none.
    QString shownNotes() const;
    QString shownStatus() const;

signals:
    // "Use nearest plan": the plan the target can run, closest to the refused one.
    void nearestPlanRequested(const shardscope::Plan &plan);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void refreshDisaggregated(const shardscope::ExportOptions &o);
    // The status line, red when the export is refused.
    void showStatus(const QString &text, bool refused);
    // The commands (notes moved to the translated label below), Copy and Save enabled when `ok`.
    void showCommands(const QString &text, const std::vector<shardscope::Sentence> &noteTexts, bool ok);
    void retranslateLabels();
    void fitHeight();
    void copy();
    void save();
    void saveScripts();

    shardscope::Evaluation m_evaluation;
    shardscope::ModelSpec m_model;
    shardscope::ExportResult m_result;
    struct Disaggregated
    {
        shardscope::Plan whole;
        shardscope::Evaluation prefill, decode;
    };
    std::optional<Disaggregated> m_disagg;
    bool m_updating = false;
    QString m_text; // exportedText()

    QFormLayout *m_form = nullptr; // its row labels, for retranslateLabels()
    QComboBox *m_target = nullptr;
    QComboBox *m_topology = nullptr;
    QSpinBox *m_nodes = nullptr;
    QComboBox *m_launcher = nullptr;
    QLineEdit *m_headAddress = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_modelPath = nullptr;
    QComboBox *m_all2all = nullptr;
    QCheckBox *m_force = nullptr;
    // vLLM options an imported command carried without a plan field (setOptions; no control of their own).
    std::vector<shardscope::VllmExtraArg> m_extraArgs;
    QComboBox *m_view = nullptr;
    QLabel *m_topologyLabel = nullptr;
    QLabel *m_viewLabel = nullptr;
    QComboBox *m_node = nullptr;
    QPlainTextEdit *m_output = nullptr;
    QLabel *m_notes = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_version = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_saveScripts = nullptr;
    QPushButton *m_useNearest = nullptr;
};
