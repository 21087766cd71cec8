#pragma once
// Helpers every test folder shares: readable std::string failures, the built-in presets loaded
// through the same repository the app uses, plans in one line, and a QSettings sandbox so no test
// reads or writes the user's session.
#include "core/evaluate/evaluation.h"
#include "core/model/modelcatalog.h"
#include "core/model/plan.h"
#include "io/presetrepository.h"

#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <string>

namespace QTest {
// Qt 6.4's QCOMPARE prints no values for std::string without this.
template <> inline char *toString(const std::string &s)
{
    return qstrdup(s.c_str());
}
} // namespace QTest

// A computed value against one worked out by hand: |got - want| within relTol of want.
inline bool near(double got, double want, double relTol)
{
    return std::fabs(got - want) <= relTol * std::fabs(want);
}

inline const PresetRepository &builtinPresets()
{
    static const PresetRepository repo = PresetRepository::loadFrom({ QStringLiteral(":/presets") });
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

inline ModelCatalog builtinCatalog()
{
    return catalogFromPresets(builtinPresets());
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
