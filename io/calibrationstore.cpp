#include "io/calibrationstore.h"

#include "core/model/errors.h"
#include "io/boundedread.h"
#include "io/presetrepository.h"
#include "io/savefile.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

using namespace shardscope;

namespace CalibrationStore {

QString folder()
{
    return PresetRepository::userFolder() + QStringLiteral("/calibrations");
}

QStringList names()
{
    QStringList out;
    const QDir dir(folder());
    for (const QFileInfo &f : dir.entryInfoList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
        out << f.completeBaseName();
    return out;
}

CalibrationProfile resolve(const QString &fileOrName)
{
    QString path = fileOrName;
    // Anything that exists is read as a file (readJsonFile refuses a FIFO or a folder by name).
    if (!QFileInfo::exists(path)) {
        static const QRegularExpression plainName(QStringLiteral("^[A-Za-z0-9._-]{1,128}$"));
        if (!plainName.match(fileOrName).hasMatch())
            throw InputError("calibration " + fileOrName.toStdString() + " is neither a file nor a saved profile name");
        path = folder() + QLatin1Char('/') + fileOrName + QStringLiteral(".json");
        if (!QFileInfo::exists(path)) {
            const QStringList known = names();
            throw InputError("no calibration profile named \"" + fileOrName.toStdString() + "\" (saved: "
                + (known.isEmpty() ? std::string("none") : known.join(QStringLiteral(", ")).toStdString()) + ")");
        }
    }
    return calibrationFromJsonText(readJsonFile(path));
}

QString defaultName(const QString &gpuId, const VllmVersion &version)
{
    const VllmVersion v = resolvedVllmVersion(version);
    QString id = gpuId.isEmpty() ? QStringLiteral("gpu") : gpuId;
    id.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    return id + QStringLiteral("-vllm-%1.%2").arg(v.major).arg(v.minor);
}

QString save(const CalibrationProfile &profile)
{
    static const QRegularExpression plainName(QStringLiteral("^[A-Za-z0-9._-]{1,128}$"));
    const QString name = QString::fromStdString(profile.name);
    if (!plainName.match(name).hasMatch())
        throw InputError("calibration name \"" + profile.name + "\" may only use letters, digits, '.', '_' and '-'");
    if (!QDir().mkpath(folder()))
        throw InputError("cannot create " + folder().toStdString());
    QString path = folder() + QLatin1Char('/') + name + QStringLiteral(".json");
    const QByteArray data = QByteArray::fromStdString(calibrationToJson(profile).dump(2) + "\n");
    if (const QString error = saveFileAtomically(path, data); !error.isEmpty())
        throw InputError("cannot write " + path.toStdString() + ": " + error.toStdString());
    return path;
}

} // namespace CalibrationStore
