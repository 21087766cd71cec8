#pragma once
#include <QString>

#include <cstdint>
#include <string>

// Reading an untrusted file: a preset, a plan, a model config, a calibration, a log. Only a regular
// file is read. A FIFO, a character device (/dev/stdin on a terminal), a socket or a directory is
// refused before any read, so that nothing blocks waiting for a writer: the file is opened with
// O_NONBLOCK and the *opened descriptor* is checked with fstat (no window between a check and the
// open for a symlink to be swapped). Qt resource paths (":/...", the built-in presets) are read
// through QFile; they are compiled in and trusted.
struct BoundedRead
{
    enum class Status { Ok, Missing, NotRegular, TooLarge, Unreadable };
    Status status = Status::Ok;
    std::string data; // Ok: the bytes read
    // Not Ok: why, without the path. NotRegular: "is a directory", "is not a regular file (a FIFO)";
    // Unreadable: the system's reason ("Permission denied").
    std::string reason;
    bool ok() const { return status == Status::Ok; }
};

// At most `maxBytes` bytes. `refuseLarger`: a larger file is TooLarge (not read); otherwise the first
// maxBytes bytes are returned (a log parser notes the cut itself).
BoundedRead readRegularFile(const QString &path, std::int64_t maxBytes, bool refuseLarger);

// The largest JSON input (preset, plan, model config, calibration) ShardScope reads: 16 MiB.
inline constexpr std::int64_t kMaxJsonFileBytes = std::int64_t { 16 } * 1024 * 1024;

// A JSON input file, whole. Throws shardscope::InputError with a one-line message naming the file:
// "no such file: P", "P is a directory", "P is not a regular file (a FIFO)",
// "P is larger than 16 MiB; not a config file", "cannot read P: <reason>".
std::string readJsonFile(const QString &path);
