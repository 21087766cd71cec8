#include "widgets/controls/parallelismpanel.h"

#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/parallelcontrol.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QCheckBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

using namespace shardscope;

namespace {

QString joinValues(const std::vector<int> &values)
{
    QStringList list;
    for (size_t i = 0; i < values.size() && i < 12; ++i)
        list << QString::number(values[i]);
    if (values.size() > 12)
        list << QStringLiteral("…");
    return list.join(QStringLiteral(", "));
}

} // namespace

ParallelismPanel::ParallelismPanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_epSwitch(new QCheckBox(this))
    , m_world(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    for (int i = 0; i < 4; ++i) {
        const auto dim = static_cast<ParallelDim>(i);
        auto *c = new ParallelControl(QString(), QString(), this);
        m_controls[i] = c;
        layout->addWidget(c);
        connect(c, &ParallelControl::dragStarted, this, [this] { m_gesture = m_editor->beginGesture(); });
        connect(c, &ParallelControl::valueRequested, this,
            [this, dim](int v, bool dragging) { request(dim, v, dragging); });
        connect(c, &ParallelControl::refusedValueEntered, this, [this, dim](int v) { refuse(dim, v); });
    }
    layout->addWidget(m_epSwitch);
    m_world->setWordWrap(true);
    layout->addWidget(m_world);
    connect(m_epSwitch, &QCheckBox::toggled, this, [this](bool on) {
        Plan p = m_editor->document()->plan();
        p.ep = on ? expertParallelSize(p) : 1;
        if (!on)
            p.redundantExperts = 0;
        m_editor->applyEdit(p, on ? tr("Enable expert parallelism") : tr("Disable expert parallelism"));
        sync(); // a refused change must not leave the box out of step
    });
    connect(editor->document(), &PlanDocument::planChanged, this, &ParallelismPanel::sync);
    retranslateWith(this, [this] {
        setTitle(tr("Parallelism"));
        const std::pair<QString, QString> names[] = {
            { tr("TP"), tr("Tensor parallel: each layer's heads and MLP split over this many GPUs") },
            { tr("PP"), tr("Pipeline parallel: the layers split into this many stages") },
            { tr("DP"), tr("Data parallel: independent replicas, each with its own KV cache") },
            { tr("EP"), tr("Expert parallel: the experts of a stage spread over this many of its tp × dp GPUs") }
        };
        for (int i = 0; i < 4; ++i) {
            m_controls[i]->setName(names[i].first, names[i].second);
            m_controls[i]->setReason(QString()); // a refusal is said once, in the language of the moment
        }
        m_epSwitch->setText(tr("Expert parallel as vLLM does it (ep = tp × dp)"));
        m_epSwitch->setToolTip(tr("vLLM's --enable-expert-parallel: every GPU of a stage holds whole experts"));
        if (m_editor->document()->hasPlan())
            sync(); // the hints and the world size
    });
}

void ParallelismPanel::request(ParallelDim dim, int value, bool dragging)
{
    const PlanDocument *doc = m_editor->document();
    const Plan next = withParallelSize(doc->plan(), doc->model(), dim, value);
    static const char *const names[] = { "TP", "PP", "DP", "EP" };
    m_editor->applyEdit(
        next, tr("Set %1 to %2").arg(QLatin1String(names[int(dim)])).arg(value), dragging ? m_gesture : 0);
    sync();
}

void ParallelismPanel::refuse(ParallelDim dim, int value)
{
    const PlanDocument *doc = m_editor->document();
    const std::vector<int> allowed = allowedValues(doc->plan(), doc->model(), dim);
    QString why = textformat::sentence(disallowedSentence(doc->plan(), doc->model(), dim, value));
    if (why.isEmpty())
        why = tr("outside the offered range");
    const int snapped = snapToAllowed(allowed, value);
    // Show the reason after the snap: the snap's own update would otherwise clear it.
    request(dim, snapped, false);
    control(dim)->setReason(tr("%1 is not allowed: %2 — using %3").arg(value).arg(why).arg(snapped));
}

void ParallelismPanel::sync()
{
    const PlanDocument *doc = m_editor->document();
    if (!doc->hasPlan())
        return;
    const Plan &p = doc->plan();
    const ModelSpec &m = doc->model();
    const Evaluation &e = doc->evaluation();
    const int values[] = { p.tp, p.pp, p.dp, p.ep };
    for (int i = 0; i < 4; ++i) {
        const auto dim = static_cast<ParallelDim>(i);
        m_controls[i]->setAllowed(allowedValues(p, m, dim), values[i]);
    }
    const std::vector<int> tp = allowedValues(p, m, ParallelDim::Tp);
    QString tpHint = tr("divides the %1 attention heads: %2").arg(m.heads).arg(joinValues(tp));
    if (!m.isMla() && m.kvHeads < m.heads)
        tpHint += tr(" · above %1 the KV heads are replicated").arg(m.kvHeads);
    control(ParallelDim::Tp)->setHint(tpHint);
    control(ParallelDim::Pp)->setHint(tr("1 to %1 stages (%2 layers)").arg(std::min(kMaxPp, m.layers)).arg(m.layers));
    control(ParallelDim::Dp)->setHint(tr("replicas · tp × pp × dp = %1 GPUs").arg(p.tp * p.pp * p.dp));
    ParallelControl *ep = control(ParallelDim::Ep);
    if (m.isMoe()) {
        ep->setEnabled(true);
        ep->setHint(tr("divides tp × dp = %1: %2 · vLLM offers 1 or %1")
                        .arg(expertParallelSize(p))
                        .arg(joinValues(allowedValues(p, m, ParallelDim::Ep))));
    } else {
        ep->setEnabled(false);
        ep->setHint(textformat::sentence(disallowedSentence(p, m, ParallelDim::Ep, 2)));
    }
    {
        const QSignalBlocker block(m_epSwitch);
        // Off → on sets ep = tp × dp, on → off sets ep = 1: only when the plan it makes is allowed (no
        // EP beyond the expert count; no FP8-block experts split where vLLM refuses them).
        Plan on = p;
        on.ep = expertParallelSize(p);
        m_epSwitch->setEnabled(m.isMoe() && expertParallelSize(p) > 1
            && disallowedSentence(p, m, ParallelDim::Ep, expertParallelOn(p) ? 1 : on.ep).text().empty());
        m_epSwitch->setChecked(expertParallelOn(p));
    }
    if (e.valid && e.worldSize == 1)
        m_world->setText(tr("<b>1 GPU</b> = tp 1 × pp 1 × dp 1"));
    else if (e.valid)
        m_world->setText(tr("<b>%1 GPUs</b> = tp %2 × pp %3 × dp %4 · nodes of %6: %5")
                             .arg(e.worldSize)
                             .arg(p.tp)
                             .arg(p.pp)
                             .arg(p.dp)
                             .arg(e.nodes)
                             .arg(e.gpusPerNode));
    else
        m_world->setText(tr("<b>No placement</b> — see the issues above"));
}
