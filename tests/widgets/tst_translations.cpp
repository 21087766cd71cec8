// The Simplified Chinese translation is complete (no unfinished or empty entry, the same %
// placeholders as the source), it is compiled into the library, and switching language at run time
// retranslates the teaching views without touching the plan.
#include "tests/common/testutils.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/teaching/comparepanel.h"
#include "widgets/teaching/showworkpanel.h"
#include "widgets/teaching/teachingstate.h"
#include "widgets/teaching/teachingtext.h"
#include "widgets/teaching/timelinepanel.h"

#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <set>

using namespace shardscope;

namespace {

struct Entry
{
    QString context;
    QString source;
    QStringList translations; // one, or one per plural form
    QString type; // "", "unfinished", "vanished", "obsolete"
    bool plural = false;
};

std::vector<Entry> readTs(const QString &path)
{
    std::vector<Entry> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context;
    Entry e;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name"))
                context = xml.readElementText();
            else if (name == QLatin1String("message")) {
                e = Entry { context, {}, {}, {},
                    xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes") };
            } else if (name == QLatin1String("source"))
                e.source = xml.readElementText();
            else if (name == QLatin1String("translation")) {
                e.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!e.plural)
                    e.translations << xml.readElementText();
            } else if (name == QLatin1String("numerusform"))
                e.translations << xml.readElementText();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out.push_back(e);
        }
    }
    return out;
}

std::set<QString> placeholders(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("%(\\d|n)"));
    std::set<QString> out;
    for (auto it = re.globalMatch(s); it.hasNext();)
        out.insert(it.next().captured(0));
    return out;
}

QString tsPath(const char *lang)
{
    return QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR"))
        + QStringLiteral("/resources/translations/shardscope_%1.ts").arg(QLatin1String(lang));
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // A settings file of our own: the tests must not read or write the user's language.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
    }

    void everyChineseEntryTranslated()
    {
        const std::vector<Entry> entries = readTs(tsPath("zh_CN"));
        QVERIFY2(entries.size() > 100, "the zh_CN .ts file is missing or nearly empty");
        QStringList problems;
        for (const Entry &e : entries) {
            const QString where = e.context + QStringLiteral(": ") + e.source.left(60);
            if (!e.type.isEmpty())
                problems << QStringLiteral("%1 (%2)").arg(where, e.type);
            else if (e.translations.isEmpty()
                || std::any_of(e.translations.begin(), e.translations.end(),
                    [](const QString &t) { return t.trimmed().isEmpty(); }))
                problems << QStringLiteral("%1 (empty)").arg(where);
            else
                for (const QString &t : e.translations)
                    if (placeholders(t) != placeholders(e.source))
                        problems << QStringLiteral("%1 (placeholders differ: %2)").arg(where, t);
        }
        QVERIFY2(problems.isEmpty(),
            qPrintable(
                problems.mid(0, 20).join(QLatin1Char('\n')) + QStringLiteral("\n… %1 in all").arg(problems.size())));
    }

    void englishPlurals()
    {
        // English needs translations only for "%n micro-batch(es)" style plurals: one and other.
        int plurals = 0;
        for (const Entry &e : readTs(tsPath("en"))) {
            if (!e.plural)
                continue;
            ++plurals;
            QVERIFY2(e.type.isEmpty(), qPrintable(e.source));
            QCOMPARE(e.translations.size(), 2);
            QVERIFY(!e.translations[0].isEmpty() && !e.translations[1].isEmpty());
        }
        QVERIFY(plurals >= 6);
    }

    void switchAtRunTime()
    {
        Plan plan = makePlan("llama-3.1-70b", "h100-sxm", 8);
        plan.maxModelLen = 32768;
        PlanDocument document(builtinCatalog());
        TeachingState state;
        ComparePanel compare(&document, &state);
        QVERIFY(document.setPlan(plan));
        auto *pin = compare.findChild<QPushButton *>(QStringLiteral("pin"));
        QCOMPARE(pin->text(), QStringLiteral("Pin as A"));

        Language language;
        QVERIFY(!language.setLanguage(QStringLiteral("xx")));
        QVERIFY(language.setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange); // QApplication posts it to each window
        QCOMPARE(language.current(), QStringLiteral("zh_CN"));
        QVERIFY(pin->text() != QLatin1String("Pin as A"));
        QVERIFY(
            pin->text().contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]")))); // Chinese characters
        // The plan is the same: B is still TP 8.
        QCOMPARE(compare.current().evaluation.plan.tp, 8);
        // Generated comparison sentences come through their translated templates.
        Sentence s = phrase("Compare", "TP %1 → %2: KV per GPU unchanged because %3 KV heads are now replicated",
            { value(8), value(16), value(8) });
        const QString zh = teaching::sentence(s);
        QVERIFY(zh.contains(QStringLiteral("8")) && zh.contains(QStringLiteral("16")));
        QVERIFY(zh != QString::fromStdString(s.text()));
        QCOMPARE(QSettings().value(Language::settingKey()).toString(), QStringLiteral("zh_CN"));
        QCOMPARE(Language::preferred(), QStringLiteral("zh_CN"));

        QVERIFY(language.setLanguage(QStringLiteral("en")));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QCOMPARE(pin->text(), QStringLiteral("Pin as A"));
        QCOMPARE(teaching::sentence(s), QString::fromStdString(s.text()));
        // English plurals: "%n micro-batch(es)" reads "1 micro-batch" and "4 micro-batches".
        QCOMPARE(Teaching::tr("%n micro-batch(es)", nullptr, 4), QStringLiteral("4 micro-batches"));
        QCOMPARE(Teaching::tr("%n micro-batch(es)", nullptr, 1), QStringLiteral("1 micro-batch"));
    }

    // The teaching views in Chinese, for a look (saved when SHARDSCOPE_SCREENSHOT_DIR is set).
    void chineseViews()
    {
        Language language;
        QVERIFY(language.setLanguage(QStringLiteral("zh_CN"), false));
        Plan a = makePlan("llama-3.1-70b", "h100-sxm", 4);
        a.pp = 2;
        a.microbatches = 4;
        a.maxModelLen = 32768;
        PlanDocument document(builtinCatalog());
        TeachingState state;
        TimelinePanel timeline(&document, &state);
        timeline.resize(1200, 420);
        QVERIFY(document.setPlan(a));
        for (int i = 0; i < 11; ++i)
            timeline.stepForward();
        QVERIFY(timeline.caption().contains(QStringLiteral("PP 发送")));
        PlanDocument compared(builtinCatalog());
        ComparePanel compare(&compared, &state);
        compare.resize(1200, 520);
        Plan b = a;
        b.tp = 8;
        b.pp = 1;
        QVERIFY(compared.setPlan(a));
        compare.pin();
        QVERIFY(compared.setPlan(b));
        QVERIFY(compare.explanationText().contains(QStringLiteral("每卡")));
        const QByteArray dir = qgetenv("SHARDSCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            timeline.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/zh-timeline.png"));
            compare.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/zh-compare.png"));
        }
        QVERIFY(language.setLanguage(QStringLiteral("en"), false));
    }

private:
    QTemporaryDir m_settings;
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
