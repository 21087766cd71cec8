#include "widgets/window/mainwindow.h"

#include "widgets/comm/commpanel.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/enginepanel.h"
#include "widgets/controls/linkspanel.h"
#include "widgets/controls/parallelismpanel.h"
#include "widgets/controls/settingspanel.h"
#include "widgets/controls/setuppanel.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"
#include "widgets/document/session.h"
#include "widgets/explore/exploretab.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/memory/gputablemodel.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/teaching/teachingcontroller.h"
#include "widgets/vllm/commandpreview.h"
#include "widgets/vllm/vllmlogpanel.h"
#include "widgets/window/issuesbanner.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

MainWindow::MainWindow(ModelCatalog catalog, WindowOptions options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(std::move(options))
    , m_document(new PlanDocument(std::move(catalog), this))
    , m_editor(new PlanEditor(m_document, this))
    , m_files(new FileController(m_editor, this, m_options.useSettings))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    auto *dock = new QDockWidget(tr("Plan"), this);
    dock->setObjectName(QStringLiteral("PlanDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    dock->setWidget(createControls());
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    setCentralWidget(createViews());
    createMenus();

    connect(m_files, &FileController::errorOccurred, this, &MainWindow::showError);
    connect(m_files, &FileController::currentFileChanged, this, &MainWindow::updateTitle);
    connect(m_files, &FileController::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    connect(m_editor->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_document, &PlanDocument::planChanged, this, &MainWindow::updateTitle);
    // Autosave: the session is also written at quit, but a crash or kill -9 never gets there.
    // Debounced, so a slider drag writes once.
    if (m_options.useSettings) {
        m_autosave = new QTimer(this);
        m_autosave->setSingleShot(true);
        m_autosave->setInterval(kAutosaveDelayMs);
        connect(m_autosave, &QTimer::timeout, this, &MainWindow::saveSession);
        connect(m_document, &PlanDocument::planChanged, m_autosave, qOverload<>(&QTimer::start));
        connect(m_files, &FileController::currentFileChanged, m_autosave, qOverload<>(&QTimer::start));
    }
    connect(m_setup, &SetupPanel::openConfigRequested, m_files, &FileController::openConfig);
    connect(m_command, &CommandPreview::exportRequested, this, &MainWindow::openExportDialog);

    // The first plan: given, else the last session, else the default.
    bool restored = false;
    if (m_options.initialPlan) {
        restored = m_editor->apply(*m_options.initialPlan, QString());
    } else if (m_options.useSettings && !session::lastPlanJson().isEmpty()) {
        try {
            restored = m_editor->apply(
                planfile::fromJsonText(*m_document, session::lastPlanJson().toStdString()), QString());
            m_files->setCurrentFile(session::lastPlanFile());
        } catch (const std::exception &) {
            restored = false; // a stale session is not worth a message
        }
    }
    if (!restored)
        m_editor->apply(FileController::defaultPlan(), QString());
    m_editor->undoStack()->clear();
    teaching::install(this); // timeline, show your work, compare, report, presentation, language
    installExplore(this); // the plan search, after the teaching tabs (tabNames() order)
    resize(1600, 1000);
    if (m_options.useSettings) {
        restoreGeometry(session::windowGeometry());
        restoreState(session::windowState());
    }
    updateTitle();
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
    m_settings = new SettingsPanel(m_editor);
    m_engine = new EnginePanel(m_editor);
    m_links = new LinksPanel(m_editor);
    connect(m_engine, &EnginePanel::errorOccurred, this, &MainWindow::showError);
    auto *column = new QWidget;
    auto *layout = new QVBoxLayout(column);
    layout->addWidget(m_setup);
    layout->addWidget(m_parallelism);
    layout->addWidget(m_settings);
    layout->addWidget(m_engine);
    layout->addWidget(m_links);
    layout->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(column);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(column->sizeHint().width() + 16);
    return scroll;
}

QWidget *MainWindow::createViews()
{
    m_issues = new IssuesBanner(m_document);
    m_grids = new GridPanel(m_document);
    m_memory = new MemoryPanel(m_document);
    m_comm = new CommPanel(m_document);
    m_table = new QTableView;
    m_table->setModel(new GpuTableModel(m_document, m_table));
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
    m_bottomTabs->addTab(m_memory, tr("Memory && KV"));
    m_bottomTabs->addTab(m_comm, tr("Communication"));
    m_bottomTabs->addTab(m_table, tr("GPUs"));
    m_vllmLog = new VllmLogPanel(m_editor);
    connect(m_vllmLog, &VllmLogPanel::errorOccurred, this, &MainWindow::showError);
    m_bottomTabs->addTab(m_vllmLog, tr("vLLM log"));
    connect(m_bottomTabs, &QTabWidget::currentChanged, m_table, [this] {
        if (m_bottomTabs->currentWidget() == m_table)
            m_table->resizeColumnsToContents();
    });
    m_command = new CommandPreview(m_document);

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_grids);
    splitter->addWidget(m_bottomTabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_issues);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_command);
    return central;
}

QStringList MainWindow::tabNames()
{
    return { QStringLiteral("layers"), QStringLiteral("heads"), QStringLiteral("experts"), QStringLiteral("cluster"),
        QStringLiteral("memory"), QStringLiteral("comm"), QStringLiteral("gpus"), QStringLiteral("vllm"),
        QStringLiteral("timeline"), QStringLiteral("work"), QStringLiteral("compare"), QStringLiteral("explore") };
}

bool MainWindow::showTab(const QString &name)
{
    const int i = tabNames().indexOf(name.toLower());
    if (i < 0)
        return false;
    if (i < 4)
        m_grids->setCurrent(static_cast<GridKind>(i));
    else
        m_bottomTabs->setCurrentIndex(i - 4);
    return true;
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_bottomTabs)
        rebuildUi();
    QMainWindow::changeEvent(event);
}

// The views set their texts once, when built: a new language rebuilds them from the document.
void MainWindow::rebuildUi()
{
    constexpr int kOwnTabs = 4; // Memory & KV, Communication, GPUs, vLLM log
    const int current = m_bottomTabs->currentIndex();
    const int grid = static_cast<int>(m_grids->currentKind());
    QList<QWidget *> extra;
    while (m_bottomTabs->count() > kOwnTabs) {
        QWidget *w = m_bottomTabs->widget(kOwnTabs);
        m_bottomTabs->removeTab(kOwnTabs);
        w->setParent(nullptr);
        extra << w;
    }
    const QByteArray state = saveState();
    auto *planDock = findChild<QDockWidget *>(QStringLiteral("PlanDock"));
    const int dockWidth = planDock ? planDock->width() : 0;
    const QString pastedLog = m_vllmLog->logInput()->toPlainText(); // the user's log survives the rebuild
    const QString logSource = m_vllmLog->logSource();
    if (QDockWidget *dock = planDock) {
        dock->setWindowTitle(tr("Plan"));
        delete dock->widget();
        dock->setWidget(createControls());
    }
    delete centralWidget();
    setCentralWidget(createViews());
    for (QWidget *w : std::as_const(extra))
        m_bottomTabs->addTab(w, w->windowTitle());
    m_bottomTabs->setCurrentIndex(current);
    m_grids->setCurrent(static_cast<GridKind>(grid));
    m_vllmLog->restoreLog(pastedLog, logSource);
    for (QAction *a : menuBar()->actions())
        if (a->menu())
            a->menu()->deleteLater();
    menuBar()->clear();
    createMenus();
    connect(m_setup, &SetupPanel::openConfigRequested, m_files, &FileController::openConfig);
    restoreState(state);
    // The new central widget claims its width only when the layout runs: keep the dock's width then
    // (else it swallows the window's width on every language change).
    if (planDock && dockWidth > 0)
        QTimer::singleShot(
            0, this, [this, planDock, dockWidth] { resizeDocks({ planDock }, { dockWidth }, Qt::Horizontal); });
    updateTitle();
    emit uiRebuilt();
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(message, 10000);
    auto *box = new QMessageBox(QMessageBox::Warning, tr("ShardScope"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(tr("The current plan is unchanged."));
    box->open();
}

void MainWindow::updateTitle()
{
    const QString file = m_files->currentFile();
    const QString what = file.isEmpty()
        ? (m_document->hasPlan() ? textformat::qs(m_document->model().name) : tr("untitled"))
        : QFileInfo(file).fileName();
    setWindowTitle(tr("%1[*] — ShardScope").arg(what));
    setWindowModified(!file.isEmpty() && !m_editor->undoStack()->isClean());
}

void MainWindow::saveSession() const
{
    if (!m_options.useSettings || !m_document->hasPlan())
        return;
    session::saveLastPlan(QByteArray::fromStdString(planfile::toJsonText(*m_document)), m_files->currentFile());
    session::saveWindowState(saveGeometry(), saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSession();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            m_files->openAny(url.toLocalFile());
    event->acceptProposedAction();
}
