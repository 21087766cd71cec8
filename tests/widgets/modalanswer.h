#pragma once
// Answers the next modal dialog from a timer, as a user would: the code under test calls exec() and
// blocks, the timer finds the box and clicks. What the box said is kept for the test to check.
#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

struct ModalAnswer
{
    QString text; // the message box's text, once answered
    bool answered = false;
};

// Clicks `button` of the next QMessageBox, or runs `close` on any other modal dialog (default:
// reject it). Polls every 20 ms for up to 10 s.
inline std::shared_ptr<ModalAnswer> answerNextModal(
    QMessageBox::StandardButton button, std::function<void(QDialog *)> close = {})
{
    auto result = std::make_shared<ModalAnswer>();
    auto *timer = new QTimer(QCoreApplication::instance()); // gone with the application, if never fired
    auto tries = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, [timer, result, tries, button, close] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal) {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (w->isVisible() && w->isModal())
                    modal = w;
        }
        if (auto *box = qobject_cast<QMessageBox *>(modal)) {
            result->text = box->text();
            result->answered = true;
            timer->deleteLater();
            if (QAbstractButton *b = box->button(button))
                b->click();
            else
                box->reject();
            return;
        }
        if (auto *dialog = qobject_cast<QDialog *>(modal)) {
            result->text = dialog->windowTitle();
            result->answered = true;
            timer->deleteLater();
            close ? close(dialog) : dialog->reject();
            return;
        }
        if (++*tries > 500)
            timer->deleteLater();
    });
    timer->start(20);
    return result;
}
