#include "widgets/document/filecontroller.h"

#include "core/evaluate/planrules.h"
#include "io/boundedread.h"
#include "io/presetrepository.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"
#include "widgets/document/session.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QUndoStack>

using namespace shardscope;

FileController::FileController(PlanEditor *editor, QWidget *dialogParent, bool rememberRecent)
    : QObject(dialogParent)
    , m_editor(editor)
    , m_parent(dialogParent)
    , m_rememberRecent(rememberRecent)
{
}

Plan FileController::defaultPlan()
{
    // A plan that fits and shows every view: Llama-3.1-70B on one HGX H100 node, TP 4, 32K context.
    Plan p;
    p.modelId = "llama-3.1-70b";
    p.gpuId = "h100-sxm";
    p.tp = 4;
    p.maxModelLen = 32768;
    return p;
}

void FileController::setCurrentFile(const QString &path)
{
    m_currentFile = path;
    emit currentFileChanged(path);
}

bool FileController::fail(const QString &message)
{
    m_lastError = message;
    emit errorOccurred(message);
    return false;
}

void FileController::newPlan()
{
    m_editor->apply(defaultPlan(), tr("New plan"));
    m_editor->applyWorkload(Workload {}, tr("New plan"));
    setCurrentFile({});
    m_editor->undoStack()->setClean();
}

bool FileController::openPlan(const QString &path)
{
    Plan plan;
    Workload workload;
    if (const auto error = planfile::load(*m_editor->document(), path, plan, &workload)) {
        if (m_rememberRecent && !QFileInfo::exists(path))
            session::removeRecentFile(QFileInfo(path).absoluteFilePath());
        emit recentFilesChanged();
        return fail(*error);
    }
    m_editor->apply(plan, tr("Open %1").arg(QFileInfo(path).fileName()));
    m_editor->applyWorkload(workload, tr("Open %1").arg(QFileInfo(path).fileName()));
    setCurrentFile(QFileInfo(path).absoluteFilePath());
    m_editor->undoStack()->setClean();
    if (m_rememberRecent) {
        session::addRecentFile(path);
        emit recentFilesChanged();
    }
    m_lastError.clear();
    return true;
}

bool FileController::savePlan(const QString &path)
{
    if (const auto error = planfile::save(*m_editor->document(), path))
        return fail(*error);
    setCurrentFile(QFileInfo(path).absoluteFilePath());
    m_editor->undoStack()->setClean();
    if (m_rememberRecent) {
        session::addRecentFile(path);
        emit recentFilesChanged();
    }
    m_lastError.clear();
    return true;
}

bool FileController::openModelConfig(const QString &path)
{
    PlanDocument *doc = m_editor->document();
    std::string id;
    if (const auto error = planfile::loadModelConfig(*doc, path, id))
        return fail(*error);
    const CatalogModel *m = doc->catalog().findModel(id);
    m_editor->applyEdit(planForModel(doc->plan(), m->spec), tr("Open %1").arg(QFileInfo(path).fileName()));
    m_lastError.clear();
    return true;
}

bool FileController::isPlanFile(const QString &path)
{
    if (QFileInfo(path).isDir())
        return false; // a model folder: openModelConfig reads its config.json
    if (path.endsWith(QStringLiteral(".shardscope.json"), Qt::CaseInsensitive))
        return true;
    // Anything else: a plan file if it has a "plan" object, else a model config.
    try {
        const std::string text = readJsonFile(path);
        return text.find("\"plan\"") != std::string::npos && text.find("\"num_hidden_layers\"") == std::string::npos;
    } catch (const std::exception &) {
        return false;
    }
}

bool FileController::openAny(const QString &path)
{
    return isPlanFile(path) ? openPlan(path) : openModelConfig(path);
}

FileController::Unsaved FileController::askToSave()
{
    if (m_editor->undoStack()->isClean())
        return Unsaved::None;
    const QString name = m_currentFile.isEmpty() ? tr("The plan") : QFileInfo(m_currentFile).fileName();
    QMessageBox box(QMessageBox::Warning, tr("ShardScope"), tr("%1 has unsaved changes.").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_parent);
    box.setTextFormat(Qt::PlainText); // a file name: "<img src=…>.json" is a legal one
    box.setInformativeText(tr("Save them before the plan is closed?"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        save();
        // A cancelled Save As dialog or a failed write keeps the changes unsaved: nothing is lost.
        return m_editor->undoStack()->isClean() ? Unsaved::Saved : Unsaved::Cancelled;
    case QMessageBox::Discard:
        return Unsaved::Discarded;
    default:
        return Unsaved::Cancelled;
    }
}

void FileController::newPlanAsking()
{
    if (maybeSave())
        newPlan();
}

void FileController::openAsking(const QString &path)
{
    if (maybeSave())
        openPlan(path);
}

void FileController::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_parent, tr("Open plan"),
        QFileInfo(m_currentFile).absolutePath(), tr("ShardScope plans (*.shardscope.json);;JSON files (*.json)"));
    if (!path.isEmpty())
        openPlan(path);
}

void FileController::save()
{
    if (m_currentFile.isEmpty())
        saveAs();
    else
        savePlan(m_currentFile);
}

void FileController::saveAs()
{
    const QString suggested = m_currentFile.isEmpty()
        ? QString::fromStdString(m_editor->document()->plan().modelId) + QStringLiteral(".shardscope.json")
        : m_currentFile;
    QString path = QFileDialog::getSaveFileName(
        m_parent, tr("Save plan"), suggested, tr("ShardScope plans (*.shardscope.json)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        path += QStringLiteral(".shardscope.json");
    savePlan(path);
}

void FileController::openConfig()
{
    const QString path = QFileDialog::getOpenFileName(
        m_parent, tr("Open a Hugging Face config.json"), QString(), tr("Model configs (*.json)"));
    if (!path.isEmpty())
        openModelConfig(path);
}

void FileController::openModelFolder()
{
    const QString path = QFileDialog::getExistingDirectory(m_parent, tr("Open a model folder (with its config.json)"));
    if (!path.isEmpty())
        openModelConfig(path);
}
