#pragma once
#include <QByteArray>
#include <QString>

#include <vector>

// Every file ShardScope writes (reports and their pictures, launch scripts, screenshots, view exports,
// calibrations, saved plans) goes through here, because the target may have been planted:
// - The bytes go to a temporary file created in the target's own folder (O_EXCL, so never an existing
//   file), are flushed with fsync, and the temporary file is rename(2)d over the target's directory
//   entry. A symlink at the target is replaced by the new regular file; its victim is neither written
//   nor chmod-ed. (QSaveFile resolves a symlink and writes to where it points, so it is not used.)
// - Modes: 0755 for scripts, 0644 otherwise, less the process umask, as open(2) would give.
// - Several files (a report and its pictures, one script per node) are committed together: every
//   temporary file is written first and the targets are renamed into place (last to first) only when
//   all of them were; on a failure the temporary files are removed and the old files stay as they were.
// A short write (a full disk) is an error, never a truncated file in place of the old one.
struct OutputFile
{
    QString path;
    QByteArray data;
    bool executable = false;
};

// Empty on success. On failure `failedPath` is the file that could not be written and the return
// value says why, from the system: "no space left on device", "permission denied", "is a directory".
QString saveFilesAtomically(const std::vector<OutputFile> &files, QString *failedPath = nullptr);
QString saveFileAtomically(const QString &path, const QByteArray &data, bool executable = false);
