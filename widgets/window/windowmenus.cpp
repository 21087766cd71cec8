// MainWindow's menus and export actions (kept apart from the layout in mainwindow.cpp).
#include "widgets/window/mainwindow.h"

#include "widgets/comm/commchart.h"
#include "widgets/comm/commpanel.h"
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
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QTabWidget>
#include <QUndoStack>

namespace {
enum ExportWhat { ExportGrid, ExportMemory, ExportComm };
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New plan"), QKeySequence::New, m_files, &FileController::newPlan);
    file->addAction(tr("&Open plan…"), QKeySequence::Open, m_files, &FileController::open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addAction(tr("Open &config.json…"), m_files, &FileController::openConfig);
    file->addAction(tr("&Import vLLM command…"), this, &MainWindow::openImportDialog);
    file->addSeparator();
    file->addAction(tr("&Save plan"), QKeySequence::Save, m_files, &FileController::save);
    file->addAction(tr("Save plan &as…"), QKeySequence::SaveAs, m_files, &FileController::saveAs);
    file->addSeparator();
    file->addAction(tr("Export &launch commands…"), this, &MainWindow::openExportDialog);
    QMenu *exports = file->addMenu(tr("&Export"));
    exports->addAction(tr("Placement grid as PNG or SVG…"), this, [this] { exportView(ExportGrid); });
    exports->addAction(tr("Memory chart as PNG or SVG…"), this, [this] { exportView(ExportMemory); });
    exports->addAction(tr("Communication chart as PNG or SVG…"), this, [this] { exportView(ExportComm); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_editor->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_editor->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    const QStringList titles = { tr("Layers × GPUs"), tr("Heads"), tr("Experts"), tr("Cluster"), tr("Memory and KV"),
        tr("Communication"), tr("GPU table"), tr("vLLM log") };
    for (int i = 0; i < titles.size(); ++i) {
        QAction *a = view->addAction(titles[i], this, [this, i] { showTab(tabNames().at(i)); });
        // Alt+1 … Alt+7; Alt+8, 9, 0 belong to the teaching tabs (teachingcontroller.cpp), so the vLLM
        // log, added later, takes Ctrl+Shift+L.
        a->setShortcut(i < 7 ? QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i))
                             : QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    }
    rebuildRecentMenu();
}

void MainWindow::openExportDialog()
{
    // The dialog keeps its own copy of the plan: a later edit does not change what it shows.
    auto *dialog = new ExportDialog(m_document->evaluation(), m_document->model(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
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
    connect(dialog, &ImportDialog::planImported, this, [this](const shardscope::Plan &imported) {
        shardscope::Plan plan = imported;
        if (plan.gpuId.empty()) // a command does not name the GPU: keep the current one
            plan.gpuId = m_document->plan().gpuId;
        if (!m_document->catalog().findModel(plan.modelId)) {
            showError(tr("The command's model \"%1\" is not a preset: open its config.json first, then import again.")
                          .arg(QString::fromStdString(plan.modelId)));
            return;
        }
        m_editor->apply(plan, tr("Import vLLM command"));
    });
    dialog->show();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_options.useSettings ? session::recentFiles() : QStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { m_files->openPlan(path); })
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
        m_bottomTabs->setCurrentWidget(m_memory); // a hidden chart has no size of its own yet
        QCoreApplication::processEvents();
        size = m_memory->chart()->size();
        render = [this](QPainter &p, const QRect &r, bool) { m_memory->chart()->renderTo(p, r); };
        break;
    default:
        m_bottomTabs->setCurrentWidget(m_comm);
        QCoreApplication::processEvents();
        size = m_comm->chart()->size();
        render = [this](QPainter &p, const QRect &r, bool) { m_comm->renderTo(p, r); };
        break;
    }
    if (const auto error = exporter::save(path, size, windowTitle(), render))
        showError(*error);
}
