#pragma once
#include <QString>

class QSaveFile;

// QSaveFile::commit() in Qt 6.4 renames a short file into place when the disk fills up in the middle
// of a write: write(2) stores part of the data, the error on the rest is not reported, and the
// user's previous file is replaced by a truncated one. commitComplete() commits only when every
// byte written reached the file; otherwise it discards the new file, leaves the old one untouched,
// sets `error` and returns false. Use it instead of commit().
bool commitComplete(QSaveFile &file, QString *error = nullptr);
