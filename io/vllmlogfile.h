#pragma once
#include <QString>

#include <optional>
#include <string>

class QIODevice;

// A vLLM startup log as `shardscope reconcile` and the window's vLLM log tab read it. Logs are
// untrusted: at most kMaxVllmLogBytes + 1 bytes are read, one past the parser's limit so that it
// notes the cut (core/vllmlog/vllmlogparser.h).
std::string readVllmLog(QIODevice &device);

// The same from a regular file (io/boundedread.h: a FIFO or a directory is refused, never read).
// Nothing when it cannot be read; `why` then says why: "no such file" (translated where a translator
// is installed), "is a directory", "is not a regular file (a FIFO)" or the system's reason.
std::optional<std::string> readVllmLogFile(const QString &path, QString *why);
