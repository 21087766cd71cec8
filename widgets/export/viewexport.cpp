#include "widgets/export/viewexport.h"

#include "core/text/sanitize.h"
#include "io/savefile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace exporter {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Exporter)
};
} // namespace

std::optional<QString> save(const QString &path, const QSize &size, const QString &title, const Render &render)
{
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    const QRect rect(QPoint(0, 0), size);
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(size);
        svg.setViewBox(rect);
        // QSvgGenerator (Qt 6.4) writes the title into <title> unescaped, and the title names the
        // model: "</title><script>…" would be a live script in a browser. Escaped here, one line
        // (XML 1.0 allows no C0 control character but TAB, LF, CR).
        svg.setTitle(QString::fromStdString(shardscope::sanitize::htmlText(title.toStdString())));
        svg.setDescription(Tr::tr("Exported from ShardScope"));
        QPainter p(&svg);
        render(p, rect, true);
    } else {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter p(&image);
            render(p, rect, false);
        }
        if (!image.save(&file, "PNG"))
            return Tr::tr("Cannot encode %1 as PNG").arg(QDir::toNativeSeparators(path));
    }
    file.close();
    if (const QString error = saveFileAtomically(path, bytes); !error.isEmpty())
        return Tr::tr("Cannot save %1: %2").arg(QDir::toNativeSeparators(path), error);
    return std::nullopt;
}

} // namespace exporter
