#pragma once
// Real vLLM startup-log excerpts stored under tests/data/vllm-logs/ (short excerpts, each cited where
// it is used).
#include <QFile>
#include <QString>

#include <string>

inline std::string vllmLogExcerpt(const char *name)
{
    QFile f(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR")) + QStringLiteral("/tests/data/vllm-logs/")
        + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}
