#pragma once
#include <QWidget>

class PlanDocument;
class QComboBox;
class QCompleter;
class QLineEdit;
class QStandardItemModel;
class QStringListModel;

// Model choice: a list grouped Dense / MoE / MLA / your configs, a search field that finds a model by
// words of its name or id in any order ("qwen3 235"), and "Open config.json…". Emits choices; never edits the plan
// itself.
class ModelPicker : public QWidget
{
    Q_OBJECT
public:
    explicit ModelPicker(const PlanDocument *document, QWidget *parent = nullptr);
    QComboBox *combo() const { return m_combo; }
    QLineEdit *search() const { return m_search; }
    // Chooses the model whose id is `text`, else the first whose name or id contains every word of
    // `text` in any order, ignoring case; false when none does.
    bool chooseMatching(const QString &text);
    // The search field's suggestions for `text` ("name — id"), as the completer lists them.
    QStringList completionsFor(const QString &text) const;

signals:
    void modelChosen(const QString &id);
    void openConfigRequested();

private:
    void rebuild();
    void sync();
    const PlanDocument *m_document;
    QComboBox *m_combo;
    QLineEdit *m_search;
    QStandardItemModel *m_items;
    QStringList m_completions; // every model as "name — id"
    QStringListModel *m_matches; // those matching the search text
    QCompleter *m_completer;
};
