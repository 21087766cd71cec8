#pragma once
// Helpers for the window tests: the built-in presets as a catalog, plans in one line, and a
// QSettings sandbox so no test reads or writes the user's session.
#include "app/presetrepository.h"
#include "core/plan.h"
#include "widgets/modelcatalog.h"

#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>
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

inline ModelCatalog builtinCatalog()
{
    return ModelCatalog::fromRepository(builtinPresets());
}

inline shardscope::Plan makePlan(const char *model, const char *gpu, int tp, int pp = 1, int dp = 1, int ep = 1)
{
    shardscope::Plan p;
    p.modelId = model;
    p.gpuId = gpu;
    p.tp = tp;
    p.pp = pp;
    p.dp = dp;
    p.ep = ep;
    return p;
}

// Points QSettings at a fresh temporary folder for the life of the test process.
inline void sandboxSettings()
{
    static QTemporaryDir dir;
    QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("ShardScopeTest"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}
