#include "widgets/teaching/teachingcontroller.h"

#include "core/evaluate/placement.h"
#include "io/reportwriter.h"
#include "widgets/common/textformat.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/presentationmode.h"
#include "widgets/export/reportpdf.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/teaching/clustermap.h"
#include "widgets/teaching/comparepanel.h"
#include "widgets/teaching/showworkpanel.h"
#include "widgets/teaching/teachingtext.h"
#include "widgets/teaching/timelinepanel.h"
#include "widgets/teaching/timelineview.h"
#include "widgets/window/mainwindow.h"

#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QStatusBar>
#include <QTabWidget>

using namespace shardscope;

namespace {

// Owns the teaching panels of one window and keeps them in step with its document.
class Controller : public QObject
{
public:
    explicit Controller(MainWindow *window)
        : QObject(window)
        , m_window(window)
        , m_timeline(new TimelinePanel)
        , m_work(new ShowWorkPanel)
        , m_compare(new ComparePanel)
        , m_clicks(new ShowWorkClicks(this))
    {
        installReportRenderer();
        addTabs();
        addMenus();
        const PlanDocument *doc = window->document();
        connect(doc, &PlanDocument::planChanged, this, &Controller::onPlanChanged);
        connect(m_timeline, &TimelinePanel::currentEventChanged, this, [this] { updateOverlays(); });
        connect(m_compare, &ComparePanel::exportRequested, this, [this] { exportReport(true); });
        connect(m_clicks, &ShowWorkClicks::picked, this, [this](const QString &html) {
            m_work->showHtml(html);
            m_window->bottomTabs()->setCurrentWidget(m_work);
        });
        connect(window, &MainWindow::uiRebuilt, this, [this] {
            addMenus();
            retitleTabs();
            updateOverlays();
        });
        connect(teaching::presentation(), &PresentationMode::toggled, this, [this](bool on) {
            m_timeline->setPresentation(on);
            if (m_presentationAction)
                m_presentationAction->setChecked(on);
            updateOverlays();
        });
        m_timeline->setPresentation(teaching::presentation()->isOn());
        if (doc->hasPlan())
            onPlanChanged();
    }

private:
    void addTabs()
    {
        QTabWidget *tabs = m_window->bottomTabs();
        m_timeline->setObjectName(QStringLiteral("TimelinePanel"));
        tabs->addTab(m_timeline, QString());
        tabs->addTab(m_work, QString());
        tabs->addTab(m_compare, QString());
        retitleTabs();
    }

    void retitleTabs()
    {
        QTabWidget *tabs = m_window->bottomTabs();
        // windowTitle() carries the title across a rebuild of the tab widget.
        const std::pair<QWidget *, QString> titles[] = { { m_timeline, Teaching::tr("Timeline") },
            { m_work, Teaching::tr("Show your work") }, { m_compare, Teaching::tr("Compare") } };
        for (const auto &[w, title] : titles) {
            w->setWindowTitle(title);
            tabs->setTabText(tabs->indexOf(w), title);
        }
    }

    // The window's File menu is its first, View its third (windowmenus.cpp builds them in order).
    void addMenus()
    {
        const QList<QAction *> bar = m_window->menuBar()->actions();
        QMenu *file = bar.value(0) ? bar.value(0)->menu() : nullptr;
        QMenu *view = bar.value(2) ? bar.value(2)->menu() : nullptr;
        if (file) {
            QAction *before = nullptr;
            const QList<QAction *> items = file->actions();
            for (int i = 0; i < items.size(); ++i)
                if (items[i]->shortcut() == QKeySequence(QKeySequence::Quit))
                    before = i > 0 && items[i - 1]->isSeparator() ? items[i - 1] : items[i];
            auto *exportReportAction = new QAction(Teaching::tr("Export &report (PDF or Markdown)…"), file);
            exportReportAction->setObjectName(QStringLiteral("exportReport"));
            exportReportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
            connect(exportReportAction, &QAction::triggered, this, [this] { exportReport(false); });
            file->insertAction(before, exportReportAction);
        }
        if (view) {
            view->addSeparator();
            const std::pair<QWidget *, QString> tabs[] = { { m_timeline, Teaching::tr("Timeline") },
                { m_work, Teaching::tr("Show your work") }, { m_compare, Teaching::tr("Compare") } };
            const Qt::Key keys[] = { Qt::Key_8, Qt::Key_9, Qt::Key_0 };
            for (int i = 0; i < 3; ++i) {
                QWidget *w = tabs[i].first;
                QAction *a
                    = view->addAction(tabs[i].second, this, [this, w] { m_window->bottomTabs()->setCurrentWidget(w); });
                a->setShortcut(QKeySequence(Qt::ALT | keys[i]));
            }
            view->addSeparator();
            QAction *clicks = view->addAction(Teaching::tr("Show your work on &click"));
            clicks->setObjectName(QStringLiteral("showWorkOnClick"));
            clicks->setCheckable(true);
            clicks->setChecked(m_clicks->isEnabled());
            clicks->setShortcut(QKeySequence(Qt::Key_F2));
            clicks->setToolTip(Teaching::tr("Click any number to see its formula with this plan's values"));
            connect(clicks, &QAction::toggled, this, &Controller::setClicks);
            m_presentationAction = view->addAction(Teaching::tr("&Presentation mode"));
            m_presentationAction->setObjectName(QStringLiteral("presentationMode"));
            m_presentationAction->setCheckable(true);
            m_presentationAction->setChecked(teaching::presentation()->isOn());
            m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
            connect(m_presentationAction, &QAction::toggled, teaching::presentation(), &PresentationMode::setOn);
        }
        // Each language names itself, so the menu stays usable whichever is current.
        QMenu *lang = m_window->menuBar()->addMenu(Teaching::tr("&Language") + QStringLiteral(" / 语言"));
        lang->setObjectName(QStringLiteral("languageMenu"));
        auto *group = new QActionGroup(lang);
        for (const QString &code : Language::available()) {
            QAction *a = lang->addAction(Language::displayName(code));
            a->setCheckable(true);
            a->setChecked(code == teaching::language()->current());
            a->setData(code);
            group->addAction(a);
            connect(a, &QAction::triggered, this, [code] { teaching::language()->setLanguage(code); });
        }
    }

    void setClicks(bool on)
    {
        m_clicks->setEnabled(on);
        if (on)
            qApp->installEventFilter(m_clicks);
        else
            qApp->removeEventFilter(m_clicks);
        m_window->statusBar()->showMessage(
            on ? Teaching::tr("Show your work: click a number to see how it is computed.") : QString(), 8000);
    }

    void onPlanChanged()
    {
        const PlanDocument *doc = m_window->document();
        m_timeline->setPlan(doc->evaluation(), doc->model(), doc->gpu());
        m_work->setPlan(doc->evaluation(), doc->model(), doc->gpu());
        m_compare->setPlan(doc->evaluation(), doc->model(), doc->gpu());
        updateOverlays();
    }

    // The current event over the grids: its GPUs' columns (and its layers' rows) in the Layers grid,
    // its GPUs' slots in the Cluster grid, outlined in the colour of the link it uses.
    void updateOverlays()
    {
        GridPanel *grids = m_window->gridPanel();
        const int index = m_timeline->view()->currentIndex();
        const Timeline &tl = m_timeline->view()->timeline();
        if (index < 0 || index >= static_cast<int>(tl.events.size()) || !m_window->document()->hasPlan()) {
            grids->grid(GridKind::Layers)->setOverlay({});
            grids->grid(GridKind::Cluster)->setOverlay({});
            return;
        }
        const TimelineEvent ev = tl.events[static_cast<size_t>(index)];
        const Evaluation &e = m_window->document()->evaluation();
        const std::vector<int> gpus = eventGpus(e, ev);
        const int layers = m_window->document()->model().layers;
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
        grids->grid(GridKind::Layers)
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
        grids->grid(GridKind::Cluster)->setOverlay([gpus, perNode, outline](QPainter &p, const GridGeometry &g) {
            for (int gpu : gpus) {
                const NodeSlot cell = nodeSlotOfRank(gpu, perNode);
                outline(p, g.cellRect(cell.node, cell.slot));
            }
        });
    }

    void exportReport(bool comparison)
    {
        const PlanDocument *doc = m_window->document();
        if (!doc->hasPlan() || (comparison && !m_compare->isPinned()))
            return;
        const QString suggested = QString::fromStdString(doc->model().id)
            + (comparison ? QStringLiteral("-comparison.pdf") : QStringLiteral(".pdf"));
        QString selected;
        QString path = QFileDialog::getSaveFileName(m_window,
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
        if (comparison) {
            const ComparePanel::Side &a = *m_compare->pinned();
            const ComparePanel::Side &b = m_compare->current();
            const ReportSide sa { &a.evaluation, &a.model, &a.gpu }, sb { &b.evaluation, &b.model, &b.gpu };
            error = writeReport(path, sa, &sb, &written, translate);
        } else {
            error = writeReport(
                path, ReportSide { &doc->evaluation(), &doc->model(), &doc->gpu() }, nullptr, &written, translate);
        }
        if (!error.isEmpty()) {
            QMessageBox::warning(
                m_window, Teaching::tr("Export report"), Teaching::tr("Cannot write %1: %2").arg(path, error));
            return;
        }
        m_window->statusBar()->showMessage(Teaching::tr("Wrote %1").arg(written.join(QStringLiteral(", "))), 10000);
    }

    MainWindow *m_window;
    TimelinePanel *m_timeline;
    ShowWorkPanel *m_work;
    ComparePanel *m_compare;
    ShowWorkClicks *m_clicks;
    QAction *m_presentationAction = nullptr;
};

} // namespace

namespace teaching {

void install(MainWindow *window)
{
    new Controller(window);
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
