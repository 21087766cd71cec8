#include "widgets/teaching/teachingcontroller.h"

#include "core/evaluate/placement.h"
#include "io/reportwriter.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/presentationmode.h"
#include "widgets/export/reportpdf.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/teaching/clustermap.h"
#include "widgets/teaching/comparepanel.h"
#include "widgets/teaching/showworkpanel.h"
#include "widgets/teaching/teachingstate.h"
#include "widgets/teaching/teachingtext.h"
#include "widgets/teaching/timelinepanel.h"
#include "widgets/teaching/timelineview.h"
#include "widgets/window/featurehost.h"

#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>

using namespace shardscope;

namespace {

// Wires the teaching panels of one window into it: tabs, menus, actions, the current event over
// the grids. The panels follow the document and the shared TeachingState themselves.
class Controller : public QObject
{
public:
    explicit Controller(FeatureHost &host)
        : QObject(host.dialogParent())
        , m_host(host)
        , m_state(new TeachingState(this))
        , m_timeline(new TimelinePanel(host.document(), m_state))
        , m_work(new ShowWorkPanel(host.document()))
        , m_compare(new ComparePanel(host.document(), m_state))
        , m_clicks(new ShowWorkClicks(this))
    {
        installReportRenderer();
        addTabs();
        addMenus();
        connect(m_state, &TeachingState::currentEventChanged, this, [this] { updateOverlays(); });
        connect(m_compare, &ComparePanel::exportRequested, this, [this] { exportReport(true); });
        connect(m_clicks, &ShowWorkClicks::picked, this, [this](const QString &html) {
            m_work->showHtml(html);
            m_host.showTab(QStringLiteral("work"));
        });
        connect(teaching::presentation(), &PresentationMode::toggled, this, [this](bool on) {
            m_timeline->setPresentation(on);
            if (m_presentationAction)
                m_presentationAction->setChecked(on);
            updateOverlays();
        });
        m_timeline->setPresentation(teaching::presentation()->isOn());
    }

private:
    void addTabs()
    {
        m_timeline->setObjectName(QStringLiteral("TimelinePanel"));
        m_host.addBottomTab(
            QStringLiteral("timeline"), [] { return Teaching::tr("Timeline"); }, m_timeline);
        m_host.addBottomTab(
            QStringLiteral("work"), [] { return Teaching::tr("Show your work"); }, m_work);
        m_host.addBottomTab(
            QStringLiteral("compare"), [] { return Teaching::tr("Compare"); }, m_compare);
    }

    // File → Export report; View → the three tabs, Show your work on click, Presentation mode; a
    // Language menu. Their texts follow the language (retranslateWith on the Language menu).
    void addMenus()
    {
        auto *exportReportAction = new QAction(this);
        exportReportAction->setObjectName(QStringLiteral("exportReport"));
        exportReportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
        connect(exportReportAction, &QAction::triggered, this, [this] { exportReport(false); });
        m_host.addMenuAction(MenuId::FileExports, exportReportAction);

        const QString tabs[] = { QStringLiteral("timeline"), QStringLiteral("work"), QStringLiteral("compare") };
        const Qt::Key keys[] = { Qt::Key_8, Qt::Key_9, Qt::Key_0 };
        QAction *tabActions[3];
        for (int i = 0; i < 3; ++i) {
            QAction *a = tabActions[i] = new QAction(this);
            a->setShortcut(QKeySequence(Qt::ALT | keys[i]));
            connect(a, &QAction::triggered, this, [this, id = tabs[i]] { m_host.showTab(id); });
            m_host.addMenuAction(MenuId::ViewTabs, a);
        }
        auto *clicks = new QAction(this);
        clicks->setObjectName(QStringLiteral("showWorkOnClick"));
        clicks->setCheckable(true);
        clicks->setChecked(m_clicks->isEnabled());
        clicks->setShortcut(QKeySequence(Qt::Key_F2));
        connect(clicks, &QAction::toggled, this, &Controller::setClicks);
        m_host.addMenuAction(MenuId::ViewToggles, clicks);
        m_presentationAction = new QAction(this);
        m_presentationAction->setObjectName(QStringLiteral("presentationMode"));
        m_presentationAction->setCheckable(true);
        m_presentationAction->setChecked(teaching::presentation()->isOn());
        m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
        connect(m_presentationAction, &QAction::toggled, teaching::presentation(), &PresentationMode::setOn);
        m_host.addMenuAction(MenuId::ViewToggles, m_presentationAction);

        QMenu *lang = m_host.addMenu();
        lang->setObjectName(QStringLiteral("languageMenu"));
        auto *group = new QActionGroup(lang);
        for (const QString &code : Language::available()) {
            // Each language names itself, so the menu stays usable whichever is current.
            QAction *a = lang->addAction(Language::displayName(code));
            a->setCheckable(true);
            a->setData(code);
            group->addAction(a);
            connect(a, &QAction::triggered, this, [code] { teaching::language()->setLanguage(code); });
        }
        retranslateWith(lang, [=, this] {
            exportReportAction->setText(Teaching::tr("Export &report (PDF or Markdown)…"));
            tabActions[0]->setText(Teaching::tr("Timeline"));
            tabActions[1]->setText(Teaching::tr("Show your work"));
            tabActions[2]->setText(Teaching::tr("Compare"));
            clicks->setText(Teaching::tr("Show your work on &click"));
            clicks->setToolTip(Teaching::tr("Click any number to see its formula with this plan's values"));
            m_presentationAction->setText(Teaching::tr("&Presentation mode"));
            lang->setTitle(Teaching::tr("&Language") + QStringLiteral(" / 语言"));
            for (QAction *a : lang->actions())
                a->setChecked(a->data().toString() == teaching::language()->current());
        });
    }

    void setClicks(bool on)
    {
        m_clicks->setEnabled(on);
        if (on)
            qApp->installEventFilter(m_clicks);
        else
            qApp->removeEventFilter(m_clicks);
        m_host.showStatus(
            on ? Teaching::tr("Show your work: click a number to see how it is computed.") : QString(), 8000);
    }

    // The current event over the grids: its GPUs' columns (and its layers' rows) in the Layers grid,
    // its GPUs' slots in the Cluster grid, outlined in the colour of the link it uses.
    void updateOverlays()
    {
        if (!m_state->currentEvent() || !m_host.document()->hasPlan()) {
            m_host.grid(GridKind::Layers)->setOverlay({});
            m_host.grid(GridKind::Cluster)->setOverlay({});
            return;
        }
        const TimelineEvent ev = *m_state->currentEvent();
        const Evaluation &e = m_host.document()->evaluation();
        const std::vector<int> gpus = m_state->currentEventGpus();
        const int layers = m_host.document()->model().layers;
        const int perNode = std::max(1, e.gpusPerNode);
        const QColor color = ev.link == LinkKind::None ? QApplication::palette().color(QPalette::Highlight)
                                                       : ClusterMap::linkColor(ev.link);
        const double width = teaching::presentation()->isOn() ? 5 : 3;
        // Rows of the Layers grid: 0 is the embedding, 1..L the layers, L + 1 the LM head.
        int firstRow = 0, rowCount = layers + 2;
        if (ev.firstLayer >= 0) {
            firstRow = ev.firstLayer + 1;
            rowCount = ev.lastLayer - ev.firstLayer + 1;
        } else if (ev.kind == EventKind::EmbeddingAllReduce) {
            rowCount = 1;
        } else if (ev.kind == EventKind::LmHeadGather) {
            firstRow = layers + 1;
            rowCount = 1;
        }
        auto outline = [color, width](QPainter &p, const QRectF &r) {
            QColor fill = color;
            fill.setAlpha(60);
            p.fillRect(r, fill);
            p.setPen(QPen(color, width));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(width / 2, width / 2, -width / 2, -width / 2));
        };
        m_host.grid(GridKind::Layers)
            ->setOverlay([gpus, firstRow, rowCount, outline](QPainter &p, const GridGeometry &g) {
                // Runs of consecutive GPUs as one box.
                for (size_t i = 0; i < gpus.size();) {
                    size_t j = i;
                    while (j + 1 < gpus.size() && gpus[j + 1] == gpus[j] + 1)
                        ++j;
                    outline(p, g.cellsRect(firstRow, gpus[i], rowCount, static_cast<int>(j - i + 1)));
                    i = j + 1;
                }
            });
        m_host.grid(GridKind::Cluster)->setOverlay([gpus, perNode, outline](QPainter &p, const GridGeometry &g) {
            for (int gpu : gpus) {
                const NodeSlot cell = nodeSlotOfRank(gpu, perNode);
                outline(p, g.cellRect(cell.node, cell.slot));
            }
        });
    }

    void exportReport(bool comparison)
    {
        const PlanDocument *doc = m_host.document();
        if (!doc->hasPlan() || (comparison && !m_state->pinned()))
            return;
        const QString suggested = QString::fromStdString(doc->model().id)
            + (comparison ? QStringLiteral("-comparison.pdf") : QStringLiteral(".pdf"));
        QString selected;
        QString path = QFileDialog::getSaveFileName(m_host.dialogParent(),
            comparison ? Teaching::tr("Export comparison report") : Teaching::tr("Export report"), suggested,
            Teaching::tr("PDF document (*.pdf);;Markdown (*.md)"), &selected);
        if (path.isEmpty())
            return;
        if (reportFormatFor(path) == ReportFormat::Unknown)
            path += selected.contains(QLatin1String("*.md")) ? QStringLiteral(".md") : QStringLiteral(".pdf");
        QString error;
        QStringList written;
        // The report in the window's language (`shardscope report` writes English).
        const ReportTranslator translate = [](const Sentence &s) { return textformat::sentence(s).toStdString(); };
        // Its "Serving (estimated)" section at the window's workload (when the workload fits the plan).
        const ReportServing serving { doc->workload(), {} };
        const ReportServing *withServing = doc->serving() ? &serving : nullptr;
        // Its time and communication sections at the workload's steady-state batch too, as the tabs show
        // them (PlanDocument::workloadBatch()); the pinned side at the same workload.
        const PlanState &current = *doc->workloadBatch().state;
        if (comparison) {
            std::shared_ptr<const ServingResult> pinnedServing;
            const std::shared_ptr<const PlanState> &pinned = m_state->pinned();
            try {
                checkWorkload(doc->workload(), pinned->evaluation.plan.maxModelLen);
                if (pinned->evaluation.valid)
                    pinnedServing = std::make_shared<const ServingResult>(simulateServing(*pinned, doc->workload()));
            } catch (const std::exception &) {
                // the workload does not fit plan A's context: A keeps its own batch
            }
            const PlanDocument::WorkloadBatch a = PlanDocument::workloadBatchFor(pinned, pinnedServing.get());
            error = writeReport(path, *a.state, &current, &written, translate, withServing);
        } else {
            error = writeReport(path, current, nullptr, &written, translate, withServing);
        }
        if (!error.isEmpty()) {
            QMessageBox box(QMessageBox::Warning, Teaching::tr("Export report"),
                Teaching::tr("Cannot write %1: %2").arg(path, error), QMessageBox::Ok, m_host.dialogParent());
            box.setTextFormat(Qt::PlainText); // a path, never HTML
            box.exec();
            return;
        }
        m_host.showStatus(Teaching::tr("Wrote %1").arg(written.join(QStringLiteral(", "))), 10000);
    }

    FeatureHost &m_host;
    TeachingState *m_state;
    TimelinePanel *m_timeline;
    ShowWorkPanel *m_work;
    ComparePanel *m_compare;
    ShowWorkClicks *m_clicks;
    QAction *m_presentationAction = nullptr;
};

} // namespace

namespace teaching {

QStringList tabs()
{
    return { QStringLiteral("timeline"), QStringLiteral("work"), QStringLiteral("compare") };
}

void install(FeatureHost &host)
{
    new Controller(host);
}

Language *language()
{
    static Language *l = [] {
        auto *lang = new Language(qApp);
        return lang;
    }();
    return l;
}

PresentationMode *presentation()
{
    static PresentationMode *p = new PresentationMode(qApp);
    return p;
}

} // namespace teaching
