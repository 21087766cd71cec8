// MainWindow's menus and export actions (kept apart from the layout in mainwindow.cpp).
#include "widgets/window/mainwindow.h"

#include "widgets/comm/commchart.h"
#include "widgets/comm/commpanel.h"
#include "widgets/common/retranslate.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/session.h"
#include "widgets/export/exportdialog.h"
#include "widgets/export/importdialog.h"
#include "widgets/export/viewexport.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/memory/memorychart.h"
#include "widgets/memory/memorypanel.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QTabWidget>
#include <QUndoStack>

namespace {
enum ExportWhat { ExportGrid, ExportMemory, ExportComm };
}

// The texts are set by the retranslateWith() call at the end, now and on each language change.
void MainWindow::createMenus()
{
    QMenu *file = m_fileMenu = menuBar()->addMenu(QString());
    QAction *newPlan = file->addAction(QString(), QKeySequence::New, m_files, &FileController::newPlanAsking);
    QAction *open = file->addAction(QString(), QKeySequence::Open, m_files, &FileController::open);
    m_recentMenu = file->addMenu(QString());
    QAction *openConfig = file->addAction(QString(), m_files, &FileController::openConfig);
    QAction *openFolder = file->addAction(QString(), m_files, &FileController::openModelFolder);
    QAction *import = file->addAction(QString(), this, &MainWindow::openImportDialog);
    file->addSeparator();
    QAction *save = file->addAction(QString(), QKeySequence::Save, m_files, &FileController::save);
    // Ctrl+Shift+S everywhere: QKeySequence::SaveAs is empty on some platforms (and offscreen).
    QAction *saveAs
        = file->addAction(QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), m_files, &FileController::saveAs);
    file->addSeparator();
    QAction *exportLaunch = file->addAction(QString(), this, &MainWindow::openExportDialog);
    QMenu *exports = file->addMenu(QString());
    QAction *exportGrid = exports->addAction(QString(), this, [this] { exportView(ExportGrid); });
    QAction *exportMemory = exports->addAction(QString(), this, [this] { exportView(ExportMemory); });
    QAction *exportComm = exports->addAction(QString(), this, [this] { exportView(ExportComm); });
    m_beforeQuit = file->addSeparator();
    QAction *quit = file->addAction(QString(), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(QString());
    // As QUndoStack::createUndoAction() makes them ("&Undo <step>"), but with a prefix that follows
    // the language: QUndoStack keeps the prefix it was given.
    QUndoStack *stack = m_editor->undoStack();
    QAction *undo = edit->addAction(QString(), QKeySequence::Undo, stack, &QUndoStack::undo);
    QAction *redo = edit->addAction(QString(), QKeySequence::Redo, stack, &QUndoStack::redo);
    const auto label = [undo, redo, stack] {
        const auto prefixed = [](const QString &prefix, const QString &step) {
            return step.isEmpty() ? prefix : prefix + QLatin1Char(' ') + step;
        };
        undo->setText(prefixed(tr("&Undo"), stack->undoText()));
        redo->setText(prefixed(tr("&Redo"), stack->redoText()));
    };
    undo->setEnabled(stack->canUndo());
    redo->setEnabled(stack->canRedo());
    connect(stack, &QUndoStack::canUndoChanged, undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, redo, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, undo, label);
    connect(stack, &QUndoStack::redoTextChanged, redo, label);

    QMenu *view = m_viewMenu = menuBar()->addMenu(QString());
    // One action per tab registered so far: the window's own (features add theirs at MenuId::ViewTabs).
    QList<QAction *> tabActions;
    for (int i = 0; i < static_cast<int>(m_tabs.size()); ++i) {
        const QString id = m_tabs[static_cast<size_t>(i)].id;
        QAction *a = view->addAction(QString(), this, [this, id] { showTab(id); });
        // Alt+1 … Alt+7; Alt+8, 9, 0 belong to the teaching tabs (teachingcontroller.cpp), so the vLLM
        // log, added later, takes Ctrl+Shift+L.
        a->setShortcut(i < 7 ? QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i))
                             : QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
        tabActions << a;
    }
    // Features' tab actions go between these separators (MenuId::ViewTabs), their switches after
    // the second (MenuId::ViewToggles); a menu hides the separators of an empty section.
    view->addSeparator();
    m_viewToggles = view->addSeparator();
    // Shows or hides the plan column (its text is the dock's title): room for the views on a small
    // screen or a projector.
    QAction *planPanel = m_dock->toggleViewAction();
    planPanel->setObjectName(QStringLiteral("planPanel"));
    planPanel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    view->addAction(planPanel);
    rebuildRecentMenu();

    retranslateWith(this, [=, this] {
        file->setTitle(tr("&File"));
        newPlan->setText(tr("&New plan"));
        open->setText(tr("&Open plan…"));
        m_recentMenu->setTitle(tr("Open &recent"));
        openConfig->setText(tr("Open &config.json…"));
        openFolder->setText(tr("Open model &folder…"));
        import->setText(tr("&Import vLLM command…"));
        save->setText(tr("&Save plan"));
        saveAs->setText(tr("Save plan &as…"));
        exportLaunch->setText(tr("Export &launch commands…"));
        exports->setTitle(tr("&Export"));
        exportGrid->setText(tr("Placement grid as PNG or SVG…"));
        exportMemory->setText(tr("Memory chart as PNG or SVG…"));
        exportComm->setText(tr("Communication chart as PNG or SVG…"));
        quit->setText(tr("&Quit"));
        edit->setTitle(tr("&Edit"));
        view->setTitle(tr("&View"));
        const QStringList titles = { tr("Layers × GPUs"), tr("Heads"), tr("Experts"), tr("Cluster"),
            tr("Memory and KV"), tr("Communication"), tr("GPU table"), tr("vLLM log") };
        for (int i = 0; i < titles.size(); ++i)
            tabActions[i]->setText(titles[i]);
        label();
    });
}

void MainWindow::openExportDialog()
{
    // The dialog keeps its own copy of the plan: a later edit does not change what it shows.
    auto *dialog = new ExportDialog(m_document->evaluation(), m_document->model(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_document->isDisaggregated())
        dialog->setDisaggregated(m_document->wholePlan(),
            m_document->evaluatedPool(shardscope::Pool::Prefill).evaluation,
            m_document->evaluatedPool(shardscope::Pool::Decode).evaluation);
    // An imported command's options without a plan field (--trust-remote-code, --tool-call-parser ...) go
    // on to its export, as `shardscope export --plan import.json` keeps them.
    // So does the checkpoint it served (the model path), when it is not the preset's own repo.
    std::vector<shardscope::VllmExtraArg> passThrough = m_document->passThrough();
    std::string modelPath = m_document->passThroughModelPath();
    if (!passThrough.empty() || !modelPath.empty()) {
        shardscope::ExportOptions o = dialog->options();
        o.vllmExtraArgs = std::move(passThrough);
        o.modelPath = std::move(modelPath);
        dialog->setOptions(o);
    }
    connect(dialog, &ExportDialog::nearestPlanRequested, this, [this, dialog](const shardscope::Plan &nearest) {
        shardscope::Plan plan = nearest;
        plan.modelId = m_document->plan().modelId;
        plan.gpuId = m_document->plan().gpuId;
        m_editor->apply(plan, tr("Use the nearest exportable plan"));
        dialog->close();
    });
    dialog->show();
}

void MainWindow::openImportDialog()
{
    std::vector<shardscope::ModelSpec> models;
    for (const CatalogModel &m : m_document->catalog().models())
        models.push_back(m.spec);
    auto *dialog = new ImportDialog(std::move(models), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ImportDialog::planImported, this, [this, dialog](const shardscope::Plan &imported) {
        shardscope::Plan plan = imported;
        if (plan.gpuId.empty()) // a command does not name the GPU: keep the current one
            plan.gpuId = m_document->plan().gpuId;
        if (!m_document->catalog().findModel(plan.modelId)) {
            showError(tr("The command's model \"%1\" is not a preset: open its config.json first, then import again.")
                          .arg(QString::fromStdString(plan.modelId)));
            return;
        }
        m_editor->apply(plan, tr("Import vLLM command"));
        const std::optional<shardscope::ImportedCommand> &command = dialog->imported();
        m_document->setPassThrough(command ? command->vllmExtraArgs : std::vector<shardscope::VllmExtraArg> {},
            m_document->plan().modelId, command ? command->model : std::string {});
    });
    dialog->show();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_options.useSettings ? session::recentFiles() : QStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { m_files->openAsking(path); })
            ->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::exportView(int which)
{
    const QString names[] = { QStringLiteral("placement"), QStringLiteral("memory"), QStringLiteral("communication") };
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export"), names[which] + QStringLiteral(".png"), tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)
        && !path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        path += QStringLiteral(".png");
    exporter::Render render;
    QSize size;
    switch (which) {
    case ExportGrid: {
        PlacementGrid *grid = m_grids->currentGrid();
        size = grid->size().expandedTo(QSize(900, 560));
        render = [grid](QPainter &p, const QRect &r, bool vector) { grid->renderTo(p, r, vector); };
        break;
    }
    case ExportMemory:
        m_bottomTabs->setCurrentWidget(bottomPage(m_memory)); // a hidden chart has no size of its own yet
        QCoreApplication::processEvents();
        size = m_memory->chart()->size();
        render = [this](QPainter &p, const QRect &r, bool) { m_memory->chart()->renderTo(p, r); };
        break;
    default:
        m_bottomTabs->setCurrentWidget(bottomPage(m_comm));
        QCoreApplication::processEvents();
        size = m_comm->chart()->size();
        render = [this](QPainter &p, const QRect &r, bool) { m_comm->renderTo(p, r); };
        break;
    }
    if (const auto error = exporter::save(path, size, windowTitle(), render))
        showError(*error);
}
