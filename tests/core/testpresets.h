#pragma once
// Test helpers: the built-in presets, loaded through the same repository the app uses.
#include "app/presetrepository.h"
#include "core/evaluation.h"

#include <QTest>

#include <string>

namespace QTest {
template<>
inline char *toString(const std::string &s)
{
    return qstrdup(s.c_str());
}
} // namespace QTest

inline const PresetRepository &builtinPresets()
{
    static const PresetRepository repo = PresetRepository::loadFrom({QStringLiteral(":/presets")});
    return repo;
}

inline shardscope::ModelSpec presetModel(const char *id)
{
    return builtinPresets().resolveModel(QString::fromLatin1(id));
}

inline shardscope::GpuSpec presetGpu(const char *id)
{
    return builtinPresets().resolveGpu(QString::fromLatin1(id));
}
