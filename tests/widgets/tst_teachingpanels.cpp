// Show your work, Compare and presentation mode, offscreen.
#include "tests/common/testutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/presentationmode.h"
#include "widgets/teaching/comparemodel.h"
#include "widgets/teaching/comparepanel.h"
#include "widgets/teaching/showworkpanel.h"
#include "widgets/teaching/teachingstate.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>

using namespace shardscope;

namespace {

// Lecture 0 §6 (docs/DESIGN.md §F.0; textbook accounting): 80e9 B, utilization 0.9, 70.6e9 params.
Plan textbook(int tp)
{
    Plan p;
    p.modelId = "llama-3.1-70b";
    p.gpuId = "h100-sxm";
    p.tp = tp;
    p.accounting = Accounting::Textbook;
    p.gpuMemoryBytes = 80e9;
    p.gpuMemoryUtilization = 0.9;
    p.paramsOverride = 70.6e9;
    p.maxModelLen = 32768;
    return p;
}

QString plain(const QString &html)
{
    QTextDocument d;
    d.setHtml(html);
    return d.toPlainText();
}

} // namespace

class TestTeachingPanels : public QObject
{
    Q_OBJECT
private slots:
    void showWorkQuantity()
    {
        PlanDocument document(builtinCatalog());
        ShowWorkPanel panel(&document);
        QVERIFY(document.setPlan(textbook(16)));
        panel.showQuantity(Quantity::KvBytesPerToken);
        // The example: 2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B, with the sources.
        const QString text = plain(panel.currentHtml());
        QVERIFY2(text.contains(QStringLiteral("2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("config.json num_key_value_heads")));
        QVERIFY(text.contains(QStringLiteral("replicated")));
        // Every quantity has a name and an explanation for a valid plan.
        QCOMPARE(ShowWorkPanel::quantities().size(), 20);
        for (Quantity q : ShowWorkPanel::quantities()) {
            QVERIFY(!ShowWorkPanel::quantityName(q).isEmpty());
            panel.showQuantity(q);
            QVERIFY(!plain(panel.currentHtml()).trimmed().isEmpty());
        }
        panel.showHtml(QStringLiteral("<b>From a tooltip</b>"));
        QVERIFY(plain(panel.currentHtml()).contains(QStringLiteral("From a tooltip")));
    }

    void clicksPickRichTooltips()
    {
        QWidget root;
        auto *layout = new QVBoxLayout(&root);
        auto *number = new QLabel(QStringLiteral("40,960 B"));
        number->setToolTip(QStringLiteral("<b>KV bytes per token</b><br><i>2 × L × …</i>"));
        auto *hint = new QLabel(QStringLiteral("TP"));
        hint->setToolTip(QStringLiteral("Tensor-parallel size"));
        auto *table = new QTableView;
        auto *model = new QStandardItemModel(1, 1, table);
        auto *item = new QStandardItem(QStringLiteral("16.4 GiB"));
        item->setToolTip(QStringLiteral("<b>Weights on GPU 0</b><br>…"));
        model->setItem(0, 0, item);
        table->setModel(model);
        layout->addWidget(number);
        layout->addWidget(hint);
        layout->addWidget(table);
        root.resize(400, 300);
        root.show();
        ShowWorkClicks clicks;
        for (QWidget *w : { static_cast<QWidget *>(number), static_cast<QWidget *>(hint), table->viewport() })
            w->installEventFilter(&clicks);
        QSignalSpy spy(&clicks, &ShowWorkClicks::picked);
        QTest::mouseClick(number, Qt::LeftButton);
        QCOMPARE(spy.count(), 0); // off by default: clicks behave as usual
        clicks.setEnabled(true);
        QTest::mouseClick(number, Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        QVERIFY(spy.takeFirst().at(0).toString().contains(QStringLiteral("KV bytes per token")));
        QTest::mouseClick(hint, Qt::LeftButton); // a plain hint on a control is not an explanation
        QCOMPARE(spy.count(), 0);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(model->index(0, 0)).center());
        QCOMPARE(spy.count(), 1);
        QVERIFY(spy.takeFirst().at(0).toString().contains(QStringLiteral("Weights on GPU 0")));
    }

    void compareModel()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        CompareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setComparison(comparePlans(evaluatePlan(textbook(8), m, gpu), evaluatePlan(textbook(16), m, gpu)));
        QCOMPARE(model.rowCount(), 15); // the 15 rows of comparePinAndMove
        QCOMPARE(model.columnCount(), 4);
        int capacity = -1;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data(Qt::UserRole).toString() == QLatin1String("capacity_tokens"))
                capacity = r;
        QVERIFY(capacity >= 0);
        // Lecture 0 §6 (docs/DESIGN.md §F.0): 1,222,046 → 1,437,500 tokens, ×1.18, better (green).
        QCOMPARE(model.index(capacity, CompareModel::A).data().toString(), QStringLiteral("1,222,046 tokens"));
        QCOMPARE(model.index(capacity, CompareModel::B).data().toString(), QStringLiteral("1,437,500 tokens"));
        QCOMPARE(model.index(capacity, CompareModel::Change).data().toString(), QStringLiteral("×1.18"));
        QCOMPARE(model.index(capacity, CompareModel::Change).data(Qt::ForegroundRole).value<QBrush>().color(),
            QColor(0x11, 0x77, 0x33));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void comparePinAndMove()
    {
        PlanDocument document(builtinCatalog());
        TeachingState state;
        ComparePanel panel(&document, &state);
        auto *exportButton = panel.findChild<QPushButton *>(QStringLiteral("exportComparison"));
        QVERIFY(exportButton);
        QVERIFY(document.setPlan(textbook(8)));
        QVERIFY(!panel.isPinned());
        QVERIFY(!exportButton->isEnabled());
        // Before pinning the table already lists the current plan (B) and the pane says how to start.
        // 15 rows: GPUs, nodes, weights, KV budget, KV bytes/token, capacity, concurrency (replica,
        // cluster, per GPU), TP bytes, communication, TPOT, TTFT, tokens/s per GPU, bubble; and 4 at the
        // document's workload: serving TPOT, TTFT, output tokens/s per GPU, KV peak.
        QCOMPARE(panel.model()->rowCount(), 15 + 4);
        QCOMPARE(panel.model()->index(0, CompareModel::A).data().toString(), QStringLiteral("—"));
        QCOMPARE(panel.model()->index(0, CompareModel::B).data().toString(), QStringLiteral("8")); // tp 8 = 8 GPUs
        QVERIFY(panel.explanationText().contains(QStringLiteral("Pin as A")));
        panel.pin();
        QVERIFY(exportButton->isEnabled());
        QVERIFY(panel.explanationText().contains(QStringLiteral("Nothing yet")));
        // The slider moves: B = TP 16.
        QVERIFY(document.setPlan(textbook(16)));
        QCOMPARE(panel.model()->rowCount(), 15 + 4); // with the serving rows
        QVERIFY(panel.explanationText().contains(QStringLiteral("TP 8 → 16")));
        QVERIFY(panel.explanationText().contains(
            QStringLiteral("TP 8 → 16: KV per GPU unchanged because 8 KV heads are now replicated")));
        QSignalSpy spy(&panel, &ComparePanel::exportRequested);
        exportButton->click();
        QCOMPARE(spy.count(), 1);
        // At the width of a 1024-px window's view area the Change column stays whole: the
        // explanation goes under the table instead of squeezing it.
        panel.resize(680, 500);
        panel.show();
        QTest::qWait(0);
        QVERIFY(panel.tableWhole());
        panel.resize(1400, 500);
        QTest::qWait(0);
        QVERIFY(panel.tableWhole());
        panel.unpin();
        QVERIFY(!panel.model()->hasPinned());
        QCOMPARE(panel.model()->index(0, CompareModel::Change).data().toString(), QStringLiteral("—"));
    }

    void presentation()
    {
        const QFont before = QApplication::font();
        const QPalette palette = QApplication::palette();
        PresentationMode mode;
        QSignalSpy spy(&mode, &PresentationMode::toggled);
        mode.setOn(true);
        QCOMPARE(spy.count(), 1);
        if (before.pointSizeF() > 0)
            QCOMPARE(QApplication::font().pointSizeF(), before.pointSizeF() * 1.5);
        QCOMPARE(QApplication::palette().color(QPalette::Text), QColor(Qt::black));
        QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(Qt::white));
        mode.setOn(true); // no change, no signal
        QCOMPARE(spy.count(), 1);
        mode.setOn(false);
        QCOMPARE(QApplication::font(), before);
        QCOMPARE(QApplication::palette().color(QPalette::Highlight), palette.color(QPalette::Highlight));
    }
};

QTEST_MAIN(TestTeachingPanels)
#include "tst_teachingpanels.moc"
