// QAbstractItemModelTester on every item model of the window, across plan changes.
#include "tests/common/testutils.h"
#include "widgets/controls/modelpicker.h"
#include "widgets/document/plandocument.h"
#include "widgets/memory/gputablemodel.h"

#include <QAbstractItemModelTester>
#include <QComboBox>

using namespace shardscope;

class TestModels : public QObject
{
    Q_OBJECT
private slots:
    void gpuTable()
    {
        PlanDocument doc(builtinCatalog());
        GpuTableModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4));
        QCOMPARE(model.rowCount(), 4); // tp 4
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 16, 128));
        QCOMPARE(model.rowCount(), 128); // tp 8 x dp 16
        // GPU 19 = dp 2, tp 3 (rank = dp x tp + tp_rank with pp 1); its EP rank is 19 with ep 128.
        QCOMPARE(model.data(model.index(19, GpuTableModel::DpRank), Qt::UserRole).toInt(), 2);
        QCOMPARE(model.data(model.index(19, GpuTableModel::TpRank), Qt::UserRole).toInt(), 3);
        QCOMPARE(model.data(model.index(19, GpuTableModel::EpRank), Qt::UserRole).toInt(), 19);
        // 256 experts over ep 128: 2 per GPU.
        QCOMPARE(model.data(model.index(19, GpuTableModel::Experts), Qt::UserRole).toInt(), 2);
        QVERIFY(model.headerData(GpuTableModel::Weights, Qt::Horizontal).toString().contains(QStringLiteral("GiB")));
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 3)); // invalid: 64 heads over tp 3
        QCOMPARE(model.rowCount(), 0);
    }

    void modelPickerList()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4));
        ModelPicker picker(&doc);
        QAbstractItemModelTester tester(
            picker.combo()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Three group headers (dense, MoE, MLA) + one row per preset.
        QCOMPARE(picker.combo()->count(), static_cast<int>(doc.catalog().models().size()) + 3);
        QCOMPARE(picker.combo()->currentText().trimmed(), QStringLiteral("Llama-3.1-70B"));
        const std::string config = R"({"num_hidden_layers": 4, "hidden_size": 256, "num_attention_heads": 4,
                                       "intermediate_size": 512, "vocab_size": 1000, "_name_or_path": "me/tiny"})";
        doc.addModelJson(config, "tiny");
        QCOMPARE(picker.combo()->count(), static_cast<int>(doc.catalog().models().size()) + 4); // + "Your configs"
    }

    void pickerSearch()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4));
        ModelPicker picker(&doc);
        QString chosen;
        connect(&picker, &ModelPicker::modelChosen, this, [&](const QString &id) { chosen = id; });
        QVERIFY(picker.chooseMatching(QStringLiteral("kimi")));
        QCOMPARE(chosen, QStringLiteral("kimi-k2"));
        QVERIFY(picker.chooseMatching(QStringLiteral("llama-3.1-8b")));
        QCOMPARE(chosen, QStringLiteral("llama-3.1-8b"));
        QVERIFY(!picker.chooseMatching(QStringLiteral("no such thing")));
        // Words in any order, any case (review item 23).
        QVERIFY(picker.chooseMatching(QStringLiteral("qwen3 235")));
        QCOMPARE(chosen, QStringLiteral("qwen3-235b-a22b"));
        QVERIFY(picker.chooseMatching(QStringLiteral("405B LLAMA")));
        QCOMPARE(chosen, QStringLiteral("llama-3.1-405b"));
        // "qwen3 235" also finds qwen3-vl-235b-a22b; "qwen3-235" is that one model.
        const QStringList suggested = picker.completionsFor(QStringLiteral("qwen3-235"));
        QCOMPARE(suggested.size(), 1);
        QVERIFY(suggested.first().endsWith(QStringLiteral("qwen3-235b-a22b")));
        QVERIFY(picker.completionsFor(QStringLiteral("qwen3")).size() >= 3);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
