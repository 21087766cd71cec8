#pragma once
#include <functional>

class QObject;

// Qt's retranslateUi idiom without a changeEvent override per class: `apply` sets the texts of
// `owner` and its parts now, and again each time `owner` receives QEvent::LanguageChange (Qt sends
// it to every window when a translator is installed or removed, and each widget passes it on to
// its children). A new language so re-labels the widgets in place: nothing is rebuilt, no state
// has to be carried across. `apply` must be idempotent (a popup menu may get the event twice).
void retranslateWith(QObject *owner, std::function<void()> apply);

class QFormLayout;
class QString;
class QWidget;

// A row as QFormLayout::addRow(text, field) makes it (a label, its buddy `field`), with the text
// to come: setRowLabel() sets it.
void addLabelledRow(QFormLayout *form, QWidget *field);
void setRowLabel(QFormLayout *form, QWidget *field, const QString &text);
