#include "widgets/window/issuesbanner.h"

#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

using namespace shardscope;

IssuesBanner::IssuesBanner(const PlanDocument *document, QWidget *parent)
    : QFrame(parent)
    , m_document(document)
    , m_label(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label);
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

void IssuesBanner::refresh()
{
    const std::vector<PlanIssue> &issues = m_document->evaluation().issues;
    const bool noFont = Language::chineseWithoutFont();
    if (issues.empty() && !noFont) {
        m_label->clear();
        setVisible(false);
        return;
    }
    Severity worst = noFont ? Severity::Warning : Severity::Info;
    QStringList lines;
    if (noFont)
        lines << QStringLiteral("<span style='color:%1'><b>⚠ Warning:</b></span> %2")
                     .arg(palette::warning().darker(150).name(), Language::missingChineseFontWarning().toHtmlEscaped());
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
    m_label->setText(lines.join(QStringLiteral("<br>")));
    QPalette pal = palette();
    const QColor tint = worst == Severity::Error ? palette::error()
        : worst == Severity::Warning             ? palette::warning()
                                                 : palette::info();
    pal.setColor(QPalette::Window, tint.lighter(worst == Severity::Info ? 160 : 180));
    setPalette(pal);
    setVisible(true);
}
