// core/text/suggest: "did you mean …?" for preset ids, flags and commands, and the word search
// the window's model picker uses.
#include "core/text/suggest.h"

#include "tests/common/testutils.h"

#include <QTest>

using namespace shardscope;

namespace {

std::vector<std::string> modelIds()
{
    std::vector<std::string> ids;
    for (const ModelSpec &m : builtinPresets().models())
        ids.push_back(m.id);
    return ids;
}

std::vector<std::string> gpuIds()
{
    std::vector<std::string> ids;
    for (const GpuSpec &g : builtinPresets().gpus())
        ids.push_back(g.id);
    return ids;
}

using Names = std::vector<std::string>;

} // namespace

class TestSuggest : public QObject
{
    Q_OBJECT
private slots:
    void presets()
    {
        QCOMPARE(suggestNames("deepseekv3", modelIds()), Names { "deepseek-v3" });
        QCOMPARE(suggestNames("qwen3-235b", modelIds()), Names { "qwen3-235b-a22b" });
        QCOMPARE(suggestNames("llama-3.1-70B", modelIds()), Names { "llama-3.1-70b" });
        QCOMPARE(suggestNames("405b", modelIds()), Names { "llama-3.1-405b" });
        const Names h100 = suggestNames("H100", gpuIds());
        QVERIFY(std::find(h100.begin(), h100.end(), "h100-sxm") != h100.end());
        QVERIFY(h100.size() <= 3);
        QVERIFY(suggestNames("zzzzzz", modelIds()).empty());
    }
    void flagsAndCommands()
    {
        const Names flags { "tp", "pp", "dp", "ep", "model", "gpu", "gpus-per-node", "batch" };
        QCOMPARE(suggestNames("tpp", flags), Names { "tp" });
        QCOMPARE(suggestNames("modle", flags), Names { "model" });
        QCOMPARE(suggestNames("plna", { "plan", "presets", "reconcile", "export", "import", "report", "sweep" }),
            Names { "plan" });
        QVERIFY(suggestNames("x", flags).empty());
    }
    void atMostThree()
    {
        const Names many { "ab1", "ab2", "ab3", "ab4", "ab5" };
        QCOMPARE(suggestNames("a", many).size(), size_t(0)); // one character is close to too much
        QCOMPARE(suggestNames("ab", many).size(), size_t(3));
        QCOMPARE(suggestNames("abx", { "abc", "abd", "abe", "abf" }).size(), size_t(3)); // four at distance 1
        QCOMPARE(suggestNames("gpuss", { "gpu", "gpus", "gpus-per-node" }), Names { "gpus" });
    }
    void phrase()
    {
        QCOMPARE(didYouMean({}), std::string());
        QCOMPARE(didYouMean({ "tp" }, "--"), std::string("did you mean --tp?"));
        QCOMPARE(didYouMean({ "a", "b" }), std::string("did you mean a or b?"));
        QCOMPARE(didYouMean({ "a", "b", "c" }), std::string("did you mean a, b or c?"));
    }
    void words()
    {
        QVERIFY(matchesAllWords("qwen3 235", "Qwen3-235B-A22B — qwen3-235b-a22b"));
        QVERIFY(matchesAllWords("235  QWEN3", "Qwen3-235B-A22B"));
        QVERIFY(!matchesAllWords("qwen3 405", "Qwen3-235B-A22B"));
        QVERIFY(matchesAllWords("  ", "anything"));
    }
};

QTEST_APPLESS_MAIN(TestSuggest)
#include "tst_suggest.moc"
