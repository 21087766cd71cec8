#pragma once
#include "core/explain/explain.h"
#include "core/explain/explainserving.h"

#include <QObject>
#include <QWidget>

class PlanDocument;
class QListWidget;
class QSpinBox;
class QTextBrowser;
class QLabel;

// "Show your work": any number of the plan with its formula, the formula with this plan's values,
// and where every input comes from (core/explain/explain.h), in large type. Pick a quantity from the list,
// or click a number elsewhere while ShowWorkClicks is on. It follows the document's plan, updated
// lazily while hidden.
class ShowWorkPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ShowWorkPanel(const PlanDocument *document, QWidget *parent = nullptr);

    // `rank` -1: the binding GPU (or the slowest stage).
    void showQuantity(shardscope::Quantity q, int rank = -1);
    // A figure of the serving estimate at the document's workload.
    void showServing(shardscope::ServingQuantity q);
    // A formula some other view built (its rich-text tooltip).
    void showHtml(const QString &html);

    QString currentHtml() const;
    static QList<shardscope::Quantity> quantities(); // in list order
    static QString quantityName(shardscope::Quantity q);
    static QString servingName(shardscope::ServingQuantity q);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void onPlanChanged();
    void sync(); // takes the document's plan if it changed since the last refresh
    void refresh();
    void retranslate();

    const PlanDocument *m_document;
    bool m_dirty = false;
    bool m_haveQuantity = true;
    QListWidget *m_list;
    QLabel *m_gpuLabel;
    QSpinBox *m_rank;
    QTextBrowser *m_text;
};

// While enabled, a click on a label or a table cell that carries a rich-text tooltip (the window's
// numbers carry their explanation there) sends that tooltip to picked() instead of doing nothing.
class ShowWorkClicks : public QObject
{
    Q_OBJECT
public:
    explicit ShowWorkClicks(QObject *parent = nullptr);
    void setEnabled(bool on) { m_enabled = on; }
    bool isEnabled() const { return m_enabled; }

signals:
    void picked(const QString &html);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool m_enabled = false;
};
