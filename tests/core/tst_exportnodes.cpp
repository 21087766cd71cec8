// Export when the launch's node size differs from the plan's grid: a TP group that crosses nodes
// in the launch is flagged even though the plan's own grid kept it inside a node. Found by fuzzing
// the export -> import -> export round trip (tests/fuzz/regressions/vllmcommand).
#include "tests/common/testutils.h"

#include "core/launch/launchexport.h"

#include <algorithm>

using namespace shardscope;

namespace {

bool hasLaunchWarning(const ExportResult &r)
{
    const std::vector<std::string> notes = r.notes();
    return std::any_of(
        notes.begin(), notes.end(), [](const std::string &n) { return n.rfind("launch warning:", 0) == 0; });
}

ExportResult exportPlan(int tp, int pp)
{
    const ModelSpec m = presetModel("qwen3-30b-a3b");
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.maxModelLen = 32768;
    return exportLaunch(evaluate(p, m, presetGpu("h100-sxm")), m, ExportOptions {});
}

} // namespace

class TestExportNodes : public QObject
{
    Q_OBJECT
private slots:
    void tpCrossesLaunchNodes()
    {
        // TP 4 x PP 3 = 12 GPUs; H100 nodes hold 8, so ceil(12 / 8) = 2 nodes, and vLLM's --nnodes
        // launch runs 12 / 2 = 6 per node: ranks 4-7 (the second TP group) sit on GPUs 4, 5 of
        // node 0 and 0, 1 of node 1. The plan's grid (nodes of 8) had ranks 4-7 on node 0.
        const ExportResult r = exportPlan(4, 3);
        QVERIFY2(r.ok, r.message().c_str());
        QCOMPARE(r.nodes, 2);
        QCOMPARE(r.gpusPerNode, 6);
        QVERIFY(hasLaunchWarning(r));
    }

    void tpInsideLaunchNodes()
    {
        // TP 2 x PP 3 = 6 GPUs fit one node: nothing to say. TP 4 x PP 4 = 16 = 2 nodes of 8, the
        // plan's own grid. TP 2 x PP 6 = 12 = 2 nodes of 6, and 2 divides 6: groups stay inside.
        for (const auto &[tp, pp] : { std::pair { 2, 3 }, std::pair { 4, 4 }, std::pair { 2, 6 } }) {
            const ExportResult r = exportPlan(tp, pp);
            QVERIFY2(r.ok, r.message().c_str());
            QVERIFY2(!hasLaunchWarning(r), qPrintable(QStringLiteral("tp=%1 pp=%2").arg(tp).arg(pp)));
        }
    }
};

QTEST_GUILESS_MAIN(TestExportNodes)
#include "tst_exportnodes.moc"
