#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

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
    // A language as a user types it (--lang): "zh", "zh_CN", "zh-CN", "zh-Hans" (any case) → "zh_CN";
    // "en", "en_US", "en-GB" → "en"; empty for anything else.
    static QString codeFor(const QString &typed);
    // The saved setting if any, else the system locale's match ("zh_*" → zh_CN), else "en".
    static QString preferred();
    static QString settingKey() { return QStringLiteral("language"); }

    QString current() const { return m_current.isEmpty() ? QStringLiteral("en") : m_current; }
    // Installs `code`'s translations; returns false (changing nothing) for an unknown code or a
    // missing translation. `remember` stores it in the settings.
    bool setLanguage(const QString &code, bool remember = true);

    // CJK families installed on this system, preferred order (Noto, Source Han, WenQuanYi, …).
    static QStringList cjkFamilies();
    // Whether the system has any font that draws Simplified Chinese (without one, every Chinese
    // string shows as boxes).
    static bool hasChineseFont();
    // Whether the current language is Chinese and no font draws it: the window then warns (issues
    // banner, stderr) in a sentence readable without one.
    static bool chineseWithoutFont();
    static QString missingChineseFontWarning();
    // Tests: pretend the system has (or lacks) a Chinese font; std::nullopt asks the font database.
    static void setChineseFontForTests(std::optional<bool> has);

signals:
    void languageChanged(const QString &code);

private:
    void applyFont(const QString &code);

    QString m_current; // empty until a language is installed
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
    QStringList m_baseFamilies;
};
