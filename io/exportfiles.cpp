#include "io/exportfiles.h"

#include "core/model/errors.h"
#include "io/savefile.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

using namespace shardscope;

void saveExportText(const QString &path, const std::string &text)
{
    QSaveFile file(path);
    QString error;
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0
        || !commitComplete(file, &error))
        throw InputError(
            "cannot write " + path.toStdString() + ": " + (error.isEmpty() ? file.errorString() : error).toStdString());
}

QStringList saveNodeScripts(const ExportResult &result, const QString &dir)
{
    if (!result.ok)
        throw InputError(result.message());
    if (!QDir().mkpath(dir))
        throw InputError("cannot create the folder " + dir.toStdString());
    QStringList written;
    for (const NodeLaunch &n : result.nodeLaunches) {
        const QString path = QDir(dir).filePath(QStringLiteral("node-%1.sh").arg(n.node));
        saveExportText(path, result.script(n.node));
        QFile::setPermissions(
            path, QFile::permissions(path) | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther);
        written << path;
    }
    return written;
}
