#pragma once
// Shared by the window benchmarks: the two plans the issue names, and a median timer.
#include "tests/common/testutils.h"

#include <QElapsedTimer>
#include <QtDebug>

#include <algorithm>
#include <functional>
#include <vector>

// DeepSeek-V3 on 128 H200: tp 8 x dp 16, EP over all 128 GPUs (16 nodes).
inline shardscope::Plan deepSeekOn128()
{
    shardscope::Plan p;
    p.modelId = "deepseek-v3";
    p.gpuId = "h200";
    p.tp = 8;
    p.dp = 16;
    p.ep = 128;
    return p;
}

// Llama-3.1-405B on 64 H100: tp 8 x pp 8 (8 nodes).
inline shardscope::Plan llama405On64()
{
    shardscope::Plan p;
    p.modelId = "llama-3.1-405b";
    p.gpuId = "h100-sxm";
    p.tp = 8;
    p.pp = 8;
    return p;
}

// Runs `step` `runs` times and returns the median in milliseconds (also printed).
inline double medianMs(const char *what, int runs, const std::function<void()> &step)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        step();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    qInfo().noquote() << QStringLiteral("%1: median %2 ms, min %3 ms, max %4 ms over %5 runs")
                             .arg(QLatin1String(what))
                             .arg(median, 0, 'f', 3)
                             .arg(ms.front(), 0, 'f', 3)
                             .arg(ms.back(), 0, 'f', 3)
                             .arg(runs);
    return median;
}
