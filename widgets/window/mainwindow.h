#pragma once
#include "core/model/modelcatalog.h"
#include "core/model/plan.h"

#include <QMainWindow>

#include <optional>

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
class SettingsPanel;
class EnginePanel;
class LinksPanel;
class VllmLogPanel;
class SetupPanel;
class CommPanel;

struct WindowOptions
{
    std::optional<shardscope::Plan> initialPlan; // else the last session (or the default plan)
    bool useSettings = true; // restore and save the session, remember recent files
};

// Composition only: owns the document, lays out the controls and the read-only views, wires menus.
class QTimer;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(ModelCatalog catalog, WindowOptions options = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    PlanDocument *document() const { return m_document; }
    PlanEditor *editor() const { return m_editor; }
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
    EnginePanel *enginePanel() const { return m_engine; }
    LinksPanel *linksPanel() const { return m_links; }
    VllmLogPanel *vllmLogPanel() const { return m_vllmLog; }
    QTabWidget *bottomTabs() const { return m_bottomTabs; }

    // Tab names for --tab: layers, heads, experts, cluster, memory, comm, gpus, timeline, work, compare, explore.
    static QStringList tabNames();
    bool showTab(const QString &name);
    void saveSession() const;
    // Delay between a change of the plan or its file and the session being written (ms).
    static constexpr int kAutosaveDelayMs = 1000;

signals:
    // After a language change rebuilt the controls, views and menus from the document (the plan and
    // the undo history stay; bottom tabs added from outside are carried over).
    void uiRebuilt();

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    QWidget *createControls();
    QWidget *createViews();
    void createMenus();
    void rebuildUi();
    void rebuildRecentMenu();
    void exportView(int which);
    void openExportDialog();
    void openImportDialog();
    void showError(const QString &message);
    void updateTitle();

    WindowOptions m_options;
    PlanDocument *m_document;
    PlanEditor *m_editor;
    FileController *m_files;
    SetupPanel *m_setup = nullptr;
    ParallelismPanel *m_parallelism = nullptr;
    SettingsPanel *m_settings = nullptr;
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
    QMenu *m_recentMenu = nullptr;
    QTimer *m_autosave = nullptr; // the session, shortly after each change: it survives a crash
};
