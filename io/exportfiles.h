#pragma once
#include "core/launch/launchexport.h"

#include <QString>
#include <QStringList>

// Writing an export to disk, shared by `shardscope export` and the Export dialog. Files are written
// whole or not at all (QSaveFile). Throw shardscope::InputError with a one-line message on failure.

// Writes `text` to `path`.
void saveExportText(const QString &path, const std::string &text);

// Writes node-<k>.sh for every node of `result` into `dir` (created if missing), executable.
// Returns the paths written.
QStringList saveNodeScripts(const shardscope::ExportResult &result, const QString &dir);
