#include "io/savefile.h"

#include <QCoreApplication>
#include <QSaveFile>

bool commitComplete(QSaveFile &file, QString *error)
{
    if (!file.isOpen()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    const qint64 written = file.pos(); // every byte handed to the file, buffered or not
    const bool flushed = file.flush();
    const qint64 onDisk = file.size(); // fstat of the temporary file
    if (!flushed || onDisk != written) {
        if (error)
            *error = QCoreApplication::translate(
                "savefile", "the disk is full or the file is too large (%1 of %2 bytes written)")
                         .arg(onDisk)
                         .arg(written);
        file.cancelWriting();
        file.commit(); // after cancelWriting(): removes the temporary file, keeps the old one
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}
