#include "io/savefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

QString systemReason(int err)
{
    QString s = QString::fromLocal8Bit(std::strerror(err));
    if (!s.isEmpty())
        s[0] = s[0].toLower(); // "no space left on device", read after "cannot write P: "
    return s;
}

// The process umask, read once: umask(2) can only be read by setting it, so it is set back at once.
mode_t processUmask()
{
    static const mode_t mask = [] {
        const mode_t m = ::umask(022);
        ::umask(m);
        return m;
    }();
    return mask;
}

struct Temp
{
    QString target;
    QByteArray tempName; // native path of the temporary file; empty once renamed or removed
};

void removeTemps(std::vector<Temp> &temps)
{
    for (Temp &t : temps)
        if (!t.tempName.isEmpty()) {
            ::unlink(t.tempName.constData());
            t.tempName.clear();
        }
}

// Writes `file` into a fresh temporary file beside its target; empty on success.
QString writeTemp(const OutputFile &file, Temp &temp)
{
    const QFileInfo target(file.path);
    if (target.fileName().isEmpty())
        return systemReason(EISDIR);
    // The directory entry itself (lstat, not stat): a symlink is fine, it is replaced; a folder is not.
    struct stat st
    {
    };
    const QByteArray nativeTarget = QFile::encodeName(file.path);
    if (::lstat(nativeTarget.constData(), &st) == 0 && S_ISDIR(st.st_mode))
        return systemReason(EISDIR);
    QByteArray pattern
        = QFile::encodeName(target.path() + QStringLiteral("/.") + target.fileName() + QStringLiteral(".XXXXXX"));
    const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd < 0)
        return systemReason(errno);
    temp.tempName = pattern;
    const char *p = file.data.constData();
    size_t left = static_cast<size_t>(file.data.size());
    int err = 0;
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            err = n < 0 ? errno : ENOSPC;
            break;
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    const mode_t mode = (file.executable ? 0755 : 0644) & ~processUmask();
    if (!err && ::fchmod(fd, mode) != 0)
        err = errno;
    if (!err && ::fsync(fd) != 0) // a delayed ENOSPC (NFS, quotas) surfaces here or at close
        err = errno;
    if (::close(fd) != 0 && !err)
        err = errno;
    return err ? systemReason(err) : QString();
}

} // namespace

QString saveFilesAtomically(const std::vector<OutputFile> &files, QString *failedPath)
{
    std::vector<Temp> temps(files.size());
    for (size_t i = 0; i < files.size(); ++i) {
        temps[i].target = files[i].path;
        if (QString error = writeTemp(files[i], temps[i]); !error.isEmpty()) {
            removeTemps(temps);
            if (failedPath)
                *failedPath = files[i].path;
            return error;
        }
    }
    // Every part is on disk: now each takes its target's name. rename(2) replaces a directory entry
    // (a planted symlink included) atomically; it does not follow it. Last to first, so that the first
    // file (a report, which names its pictures) is replaced only once the others are.
    for (auto it = temps.rbegin(); it != temps.rend(); ++it) {
        Temp &t = *it;
        if (::rename(t.tempName.constData(), QFile::encodeName(t.target).constData()) != 0) {
            const int err = errno;
            removeTemps(temps);
            if (failedPath)
                *failedPath = t.target;
            return systemReason(err);
        }
        t.tempName.clear();
    }
    return {};
}

QString saveFileAtomically(const QString &path, const QByteArray &data, bool executable)
{
    return saveFilesAtomically({ OutputFile { path, data, executable } });
}
