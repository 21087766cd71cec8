#include "widgets/window/issuesbanner.h"

#include "core/evaluate/planrules.h"
#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

using namespace shardscope;

IssuesBanner::IssuesBanner(const PlanDocument *document, QWidget *parent)
    : QFrame(parent)
    , m_document(document)
    , m_label(new QLabel(this))
    , m_useNearest(new QPushButton(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_useNearest, 0, Qt::AlignTop);
    m_useNearest->setVisible(false);
    connect(m_useNearest, &QPushButton::clicked, this, [this] {
        if (m_nearest)
            emit nearestPlanRequested(*m_nearest);
    });
    connect(document, &PlanDocument::planChanged, this, &IssuesBanner::refresh);
    setVisible(false);
}

QString IssuesBanner::text() const
{
    return m_label->text();
}

void IssuesBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QFrame::changeEvent(event);
}

void IssuesBanner::setNotice(const QString &text)
{
    m_notice = text;
    refresh();
}

void IssuesBanner::refresh()
{
    const std::vector<PlanIssue> &issues = m_document->evaluation().issues;
    const bool noFont = Language::chineseWithoutFont();
    m_nearest.reset();
    if (m_document->hasPlan() && !m_document->evaluation().fits)
        m_nearest = nearestFittingPlan(m_document->plan(), m_document->model(), m_document->gpu());
    m_useNearest->setVisible(m_nearest.has_value());
    if (issues.empty() && m_notice.isEmpty() && !noFont) {
        m_label->clear();
        setVisible(false);
        return;
    }
    Severity worst = noFont ? Severity::Warning : Severity::Info;
    QStringList lines;
    if (noFont)
        lines << QStringLiteral("<span style='color:%1'><b>⚠ Warning:</b></span> %2")
                     .arg(palette::warning().darker(150).name(), Language::missingChineseFontWarning().toHtmlEscaped());
    if (!m_notice.isEmpty())
        lines << QStringLiteral("<span style='color:%1'><b>%2</b></span> %3")
                     .arg(QColor(0x00, 0x5A, 0x8C).name(), tr("ℹ Note:"), m_notice.toHtmlEscaped());
    for (const PlanIssue &i : issues) {
        worst = std::max(worst, i.severity);
        QString mark;
        QColor color;
        switch (i.severity) {
        case Severity::Error:
            mark = tr("✘ Error:");
            color = palette::error();
            break;
        case Severity::Warning:
            mark = tr("⚠ Warning:");
            color = palette::warning().darker(150);
            break;
        case Severity::Info:
            mark = tr("ℹ Note:");
            color = QColor(0x00, 0x5A, 0x8C);
            break;
        }
        lines << QStringLiteral("<span style='color:%1'><b>%2</b></span> %3")
                     .arg(color.name(), mark, textformat::issue(i).toHtmlEscaped());
    }
    const Plan &current = m_document->plan();
    if (m_nearest && m_nearest->tp == current.tp && m_nearest->pp == current.pp && m_nearest->dp == current.dp
        && m_nearest->maxNumSeqs != current.maxNumSeqs) {
        const QString seqs = QString::number(m_nearest->maxNumSeqs);
        lines << QStringLiteral("<b>%1</b>")
                     .arg(tr("Nearest plan that fits: the same GPUs with --max-num-seqs %1").arg(seqs).toHtmlEscaped());
        m_useNearest->setText(tr("Use --max-num-seqs %1").arg(seqs));
    } else if (m_nearest) {
        const Plan &n = *m_nearest;
        QString shape = tr("tp %1").arg(n.tp);
        if (n.pp > 1)
            shape += tr(" × pp %1").arg(n.pp);
        if (n.dp > 1)
            shape += tr(" × dp %1").arg(n.dp);
        lines << QStringLiteral("<b>%1</b>")
                     .arg(tr("Nearest plan that fits: needs ≥ %1 × %2 (%3)")
                              .arg(n.tp * n.pp * n.dp)
                              .arg(textformat::qs(m_document->gpu().name), shape)
                              .toHtmlEscaped());
        m_useNearest->setText(tr("Use %1").arg(shape));
    }
    if (m_nearest)
        m_useNearest->setToolTip(tr("Apply the nearest plan that fits (one undo step)"));
    m_label->setText(lines.join(QStringLiteral("<br>")));
    QPalette pal = palette();
    const QColor tint = worst == Severity::Error ? palette::error()
        : worst == Severity::Warning             ? palette::warning()
                                                 : palette::info();
    pal.setColor(QPalette::Window, tint.lighter(worst == Severity::Info ? 160 : 180));
    setPalette(pal);
    setVisible(true);
}
