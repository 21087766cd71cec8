#include "widgets/document/language.h"

#include <QApplication>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

Language::Language(QObject *parent)
    : QObject(parent)
{
    m_baseFamilies = QApplication::font().families();
}

Language::~Language()
{
    if (!QCoreApplication::instance())
        return; // the application is going away with its translators
    if (m_app)
        QCoreApplication::removeTranslator(m_app);
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt);
}

QStringList Language::available()
{
    return { QStringLiteral("en"), QStringLiteral("zh_CN") };
}

QString Language::displayName(const QString &code)
{
    // Each language names itself, so a user who cannot read the current one can still find theirs.
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString Language::codeFor(const QString &typed)
{
    const QString t = typed.trimmed().toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
    if (t == QLatin1String("zh") || t == QLatin1String("zh_cn") || t == QLatin1String("zh_hans")
        || t == QLatin1String("zh_hans_cn"))
        return QStringLiteral("zh_CN");
    if (t == QLatin1String("en") || t.startsWith(QLatin1String("en_")))
        return QStringLiteral("en");
    return {};
}

QString Language::preferred()
{
    QString saved = QSettings().value(settingKey()).toString();
    if (available().contains(saved))
        return saved;
    for (const QString &name : QLocale::system().uiLanguages())
        if (name.startsWith(QLatin1String("zh"), Qt::CaseInsensitive))
            return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QStringList Language::cjkFamilies()
{
    static const char *const kPreferred[] = { "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC",
        "Source Han Sans CN", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "AR PL UMing CN", "Droid Sans Fallback" };
    const QStringList installed = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    QStringList out;
    for (const char *f : kPreferred)
        if (installed.contains(QLatin1String(f)))
            out << QLatin1String(f);
    return out;
}

namespace {
std::optional<bool> g_chineseFontForTests;
}

bool Language::hasChineseFont()
{
    if (g_chineseFontForTests)
        return *g_chineseFontForTests;
    return !QFontDatabase::families(QFontDatabase::SimplifiedChinese).isEmpty();
}

void Language::setChineseFontForTests(std::optional<bool> has)
{
    g_chineseFontForTests = has;
}

bool Language::chineseWithoutFont()
{
    return QLocale().language() == QLocale::Chinese && !hasChineseFont();
}

QString Language::missingChineseFontWarning()
{
    // Its translation keeps the English: without the font, Chinese glyphs would show as boxes.
    return tr("No Chinese font is installed, so Chinese text shows as boxes: install one (Debian: "
              "fonts-noto-cjk) or choose English under Language.");
}

void Language::applyFont(const QString &code)
{
    QFont font = QApplication::font();
    QStringList families = m_baseFamilies;
    if (code == QLatin1String("zh_CN")) {
        // Latin text keeps its font; Chinese falls back to an installed CJK family, first in line
        // after it, so Qt does not pick a random one (or none) glyph by glyph.
        for (const QString &f : cjkFamilies())
            if (!families.contains(f))
                families << f;
    }
    font.setFamilies(families);
    QApplication::setFont(font);
}

bool Language::setLanguage(const QString &code, bool remember)
{
    if (!available().contains(code))
        return false;
    if (code == m_current) {
        if (remember)
            QSettings().setValue(settingKey(), code);
        return true;
    }
    auto *app = new QTranslator(this);
    if (!app->load(QStringLiteral(":/i18n/shardscope_%1.qm").arg(code))) {
        delete app;
        return false;
    }
    auto *qt = new QTranslator(this);
    if (!qt->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        delete qt; // English, or Qt's own translations not installed: the standard buttons stay English
        qt = nullptr;
    }
    if (m_app) {
        QCoreApplication::removeTranslator(m_app);
        m_app->deleteLater();
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt);
        m_qt->deleteLater();
    }
    m_app = app;
    m_qt = qt;
    // The locale first: widgets re-render on LanguageChange and may ask it (numbers, the font warning).
    QLocale::setDefault(QLocale(code == QLatin1String("zh_CN") ? QLocale::Chinese : QLocale::English,
        code == QLatin1String("zh_CN") ? QLocale::China : QLocale::UnitedStates));
    if (m_qt)
        QCoreApplication::installTranslator(m_qt);
    QCoreApplication::installTranslator(m_app); // sends LanguageChange to every widget
    m_current = code;
    applyFont(code);
    if (remember)
        QSettings().setValue(settingKey(), code);
    emit languageChanged(code);
    return true;
}
