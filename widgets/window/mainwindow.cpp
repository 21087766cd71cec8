#include "widgets/window/mainwindow.h"

#include "widgets/comm/commpanel.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/tabtitles.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/enginepanel.h"
#include "widgets/controls/linkspanel.h"
#include "widgets/controls/parallelismpanel.h"
#include "widgets/controls/poolpanel.h"
#include "widgets/controls/settingspanel.h"
#include "widgets/controls/setuppanel.h"
#include "widgets/controls/workloadpanel.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"
#include "widgets/document/session.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/memory/gputablemodel.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/vllm/commandpreview.h"
#include "widgets/vllm/vllmlogpanel.h"
#include "widgets/window/docktitlebar.h"
#include "widgets/window/issuesbanner.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// The plan column: as wide as its controls want, but it may be narrowed (on a small screen, or when
// presentation mode makes the controls larger than a third of the window): it then scrolls
// sideways instead of cutting its controls.
class PlanColumn : public QScrollArea
{
public:
    PlanColumn()
    {
        setWidgetResizable(true);
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    }
    QSize sizeHint() const override
    {
        const QSize content = widget() ? widget()->sizeHint() : QSize(200, 400);
        return { content.width() + verticalScrollBar()->sizeHint().width() + 4, content.height() };
    }
    QSize minimumSizeHint() const override { return { std::min(sizeHint().width(), 240), 120 }; }
};

} // namespace

MainWindow::MainWindow(ModelCatalog catalog, WindowOptions options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(std::move(options))
    , m_document(new PlanDocument(std::move(catalog), this))
    , m_editor(new PlanEditor(m_document, this))
    , m_files(new FileController(m_editor, this, m_options.useSettings))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    m_dock = new QDockWidget(tr("Plan"), this);
    m_dock->setObjectName(QStringLiteral("PlanDock"));
    // Closable (View → Plan panel brings it back): a small screen or a projector may need the room.
    m_dock->setFeatures(
        QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    m_dock->setTitleBarWidget(new DockTitleBar(m_dock)); // follows presentation mode (docktitlebar.h)
    m_dock->setWidget(createControls());
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    setCentralWidget(createViews());
    createMenus();

    connect(m_files, &FileController::errorOccurred, this, &MainWindow::showError);
    connect(m_files, &FileController::currentFileChanged, this, &MainWindow::updateTitle);
    connect(m_files, &FileController::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    connect(m_editor->undoStack(), &QUndoStack::cleanChanged, this, [this](bool clean) {
        if (clean && m_document->hasPlan())
            m_cleanPlanJson = QByteArray::fromStdString(planfile::toJsonText(*m_document));
        updateTitle();
    });
    connect(m_document, &PlanDocument::planChanged, this, &MainWindow::updateTitle);
    // Autosave: the session is also written at quit, but a crash or kill -9 never gets there.
    // Debounced, so a slider drag writes once.
    if (m_options.useSettings) {
        m_autosave = new QTimer(this);
        m_autosave->setSingleShot(true);
        m_autosave->setInterval(kAutosaveDelayMs);
        connect(m_autosave, &QTimer::timeout, this, &MainWindow::saveSession);
        connect(m_document, &PlanDocument::planChanged, m_autosave, qOverload<>(&QTimer::start));
        connect(m_document, &PlanDocument::workloadChanged, m_autosave, qOverload<>(&QTimer::start));
        connect(m_files, &FileController::currentFileChanged, m_autosave, qOverload<>(&QTimer::start));
        connect(m_editor->undoStack(), &QUndoStack::cleanChanged, m_autosave, qOverload<>(&QTimer::start));
    }
    connect(m_setup, &SetupPanel::openConfigRequested, m_files, &FileController::openConfig);
    connect(m_command, &CommandPreview::exportRequested, this, &MainWindow::openExportDialog);
    connect(m_issues, &IssuesBanner::nearestPlanRequested, this,
        [this](const shardscope::Plan &plan) { m_editor->applyEdit(plan, tr("Use the nearest plan that fits")); });

    // The last session, read once: an unreadable file is set aside with a message (session.h).
    session::LoadedSession last;
    if (m_options.useSettings)
        last = session::loadLastPlan();
    if (!last.error.isEmpty())
        reportSessionProblem(last.error);
    // Unsaved work the last window never got to save or discard is offered first.
    const std::optional<shardscope::Plan> recovered = offerRecovery(last.plan);
    // The first plan: given, else the last session, else the default. The session of unsaved work
    // starts from its file (the restored changes, if any, are then one undo step on top of it).
    bool restored = false;
    QString file;
    shardscope::Workload workload; // the saved file's or the session's; the default otherwise
    if (m_options.initialPlan) {
        restored = m_editor->apply(*m_options.initialPlan, QString());
    } else if (last.plan && last.plan->unsaved) {
        shardscope::Plan saved;
        file = last.plan->filePath;
        if (!file.isEmpty() && !planfile::load(*m_document, file, saved, &workload))
            restored = m_editor->apply(saved, QString());
        else
            file.clear();
    } else if (last.plan && !last.plan->planFileJson.isEmpty()) {
        try {
            restored = m_editor->apply(
                planfile::fromJsonText(*m_document, last.plan->planFileJson.toStdString(), &workload), QString());
            file = last.plan->filePath;
        } catch (const std::exception &) {
            restored = false; // a stale session (a copy of a saved file) is not worth a message
        }
    }
    if (!restored)
        m_editor->apply(FileController::defaultPlan(), QString());
    m_editor->applyWorkload(m_options.initialWorkload ? *m_options.initialWorkload
            : restored                                ? workload
                                                      : shardscope::Workload {},
        QString());
    if (recovered)
        file = last.plan->filePath;
    m_files->setCurrentFile(file);
    m_editor->undoStack()->clear();
    m_cleanPlanJson = QByteArray::fromStdString(planfile::toJsonText(*m_document));
    if (recovered) {
        m_editor->apply(*recovered, tr("Restore unsaved plan"));
        shardscope::Workload unsavedWorkload;
        try {
            (void)planfile::fromJsonText(*m_document, last.plan->planFileJson.toStdString(), &unsavedWorkload);
            m_editor->applyWorkload(unsavedWorkload, tr("Restore unsaved plan"));
        } catch (const std::exception &) {
            // offerRecovery read the same text; nothing new to say
        }
    }
    // Teaching (timeline, show your work, compare, report, presentation, language), then the plan
    // search: their tabs follow ours in this order.
    for (const WindowFeature &feature : m_options.features)
        feature.install(*this);
#ifndef NDEBUG // the ids each feature declares (for --tab before a window exists) are the ones it registered
    const QStringList declared = tabNames(m_options.features);
    Q_ASSERT(std::equal(m_tabs.begin(), m_tabs.end(), declared.begin(), declared.end(),
        [](const Tab &t, const QString &id) { return t.id == id; }));
#endif
    resize(1600, 1000);
    if (m_options.useSettings) {
        restoreGeometry(session::windowGeometry());
        restoreState(session::windowState());
    }
    m_columnFontSize
        = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : QApplication::font().pixelSize();
    fitPlanColumn();
    updateTitle();
    if (!m_sessionMessage.isEmpty()) { // the last session was unreadable: said once, not in the way
        auto *box = new QMessageBox(QMessageBox::Warning, tr("ShardScope"), m_sessionMessage, QMessageBox::Ok, this);
        box->setTextFormat(Qt::PlainText); // it quotes a path
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setWindowModality(Qt::NonModal);
        box->show();
    }
    if (m_autosave)
        m_autosave->start(); // the first plan (given on the command line, or the restored one)
}

MainWindow::~MainWindow()
{
    // The views and controls hold the document: they go first, and nothing may call back into this
    // half-destroyed window while the undo stack and the document are torn down.
    disconnect(m_editor->undoStack(), nullptr, this, nullptr);
    disconnect(m_document, nullptr, this, nullptr);
    if (m_autosave) { // no autosave of a half-destroyed window
        disconnect(m_document, nullptr, m_autosave, nullptr);
        m_autosave->stop();
    }
    delete centralWidget();
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
        delete dock;
}

QWidget *MainWindow::createControls()
{
    m_setup = new SetupPanel(m_editor);
    m_parallelism = new ParallelismPanel(m_editor);
    m_pools = new PoolPanel(m_editor);
    m_settings = new SettingsPanel(m_editor);
    m_workload = new WorkloadPanel(m_editor);
    m_engine = new EnginePanel(m_editor);
    m_links = new LinksPanel(m_editor);
    connect(m_engine, &EnginePanel::errorOccurred, this, &MainWindow::showError);
    auto *column = new QWidget;
    auto *layout = new QVBoxLayout(column);
    layout->addWidget(m_setup);
    layout->addWidget(m_parallelism);
    layout->addWidget(m_pools);
    layout->addWidget(m_settings);
    layout->addWidget(m_workload);
    layout->addWidget(m_engine);
    layout->addWidget(m_links);
    layout->addStretch(1);
    m_column = new PlanColumn;
    m_column->setWidget(column);
    return m_column;
}

// Over the views of a disaggregated plan: which pool they show, so no figure is read as the whole plan's.
QWidget *MainWindow::createPoolBanner()
{
    auto *banner = new QLabel;
    banner->setObjectName(QStringLiteral("poolBanner"));
    banner->setWordWrap(true);
    banner->setStyleSheet(QStringLiteral("QLabel { background: #e8f1fa; color: #12324f; padding: 4px; }"));
    const auto update = [this, banner] {
        const bool disagg = m_document->isDisaggregated();
        banner->setVisible(disagg);
        if (!disagg)
            return;
        const shardscope::Plan &view = m_document->plan();
        const bool prefill = m_document->viewedPool() == shardscope::Pool::Prefill;
        const shardscope::PoolPlan &pool = prefill ? m_document->wholePlan().prefill : m_document->wholePlan().decode;
        banner->setText((prefill ? tr("Prefill/decode plan: the views show one server of the prefill pool (%1 of "
                                      "them), TP %2 · PP %3 · DP %4 · EP %5. Switch pools under Prefill and decode.")
                                 : tr("Prefill/decode plan: the views show one server of the decode pool (%1 of "
                                      "them), TP %2 · PP %3 · DP %4 · EP %5. Switch pools under Prefill and decode."))
                            .arg(std::max(1, pool.instances))
                            .arg(view.tp)
                            .arg(view.pp)
                            .arg(view.dp)
                            .arg(view.ep));
    };
    connect(m_document, &PlanDocument::planChanged, banner, update);
    retranslateWith(banner, update);
    return banner;
}

QWidget *MainWindow::createViews()
{
    m_issues = new IssuesBanner(m_document);
    m_grids = new GridPanel(m_document);
    m_memory = new MemoryPanel(m_document);
    m_comm = new CommPanel(m_document);
    m_table = new QTableView;
    auto *gpus = new GpuTableModel(m_document, m_table);
    m_table->setModel(gpus);
    retranslateWith(m_table, [gpus] { gpus->reset(); });
    m_table->verticalHeader()->setVisible(false);
    // Columns fit their contents while the table is shown (sampling 16 rows: a plan's rows look alike);
    // a hidden table costs nothing when the plan changes.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setResizeContentsPrecision(16);
    connect(m_table->model(), &QAbstractItemModel::modelReset, m_table, [this] {
        if (m_table->isVisible())
            m_table->resizeColumnsToContents();
    });

    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_bottomTabs = new QTabWidget;
    m_bottomTabs->setDocumentMode(true);
    // Every tab stays in sight (no scroll arrows hiding Compare and Explore on a small screen) and
    // every title whole: a narrow bar shows short titles, each tab's tooltip its full one.
    m_bottomTitles = new TabTitles(m_bottomTabs);
    const std::pair<const char *, GridKind> grids[] = { { "layers", GridKind::Layers }, { "heads", GridKind::Heads },
        { "experts", GridKind::Experts }, { "cluster", GridKind::Cluster } };
    for (const auto &[id, kind] : grids)
        m_tabs.push_back({ QLatin1String(id), kind, nullptr, nullptr, {} });
    addBottomTab(
        QStringLiteral("memory"), [] { return tr("Memory && KV"); }, m_memory);
    addBottomTab(
        QStringLiteral("comm"), [] { return tr("Communication"); }, m_comm);
    addBottomTab(
        QStringLiteral("gpus"), [] { return tr("GPUs"); }, m_table);
    m_vllmLog = new VllmLogPanel(m_editor);
    connect(m_vllmLog, &VllmLogPanel::errorOccurred, this, &MainWindow::showError);
    addBottomTab(
        QStringLiteral("vllm"), [] { return tr("vLLM log"); }, m_vllmLog);
    connect(m_bottomTabs, &QTabWidget::currentChanged, m_table, [this] {
        if (currentBottomView() == m_table)
            m_table->resizeColumnsToContents();
    });
    m_command = new CommandPreview(m_document);

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_grids);
    splitter->addWidget(m_bottomTabs);
    // The grid a little more than half: at 700 px its rows got 1-2 px (the tabs below scroll).
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({ 3000, 2000 }); // scaled to the window when first laid out
    splitter->setChildrenCollapsible(false);
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_issues);
    layout->addWidget(createPoolBanner());
    layout->addWidget(splitter, 1);
    layout->addWidget(m_command);
    return central;
}

QStringList MainWindow::tabNames(const std::vector<WindowFeature> &features)
{
    QStringList names
        = { QStringLiteral("layers"), QStringLiteral("heads"), QStringLiteral("experts"), QStringLiteral("cluster"),
              QStringLiteral("memory"), QStringLiteral("comm"), QStringLiteral("gpus"), QStringLiteral("vllm") };
    for (const WindowFeature &f : features)
        names += f.tabs;
    return names;
}

bool MainWindow::showTab(const QString &name)
{
    const QString id = name.toLower();
    const auto tab = std::find_if(m_tabs.begin(), m_tabs.end(), [&id](const Tab &t) { return t.id == id; });
    if (tab == m_tabs.end())
        return false;
    if (tab->grid)
        m_grids->setCurrent(*tab->grid);
    else
        m_bottomTabs->setCurrentWidget(tab->page);
    return true;
}

PlacementGrid *MainWindow::grid(GridKind kind) const
{
    return m_grids->grid(kind);
}

// A bottom tab's title on a bar too narrow for the full ones (TabTitles); empty: the full title.
QString MainWindow::shortTabTitle(const QString &id)
{
    static const std::pair<const char *, const char *> titles[] = {
        { "memory", QT_TRANSLATE_NOOP("TabTitle", "Memory") },
        { "comm", QT_TRANSLATE_NOOP("TabTitle", "Comm.") },
        { "vllm", QT_TRANSLATE_NOOP("TabTitle", "vLLM") },
        { "work", QT_TRANSLATE_NOOP("TabTitle", "Work") },
        { "curve", QT_TRANSLATE_NOOP("TabTitle", "Latency") },
        { "timeline", QT_TRANSLATE_NOOP("TabTitle", "Time") },
    };
    for (const auto &[key, text] : titles)
        if (id == QLatin1String(key))
            return QCoreApplication::translate("TabTitle", text);
    return QString();
}

// Each view in a scroll page: a view whose controls need more room than a small screen (Explore's
// rows in Chinese presentation mode at 1024 x 700) scrolls inside its tab instead of making the window
// larger than the screen (QStackedWidget's minimum is its largest page's).
void MainWindow::addBottomTab(const QString &id, Text title, QWidget *widget)
{
    widget->setWindowTitle(title());
    auto *page = new QScrollArea;
    page->setObjectName(id + QStringLiteral("Page"));
    page->setFrameShape(QFrame::NoFrame);
    page->setWidgetResizable(true);
    page->setWidget(widget);
    m_bottomTabs->addTab(page, widget->windowTitle());
    m_bottomTitles->set(m_bottomTabs->indexOf(page), widget->windowTitle(), shortTabTitle(id));
    m_tabs.push_back({ id, std::nullopt, widget, page, std::move(title) });
}

QWidget *MainWindow::bottomPage(const QWidget *view) const
{
    for (const Tab &t : m_tabs)
        if (t.widget == view && t.page)
            return t.page;
    return nullptr;
}

QWidget *MainWindow::currentBottomView() const
{
    for (const Tab &t : m_tabs)
        if (t.page && t.page == m_bottomTabs->currentWidget())
            return t.widget;
    return nullptr;
}

void MainWindow::addMenuAction(MenuId menu, QAction *action)
{
    switch (menu) {
    case MenuId::FileExports:
        m_fileMenu->insertAction(m_beforeQuit, action);
        break;
    case MenuId::ViewTabs:
        m_viewMenu->insertAction(m_viewToggles, action);
        break;
    case MenuId::ViewToggles:
        m_viewMenu->addAction(action);
        break;
    }
}

QMenu *MainWindow::addMenu()
{
    return menuBar()->addMenu(QString());
}

void MainWindow::showStatus(const QString &message, int timeoutMs)
{
    statusBar()->showMessage(message, timeoutMs);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_bottomTabs)
        retranslate();
    QMainWindow::changeEvent(event);
}

bool MainWindow::event(QEvent *event)
{
    const bool handled = QMainWindow::event(event);
    // Larger fonts (presentation mode): the controls want another width. Another language (which may
    // change the font's family, not its size) keeps the column as the user left it.
    if (event->type() == QEvent::ApplicationFontChange) {
        const QFont font = QApplication::font();
        const double size = font.pointSizeF() > 0 ? font.pointSizeF() : font.pixelSize();
        if (size != m_columnFontSize) {
            m_columnFontSize = size;
            QTimer::singleShot(0, this, &MainWindow::fitPlanColumn);
        }
    }
    return handled;
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    // A tooltip belongs to a point of the old layout: it would stay there, over something else.
    QToolTip::hideText();
    QMainWindow::resizeEvent(event);
    fitPlanColumn();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    fitPlanColumn();
}

// The plan column as wide as its controls, but never more than kPlanColumnShare of the window: the
// views keep the rest (on a 1024-px screen, or with presentation mode's fonts, the column scrolls).
void MainWindow::fitPlanColumn()
{
    if (!m_dock || !m_column || m_dock->isFloating() || m_dock->isHidden())
        return;
    const int cap = static_cast<int>(width() * kPlanColumnShare);
    // Wide: labels beside their fields. When that does not fit the share, the column reflows: labels
    // above their fields and combo boxes that may shrink (their full text is in the list and the
    // tooltip), so nothing needs a horizontal scroll bar at 1024 px.
    const auto reflow = [this](bool narrow) {
        for (QFormLayout *form : m_column->widget()->findChildren<QFormLayout *>())
            form->setRowWrapPolicy(narrow ? QFormLayout::WrapAllRows : QFormLayout::DontWrapRows);
        for (QComboBox *combo : m_column->widget()->findChildren<QComboBox *>()) {
            if (!combo->property("shardscopeWidePolicy").isValid())
                combo->setProperty("shardscopeWidePolicy", int(combo->sizeAdjustPolicy()));
            combo->setSizeAdjustPolicy(narrow
                    ? QComboBox::AdjustToMinimumContentsLengthWithIcon
                    : static_cast<QComboBox::SizeAdjustPolicy>(combo->property("shardscopeWidePolicy").toInt()));
            if (narrow && combo->minimumContentsLength() == 0)
                combo->setMinimumContentsLength(12);
        }
        m_column->widget()->adjustSize();
    };
    reflow(false);
    int want = m_column->sizeHint().width() + 8;
    m_narrowColumn = want > cap;
    if (m_narrowColumn) {
        reflow(true);
        want = m_column->sizeHint().width() + 8;
    }
    const int target = std::max(m_column->minimumSizeHint().width(), std::min(want, cap));
    m_column->setMaximumWidth(std::max(target, cap));
    if (m_dock->width() != target)
        resizeDocks({ m_dock }, { target }, Qt::Horizontal);
}

bool MainWindow::planColumnFits() const
{
    return m_column && m_column->widget()
        && m_column->widget()->minimumSizeHint().width() <= m_column->viewport()->width() + 1;
}

// Each widget re-sets its own texts on the same event (widgets/common/retranslate.h); the window
// names its dock and its tabs. The menus re-label themselves (createMenus).
void MainWindow::retranslate()
{
    m_dock->setWindowTitle(tr("Plan"));
    for (const Tab &t : m_tabs)
        if (t.widget) {
            t.widget->setWindowTitle(t.title());
            m_bottomTitles->set(m_bottomTabs->indexOf(t.page), t.widget->windowTitle(), shortTabTitle(t.id));
        }
    updateTitle();
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(message, 10000);
    auto *box = new QMessageBox(QMessageBox::Warning, tr("ShardScope"), message, QMessageBox::Ok, this);
    // Messages quote names and paths from files (unknown model "<img src=/dev/zero>"): a message box
    // shows text that looks like HTML as HTML, and would load the "image". Plain text, always.
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(tr("The current plan is unchanged."));
    box->open();
}

std::optional<shardscope::Plan> MainWindow::offerRecovery(const std::optional<session::LastPlan> &last)
{
    if (!last || !last->unsaved || last->planFileJson.isEmpty())
        return std::nullopt;
    std::optional<shardscope::Plan> plan;
    try {
        plan = planfile::fromJsonText(*m_document, last->planFileJson.toStdString());
    } catch (const std::exception &e) {
        // Unsaved work that no longer loads (a preset gone, a file damaged): kept aside, and said.
        const QString aside = session::setAsideSessionFile();
        reportSessionProblem(aside.isEmpty()
                ? tr("The unsaved plan of the last session could not be restored: %1").arg(QString::fromUtf8(e.what()))
                : tr("The unsaved plan of the last session could not be restored: %1. It was kept as %2.")
                      .arg(QString::fromUtf8(e.what()), QDir::toNativeSeparators(aside)));
        return std::nullopt;
    }
    const QString file = last->filePath;
    const QString from = file.isEmpty() ? tr("an untitled plan") : QFileInfo(file).fileName();
    const QDateTime when = last->time;
    QMessageBox box(QMessageBox::Question, tr("ShardScope"), tr("Restore unsaved plan from %1?").arg(from),
        QMessageBox::Yes | QMessageBox::No, this);
    box.setTextFormat(Qt::PlainText); // a file name from the session file
    box.setInformativeText(tr("ShardScope did not quit normally; these changes were saved automatically at %1.")
                               .arg(QLocale().toString(when, QLocale::ShortFormat)));
    box.setDefaultButton(QMessageBox::Yes);
    if (box.exec() != QMessageBox::Yes)
        return std::nullopt;
    return plan;
}

void MainWindow::updateTitle()
{
    const QString file = m_files->currentFile();
    const QString what = file.isEmpty()
        ? (m_document->hasPlan() ? textformat::qs(m_document->model().name) : tr("untitled"))
        : QFileInfo(file).fileName();
    setWindowFilePath(file);
    setWindowTitle(tr("%1[*] — ShardScope").arg(what));
    setWindowModified(!m_editor->undoStack()->isClean());
}

void MainWindow::saveSession() const
{
    if (!m_options.useSettings || !m_document->hasPlan())
        return;
    const bool clean = m_editor->undoStack()->isClean();
    session::LastPlan plan;
    plan.filePath = m_files->currentFile();
    plan.time = QDateTime::currentDateTime();
    if (!clean && m_discarded) { // the plan as it was saved: the discarded changes do not come back
        plan.planFileJson = m_cleanPlanJson;
    } else {
        plan.planFileJson = QByteArray::fromStdString(planfile::toJsonText(*m_document));
        plan.unsaved = !clean;
    }
    // A failed autosave (a full disk) leaves the previous session file; it is said once, not at
    // every change.
    const QString error = session::saveLastPlan(plan);
    if (!error.isEmpty() && error != m_sessionMessage)
        reportSessionProblem(error);
    else if (error.isEmpty())
        m_sessionMessage.clear();
    session::saveWindowState(saveGeometry(), saveState());
}

void MainWindow::reportSessionProblem(const QString &message) const
{
    m_sessionMessage = message;
    qWarning("shardscope: warning: %s", qPrintable(message));
    statusBar()->showMessage(message, 30000);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    const FileController::Unsaved answer = m_files->askToSave();
    if (answer == FileController::Unsaved::Cancelled) {
        event->ignore();
        return;
    }
    m_discarded = answer == FileController::Unsaved::Discarded;
    saveSession();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile()
            && (url.toLocalFile().endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)
                || QFileInfo(url.toLocalFile()).isDir())) { // a model folder: its config.json
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile() && (!FileController::isPlanFile(url.toLocalFile()) || m_files->maybeSave()))
            m_files->openAny(url.toLocalFile());
    event->acceptProposedAction();
}
