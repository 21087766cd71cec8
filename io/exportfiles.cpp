#include "io/exportfiles.h"

#include "core/model/errors.h"
#include "io/savefile.h"

#include <QDir>

#include <vector>

using namespace shardscope;

void saveExportText(const QString &path, const std::string &text)
{
    // The dialog's text as shown (command blocks or a script): 0644, as before; node scripts are 0755.
    if (const QString error = saveFileAtomically(path, QByteArray::fromStdString(text)); !error.isEmpty())
        throw InputError("cannot write " + path.toStdString() + ": " + error.toStdString());
}

QStringList saveNodeScripts(const ExportResult &result, const QString &dir)
{
    if (!result.ok)
        throw InputError(result.message());
    if (!QDir().mkpath(dir))
        throw InputError("cannot create the folder " + dir.toStdString());
    std::vector<OutputFile> files;
    QStringList written;
    for (const NodeLaunch &n : result.nodeLaunches) {
        const QString path = QDir(dir).filePath(QStringLiteral("node-%1.sh").arg(n.node));
        files.push_back({ path, QByteArray::fromStdString(result.script(n.node)), true });
        written << path;
    }
    // All nodes or none: a half-updated set of scripts would launch mismatched nodes.
    QString failed;
    if (const QString error = saveFilesAtomically(files, &failed); !error.isEmpty())
        throw InputError("cannot write " + failed.toStdString() + ": " + error.toStdString());
    return written;
}

QStringList saveManifests(const K8sExport &manifests, const QString &dir)
{
    if (!manifests.ok)
        throw InputError(manifests.refusal);
    if (!QDir().mkpath(dir))
        throw InputError("cannot create the folder " + dir.toStdString());
    std::vector<OutputFile> files;
    QStringList written;
    for (const K8sObject &o : manifests.objects) {
        // The names are DNS labels (kubernetesName), so a file name cannot leave the folder.
        const QString path = QDir(dir).filePath(QString::fromStdString(o.fileName()));
        files.push_back({ path, QByteArray::fromStdString(o.yaml), false });
        written << path;
    }
    QString failed;
    if (const QString error = saveFilesAtomically(files, &failed); !error.isEmpty())
        throw InputError("cannot write " + failed.toStdString() + ": " + error.toStdString());
    return written;
}
