#include "io/boundedread.h"

#include "core/model/errors.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace shardscope;

namespace {

std::string notRegularReason(mode_t mode)
{
    if (S_ISDIR(mode))
        return "is a directory";
    const char *kind = S_ISFIFO(mode) ? "a FIFO"
        : S_ISCHR(mode)               ? "a character device"
        : S_ISBLK(mode)               ? "a block device"
        : S_ISSOCK(mode)              ? "a socket"
                                      : "not a file";
    return std::string("is not a regular file (") + kind + ")";
}

BoundedRead failure(BoundedRead::Status status, std::string reason)
{
    BoundedRead r;
    r.status = status;
    r.reason = std::move(reason);
    return r;
}

BoundedRead readResource(const QString &path, std::int64_t maxBytes, bool refuseLarger)
{
    QFile file(path);
    if (!file.exists())
        return failure(BoundedRead::Status::Missing, "no such file");
    if (refuseLarger && file.size() > maxBytes)
        return failure(BoundedRead::Status::TooLarge, "is too large");
    if (!file.open(QIODevice::ReadOnly))
        return failure(BoundedRead::Status::Unreadable, file.errorString().toStdString());
    BoundedRead r;
    r.data = file.read(maxBytes).toStdString();
    return r;
}

} // namespace

BoundedRead readRegularFile(const QString &path, std::int64_t maxBytes, bool refuseLarger)
{
    if (path.startsWith(QLatin1String(":/")))
        return readResource(path, maxBytes, refuseLarger);
    const QByteArray native = QFile::encodeName(path);
    int fd = -1;
    do
        fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR)
            return failure(BoundedRead::Status::Missing, "no such file");
        return failure(BoundedRead::Status::Unreadable, std::strerror(err));
    }
    struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer { fd };
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return failure(BoundedRead::Status::Unreadable, std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return failure(BoundedRead::Status::NotRegular, notRegularReason(st.st_mode));
    if (refuseLarger && st.st_size > maxBytes)
        return failure(BoundedRead::Status::TooLarge, "is too large");
    // One byte past the limit: a file that grew after fstat is still caught.
    const std::int64_t want = maxBytes + 1;
    BoundedRead r;
    r.data.resize(static_cast<size_t>(std::min<std::int64_t>(want, std::max<std::int64_t>(st.st_size, 0) + 1)));
    size_t got = 0;
    while (static_cast<std::int64_t>(got) < want) {
        if (got == r.data.size())
            r.data.resize(static_cast<size_t>(std::min<std::int64_t>(want, static_cast<std::int64_t>(got) * 2 + 4096)));
        const ssize_t n = ::read(fd, r.data.data() + got, r.data.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return failure(BoundedRead::Status::Unreadable, std::strerror(errno));
        if (n == 0)
            break;
        got += static_cast<size_t>(n);
    }
    r.data.resize(got);
    if (static_cast<std::int64_t>(got) > maxBytes) {
        if (refuseLarger)
            return failure(BoundedRead::Status::TooLarge, "is too large");
        r.data.resize(static_cast<size_t>(maxBytes));
    }
    return r;
}

std::string readJsonFile(const QString &path)
{
    BoundedRead r = readRegularFile(path, kMaxJsonFileBytes, true);
    const std::string p = path.toStdString();
    switch (r.status) {
    case BoundedRead::Status::Ok:
        return std::move(r.data);
    case BoundedRead::Status::Missing:
        throw InputError("no such file: " + p);
    case BoundedRead::Status::NotRegular:
        throw InputError(p + " " + r.reason);
    case BoundedRead::Status::TooLarge:
        throw InputError(p + " is larger than 16 MiB; not a config file");
    case BoundedRead::Status::Unreadable:
        break;
    }
    throw InputError("cannot read " + p + ": " + r.reason);
}
