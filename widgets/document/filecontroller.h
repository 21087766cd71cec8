#pragma once
#include "core/model/plan.h"

#include <QObject>
#include <QString>

class PlanEditor;
class QWidget;

// File → New / Open / Save / Save As / recent files, Open config.json… / model folder…, dropped files. Errors never
// touch the plan: they are reported through errorOccurred() for the window to show.
class FileController : public QObject
{
    Q_OBJECT
public:
    FileController(PlanEditor *editor, QWidget *dialogParent, bool rememberRecent = true);

    QString currentFile() const { return m_currentFile; }
    void setCurrentFile(const QString &path);
    QString lastError() const { return m_lastError; }

    static shardscope::Plan defaultPlan();

    void newPlan();
    bool openPlan(const QString &path);
    bool savePlan(const QString &path);
    // A model config.json, or a model folder (its config.json, the model named after the folder).
    bool openModelConfig(const QString &path);
    // A dropped or command-line file: a plan file (*.shardscope.json or with a "plan" object) or
    // else a model config; a folder is a model folder.
    bool openAny(const QString &path);

    // Whether `path` is read as a plan file (which replaces the plan) rather than a model config.
    static bool isPlanFile(const QString &path);

    // With dialogs.
    // Unsaved changes (the undo stack is not clean): asks Save / Discard / Cancel. None when there
    // is nothing to save.
    enum class Unsaved { None, Saved, Discarded, Cancelled };
    Unsaved askToSave();
    // askToSave() != Cancelled: the plan may be replaced.
    bool maybeSave() { return askToSave() != Unsaved::Cancelled; }
    void newPlanAsking();
    void openAsking(const QString &path); // a recent file
    void open();
    void save();
    void saveAs();
    void openConfig();
    void openModelFolder();

signals:
    void errorOccurred(const QString &message);
    void currentFileChanged(const QString &path);
    void recentFilesChanged();

private:
    bool fail(const QString &message);
    PlanEditor *m_editor;
    QWidget *m_parent;
    bool m_rememberRecent;
    QString m_currentFile;
    QString m_lastError;
};
