#include "io/vllmlogfile.h"

#include "core/vllmlog/vllmlogparser.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

std::string readVllmLog(QIODevice &device)
{
    return device.read(static_cast<qint64>(shardscope::kMaxVllmLogBytes) + 1).toStdString();
}

std::optional<std::string> readVllmLogFile(const QString &path, QString *why)
{
    if (!QFileInfo(path).isFile()) {
        if (why)
            *why = QCoreApplication::translate("LogReconciler", "no such file");
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (why)
            *why = file.errorString();
        return std::nullopt;
    }
    return readVllmLog(file);
}
