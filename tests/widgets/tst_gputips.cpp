// The GPU table's header tool tips name the calibration profile and the log it was fitted to, both
// from a file someone else may have written. A tool tip that looks like rich text is rendered as
// rich text (an <img> of /dev/zero would be loaded), so these tips are plain text made HTML by
// Qt::convertFromPlainText: the name shows as typed and no tag comes from it.
#include "tests/common/testutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/memory/gputablemodel.h"

#include <QTextDocument>

using namespace shardscope;

class TestGpuTips : public QObject
{
    Q_OBJECT
private slots:
    void calibrationNamesAreText()
    {
        PlanDocument doc(builtinCatalog());
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
        p.accounting = Accounting::Vllm;
        p.calibration.name = "<img src=\"/dev/zero\">";
        p.calibration.gpuId = "h100-sxm";
        p.calibration.activationScale = 1;
        p.calibration.source = "<b>vllm.log</b>";
        QVERIFY(doc.setPlan(p));
        const GpuTableModel model(&doc);
        for (const int column :
            { GpuTableModel::Activation, GpuTableModel::Other, GpuTableModel::KvBudget, GpuTableModel::Blocks }) {
            const QString tip = model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
            QVERIFY2(!tip.contains(QStringLiteral("<img")) && !tip.contains(QStringLiteral("<b>")), qPrintable(tip));
            QTextDocument shown;
            shown.setHtml(tip);
            QVERIFY2(shown.toPlainText().contains(
                         QStringLiteral("profile \"<img src=\"/dev/zero\">\" (fitted to <b>vllm.log</b>)")),
                qPrintable(shown.toPlainText()));
        }
    }
};

QTEST_MAIN(TestGpuTips)
#include "tst_gputips.moc"
