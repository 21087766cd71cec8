#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

// The window's language: English (the source text) or Simplified Chinese (zh_CN), chosen from the
// "language" setting, else the system locale. Switching installs the translators (ours and Qt's
// own), which sends every widget a LanguageChange event; nothing about the plan changes. Chinese
// also puts a CJK font first in the application font's family list when the system has one.
class Language : public QObject
{
    Q_OBJECT
public:
    explicit Language(QObject *parent = nullptr);
    ~Language() override;

    static QStringList available(); // {"en", "zh_CN"}
    static QString displayName(const QString &code); // "English", "简体中文"
    // The saved setting if any, else the system locale's match ("zh_*" → zh_CN), else "en".
    static QString preferred();
    static QString settingKey() { return QStringLiteral("language"); }

    QString current() const { return m_current.isEmpty() ? QStringLiteral("en") : m_current; }
    // Installs `code`'s translations; returns false (changing nothing) for an unknown code or a
    // missing translation. `remember` stores it in the settings.
    bool setLanguage(const QString &code, bool remember = true);

    // CJK families installed on this system, preferred order (Noto, Source Han, WenQuanYi, …).
    static QStringList cjkFamilies();

signals:
    void languageChanged(const QString &code);

private:
    void applyFont(const QString &code);

    QString m_current; // empty until a language is installed
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
    QStringList m_baseFamilies;
};
