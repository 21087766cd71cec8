#pragma once
#include <QRect>
#include <QString>

#include <functional>
#include <optional>

class QPainter;

// Saves a view as PNG or SVG (QSvgGenerator), chosen by the file's extension. Writes atomically.
namespace exporter {

using Render = std::function<void(QPainter &painter, const QRect &rect, bool vector)>;

// Returns an error message, or nothing on success.
std::optional<QString> save(const QString &path, const QSize &size, const QString &title, const Render &render);

} // namespace exporter
