#pragma once
#include "core/launch/k8sexport.h"
#include "core/launch/launchexport.h"

#include <QString>
#include <QStringList>

// Writing an export to disk, shared by `shardscope export` and the Export dialog. Files are written
// whole or not at all, never through a symlink (io/savefile.h). Throw shardscope::InputError with a
// one-line message on failure.

// Writes `text` to `path` (mode 0644 less the umask).
void saveExportText(const QString &path, const std::string &text);

// Writes node-<k>.sh for every node of `result` into `dir` (created if missing), executable; all of
// them or, on a failure, none (the old scripts stay). Returns the paths written.
QStringList saveNodeScripts(const shardscope::ExportResult &result, const QString &dir);

// Writes one <kind>-<name>.yaml per object of `manifests` into `dir` (created if missing): all of them
// or, on a failure, none. Returns the paths written.
QStringList saveManifests(const shardscope::K8sExport &manifests, const QString &dir);
