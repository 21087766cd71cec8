#pragma once
#include <QWidget>

class PlanDocument;
class QComboBox;
class QLineEdit;
class QStandardItemModel;

// Model choice: a list grouped Dense / MoE / MLA / your configs, a search field that finds a model by
// any part of its name or id, and "Open config.json…". Emits choices; never edits the plan itself.
class ModelPicker : public QWidget
{
    Q_OBJECT
public:
    explicit ModelPicker(const PlanDocument *document, QWidget *parent = nullptr);
    QComboBox *combo() const { return m_combo; }
    QLineEdit *search() const { return m_search; }
    // Chooses the first model whose name or id contains `text`; false when none does.
    bool chooseMatching(const QString &text);

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
};
