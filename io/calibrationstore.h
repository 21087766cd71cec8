#pragma once
#include "core/model/calibrationprofile.h"

#include <QString>
#include <QStringList>

// Calibration profiles saved by `shardscope reconcile --save-calibration`: one JSON file per profile in
// <AppDataLocation>/calibrations/<name>.json (schema "shardscope.calibration/1").
namespace CalibrationStore {

QString folder();
QStringList names();
// A file path, or the name of a saved profile. Throws shardscope::InputError with a one-line message.
shardscope::CalibrationProfile resolve(const QString &fileOrName);
// Writes atomically (io/savefile.h) and returns the path. Throws shardscope::InputError on failure.
QString save(const shardscope::CalibrationProfile &profile);
// "h100-sxm-vllm-0.11": the default name of a profile for a GPU and a version.
QString defaultName(const QString &gpuId, const shardscope::VllmVersion &version);

} // namespace CalibrationStore
