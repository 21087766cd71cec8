#include "widgets/controls/setuppanel.h"

#include "core/evaluate/planrules.h"
#include "core/text/units.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/modelpicker.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextDocument>

using namespace shardscope;

SetupPanel::SetupPanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_model(new ModelPicker(editor->document(), this))
    , m_gpu(new QComboBox(this))
    , m_perNode(new QSpinBox(this))
    , m_nodes(new QLabel(this))
{
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(16);
    m_perNode->setRange(0, 1024);
    m_perNode->setKeyboardTracking(false);
    auto *form = new QFormLayout(this);
    for (QWidget *field : std::initializer_list<QWidget *> { m_model, m_gpu, m_perNode, m_nodes })
        addLabelledRow(form, field);

    connect(m_model, &ModelPicker::modelChosen, this, &SetupPanel::chooseModel);
    connect(m_model, &ModelPicker::openConfigRequested, this, &SetupPanel::openConfigRequested);
    connect(m_gpu, &QComboBox::activated, this, [this](int row) {
        Plan p = m_editor->document()->plan();
        p.gpuId = m_gpu->itemData(row).toString().toStdString();
        m_editor->applyEdit(p, tr("Choose GPU %1").arg(m_gpu->itemText(row)));
    });
    connect(m_perNode, &QSpinBox::valueChanged, this, [this](int n) {
        Plan p = m_editor->document()->plan();
        p.gpusPerNode = n;
        m_editor->applyEdit(p, tr("Set GPUs per node to %1").arg(n));
    });
    connect(editor->document(), &PlanDocument::catalogChanged, this, &SetupPanel::rebuildGpus);
    connect(editor->document(), &PlanDocument::planChanged, this, &SetupPanel::sync);
    retranslateWith(this, [this, form] {
        setTitle(tr("Model and cluster"));
        m_gpu->setToolTip(tr("The accelerator: memory, bandwidths, scale-up domain (from the GPU presets)"));
        m_perNode->setToolTip(tr("GPUs per node; ranks fill nodes in order (0: the GPU preset's value)"));
        setRowLabel(form, m_model, tr("Model"));
        setRowLabel(form, m_gpu, tr("GPU"));
        setRowLabel(form, m_perNode, tr("GPUs per node"));
        setRowLabel(form, m_nodes, tr("Nodes"));
        rebuildGpus(); // the items' names and tooltips, and sync()'s texts
    });
}

void SetupPanel::chooseModel(const QString &id)
{
    const PlanDocument *doc = m_editor->document();
    const CatalogModel *m = doc->catalog().findModel(id.toStdString());
    if (!m || !doc->hasPlan())
        return;
    m_editor->applyEdit(planForModel(doc->plan(), m->spec), tr("Choose model %1").arg(textformat::qs(m->spec.name)));
}

void SetupPanel::rebuildGpus()
{
    const QSignalBlocker block(m_gpu);
    m_gpu->clear();
    for (const CatalogGpu &g : m_editor->document()->catalog().gpus()) {
        // The memory the maths uses (what CUDA reports), not the marketing figure in the name.
        m_gpu->addItem(
            tr("%1 (%2 visible)").arg(textformat::qs(g.spec.name), textformat::gib(g.spec.visibleBytes(), 1)),
            textformat::qs(g.spec.id));
        m_gpu->setItemData(m_gpu->count() - 1,
            Qt::convertFromPlainText(tr("%1 · %2 · scale-up domain %3 · %4 GPUs per node")
                                         .arg(textformat::qs(g.spec.id), textformat::qs(g.spec.scaleupLink))
                                         .arg(g.spec.scaleupDomain)
                                         .arg(g.spec.gpusPerNode)),
            Qt::ToolTipRole);
    }
    sync();
}

void SetupPanel::sync()
{
    const PlanDocument *doc = m_editor->document();
    if (!doc->hasPlan())
        return;
    const QSignalBlocker b1(m_gpu);
    const QSignalBlocker b2(m_perNode);
    m_gpu->setCurrentIndex(m_gpu->findData(textformat::qs(doc->plan().gpuId)));
    m_perNode->setSpecialValueText(tr("preset (%1)").arg(doc->gpu().gpusPerNode));
    m_perNode->setValue(doc->plan().gpusPerNode);
    const Evaluation &e = doc->evaluation();
    if (!e.valid)
        m_nodes->setText(tr("–"));
    else if (e.worldSize == 1)
        m_nodes->setText(tr("1 node · 1 GPU"));
    else if (e.nodes == 1)
        m_nodes->setText(tr("1 node · %1 GPUs").arg(e.worldSize));
    else
        m_nodes->setText(tr("%1 nodes · %2 GPUs").arg(e.nodes).arg(e.worldSize));
}
