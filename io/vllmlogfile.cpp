#include "io/vllmlogfile.h"

#include "core/vllmlog/vllmlogparser.h"
#include "io/boundedread.h"

#include <QCoreApplication>
#include <QIODevice>

std::string readVllmLog(QIODevice &device)
{
    return device.read(static_cast<qint64>(shardscope::kMaxVllmLogBytes) + 1).toStdString();
}

std::optional<std::string> readVllmLogFile(const QString &path, QString *why)
{
    // Only a regular file: a FIFO or a terminal would block the read (standard input is "-", read by
    // the caller on purpose).
    BoundedRead r = readRegularFile(path, static_cast<std::int64_t>(shardscope::kMaxVllmLogBytes) + 1, false);
    if (r.ok())
        return std::move(r.data);
    if (why)
        *why = r.status == BoundedRead::Status::Missing ? QCoreApplication::translate("LogReconciler", "no such file")
                                                        : QString::fromStdString(r.reason);
    return std::nullopt;
}
