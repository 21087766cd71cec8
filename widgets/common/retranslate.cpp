#include "widgets/common/retranslate.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QObject>

namespace {

class LanguageWatcher : public QObject
{
public:
    LanguageWatcher(QObject *owner, std::function<void()> apply)
        : QObject(owner)
        , m_apply(std::move(apply))
    {
        owner->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == parent() && event->type() == QEvent::LanguageChange)
            m_apply();
        return false; // the owner's own changeEvent and its children still get it
    }

private:
    std::function<void()> m_apply;
};

} // namespace

void retranslateWith(QObject *owner, std::function<void()> apply)
{
    apply();
    new LanguageWatcher(owner, std::move(apply));
}

void addLabelledRow(QFormLayout *form, QWidget *field)
{
    auto *label = new QLabel;
    label->setBuddy(field);
    form->addRow(label, field);
}

void setRowLabel(QFormLayout *form, QWidget *field, const QString &text)
{
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(field)))
        label->setText(text);
}
