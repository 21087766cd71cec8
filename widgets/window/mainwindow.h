#pragma once
#include "core/launch/launchexport.h"
#include "core/model/modelcatalog.h"
#include "core/model/plan.h"
#include "core/serving/serving.h"
#include "widgets/document/session.h"
#include "widgets/window/featurehost.h"

#include <QMainWindow>

#include <optional>
#include <vector>

class TabTitles;
class CommandPreview;
class FileController;
class GridPanel;
class IssuesBanner;
class MemoryPanel;
class ParallelismPanel;
class PlanDocument;
class PlanEditor;
class QMenu;
class QTabWidget;
class QTableView;
class PoolPanel;
class SettingsPanel;
class WorkloadPanel;
class EnginePanel;
class LinksPanel;
class VllmLogPanel;
class SetupPanel;
class CommPanel;
class QDockWidget;
class QTimer;
class QScrollArea;

// The features every planner window has (teaching, explore), in the order their tabs follow the
// window's own (widgets/window/standardfeatures.cpp).
std::vector<WindowFeature> standardFeatures();

struct WindowOptions
{
    std::optional<shardscope::Plan> initialPlan; // else the last session (or the default plan)
    std::optional<shardscope::Workload> initialWorkload; // else the session's or the plan file's
    bool useSettings = true; // restore and save the session, remember recent files
    std::vector<WindowFeature> features = standardFeatures(); // installed in this order
};

// Composition only: owns the document, lays out the controls and the read-only views, wires menus,
// and hosts the features (FeatureHost). A language change re-labels everything in place.
class MainWindow : public QMainWindow, public FeatureHost
{
    Q_OBJECT
public:
    explicit MainWindow(ModelCatalog catalog, WindowOptions options = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    PlanDocument *document() const override { return m_document; }
    PlanEditor *editor() const override { return m_editor; }
    FileController *files() const { return m_files; }
    GridPanel *gridPanel() const { return m_grids; }
    MemoryPanel *memoryPanel() const { return m_memory; }
    CommPanel *commPanel() const { return m_comm; }
    QTableView *gpuTable() const { return m_table; }
    CommandPreview *commandPreview() const { return m_command; }
    IssuesBanner *issuesBanner() const { return m_issues; }
    SetupPanel *setupPanel() const { return m_setup; }
    ParallelismPanel *parallelismPanel() const { return m_parallelism; }
    SettingsPanel *settingsPanel() const { return m_settings; }
    PoolPanel *poolPanel() const { return m_pools; }
    WorkloadPanel *workloadPanel() const { return m_workload; }
    EnginePanel *enginePanel() const { return m_engine; }
    LinksPanel *linksPanel() const { return m_links; }
    VllmLogPanel *vllmLogPanel() const { return m_vllmLog; }
    QTabWidget *bottomTabs() const { return m_bottomTabs; }
    // The view shown by the current bottom tab (each sits in a scroll page, bottomPage()).
    QWidget *currentBottomView() const;

    // Tab names for --tab: the window's own (layers, heads, experts, cluster, memory, comm, gpus,
    // vllm), then those of `features` (timeline, work, compare, explore).
    static QStringList tabNames(const std::vector<WindowFeature> &features = standardFeatures());
    // By --tab name, from the tabs registered in this window.
    bool showTab(const QString &name) override;
    void saveSession() const;
    // The last problem with the session file, as shown in the status bar: an unreadable autosave at
    // start-up, or an autosave that could not be written (empty: none).
    QString sessionMessage() const { return m_sessionMessage; }
    // Delay between a change of the plan or its file and the session being written (ms).
    static constexpr int kAutosaveDelayMs = 1000;
    // The widest the plan column grows, as a share of the window's width.
    static constexpr double kPlanColumnShare = 0.34;
    QDockWidget *planDock() const { return m_dock; }

    // FeatureHost
    QWidget *dialogParent() override { return this; }
    PlacementGrid *grid(GridKind kind) const override;
    void addBottomTab(const QString &id, Text title, QWidget *widget) override;
    void addMenuAction(MenuId menu, QAction *action) override;
    QMenu *addMenu() override;
    void showStatus(const QString &message, int timeoutMs) override;

protected:
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    QWidget *createControls();
    QWidget *createViews();
    QWidget *createPoolBanner();
    void createMenus();
    void retranslate();
    void rebuildRecentMenu();
    void exportView(int which);
    void openExportDialog();
    void openImportDialog();
    void showError(const QString &message);
    void updateTitle();
    void fitPlanColumn();

public:
    // The plan column's controls fit its width (no horizontal scrolling), for tests.
    bool planColumnFits() const;
    bool planColumnReflowed() const { return m_narrowColumn; }

private:
    // A left-over autosave of unsaved work (the last window crashed or was killed): asks whether to
    // restore it. The plan it holds, if the user said yes.
    std::optional<shardscope::Plan> offerRecovery(const std::optional<session::LastPlan> &last);
    void reportSessionProblem(const QString &message) const;

    WindowOptions m_options;
    PlanDocument *m_document;
    PlanEditor *m_editor;
    FileController *m_files;
    SetupPanel *m_setup = nullptr;
    ParallelismPanel *m_parallelism = nullptr;
    PoolPanel *m_pools = nullptr;
    SettingsPanel *m_settings = nullptr;
    WorkloadPanel *m_workload = nullptr;
    EnginePanel *m_engine = nullptr;
    LinksPanel *m_links = nullptr;
    VllmLogPanel *m_vllmLog = nullptr;
    IssuesBanner *m_issues = nullptr;
    GridPanel *m_grids = nullptr;
    MemoryPanel *m_memory = nullptr;
    CommPanel *m_comm = nullptr;
    QTableView *m_table = nullptr;
    CommandPreview *m_command = nullptr;
    QTabWidget *m_bottomTabs = nullptr;
    QDockWidget *m_dock = nullptr;
    QScrollArea *m_column = nullptr; // the plan column, in m_dock
    bool m_narrowColumn = false; // the plan column reflowed: labels above fields
    double m_columnFontSize = 0; // the application font's size the column was last fitted to
    QMenu *m_recentMenu = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_beforeQuit = nullptr; // File: the separator before Quit (MenuId::FileExports)
    QAction *m_viewToggles = nullptr; // View: the separator after the tabs (MenuId::ViewToggles)

    static QString shortTabTitle(const QString &id);
    // The registry of tabs, in order: --tab names, what each shows, and its title.
    struct Tab
    {
        QString id;
        std::optional<GridKind> grid; // a placement tab, else a bottom tab showing `widget`
        QWidget *widget = nullptr;
        QWidget *page = nullptr; // the scroll area holding `widget` in m_bottomTabs
        Text title; // of a bottom tab
    };
    QWidget *bottomPage(const QWidget *view) const;
    std::vector<Tab> m_tabs;
    TabTitles *m_bottomTitles = nullptr; // whole titles for m_bottomTabs, short ones on a narrow bar
    QTimer *m_autosave = nullptr; // the session, shortly after each change: it survives a crash
    QByteArray m_cleanPlanJson; // the plan as last saved or opened (the undo stack's clean state)
    bool m_discarded = false; // the user chose Discard at close: the session keeps m_cleanPlanJson
    mutable QString m_sessionMessage; // the last session file problem (reading or autosaving)
};
