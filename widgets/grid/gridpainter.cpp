#include "widgets/grid/gridpainter.h"

#include "widgets/common/palette.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kSwatch = 12;
constexpr double kPad = 4;
constexpr double kMark = 9; // width of a row-mark strip

double maxWidth(const QStringList &labels, const QFontMetricsF &fm)
{
    double w = 0;
    for (const QString &s : labels)
        w = std::max(w, fm.horizontalAdvance(s));
    return w;
}

double bandWidth(const std::vector<GridSpan> &band, const QFontMetricsF &fm)
{
    double w = 0;
    for (const GridSpan &s : band)
        w = std::max(w, fm.horizontalAdvance(s.label));
    return std::min(w + 2 * kPad, 140.0);
}

QColor cellColor(const GridData &d, int row, int column)
{
    return QColor::fromRgb(d.cells.pixel(column, row));
}

// Row weights that make `data.tallRows` one text line (`line` px) tall in an area `height` px high
// at zoom 1, the other rows sharing the rest; the tall rows never take more than half the height.
// Empty (every row alike) when a uniform row is already a line tall.
std::vector<double> rowWeights(const GridData &data, double height, double line)
{
    const auto rows = static_cast<double>(data.rows);
    const auto tall = static_cast<double>(data.tallRows.size());
    if (data.tallRows.empty() || tall >= rows || height / rows >= line)
        return {};
    // Tall rows of weight w, ordinary ones 1: a tall row is h * w with h = height / (rows - tall + tall * w).
    // h * w = line  =>  w = line * (rows - tall) / (height - tall * line).
    const double tallHeight = std::min(tall * line, height / 2);
    const double w = (tallHeight / tall) * (rows - tall) / (height - tallHeight);
    if (w <= 1)
        return {};
    std::vector<double> weights(static_cast<size_t>(data.rows), 1.0);
    for (int r : data.tallRows)
        if (r >= 0 && r < data.rows)
            weights[static_cast<size_t>(r)] = w;
    return weights;
}

} // namespace

GridFrame layoutGrid(const GridData &data, const QRectF &rect, const QFontMetricsF &fm, const GridView &view)
{
    GridFrame f;
    const double line = std::ceil(fm.height()) + kPad;
    // Legend: entries flow left to right and wrap.
    double x = rect.left() + kPad;
    double y = rect.top() + kPad / 2;
    for (const GridLegendEntry &e : data.legend) {
        const double w = (e.swatch ? kSwatch + kPad : 0) + fm.horizontalAdvance(e.text) + 3 * kPad;
        if (x + w > rect.right() && x > rect.left() + kPad) {
            x = rect.left() + kPad;
            y += line;
        }
        f.legendItems.emplace_back(x, y, w, line);
        x += w;
    }
    const double legendBottom = data.legend.empty() ? rect.top() : y + line + kPad / 2;
    f.legend = QRectF(rect.left(), rect.top(), rect.width(), legendBottom - rect.top());

    double left = rect.left();
    for (const auto &band : data.rowBands) {
        const double w = bandWidth(band, fm);
        f.rowBands.emplace_back(left, 0, w, 0);
        left += w;
    }
    QStringList rowLabels = data.rowLabels;
    if (!data.rowRunLabel.isEmpty() && data.rows > 1) // the widest run label has the largest numbers
        rowLabels << data.rowRunLabel.arg(data.rows - 2).arg(data.rows - 1);
    const double labelsWidth = data.rowLabels.isEmpty() ? 0 : std::min(maxWidth(rowLabels, fm) + 2 * kPad, 90.0);
    f.rowLabels = QRectF(left, 0, labelsWidth, 0);
    left += labelsWidth;
    for (size_t i = 0; i < data.rowMarks.size(); ++i) {
        f.rowMarks.emplace_back(left, 0, kMark, 0);
        left += kMark + 1;
    }

    double top = legendBottom;
    for (size_t i = 0; i < data.columnBands.size(); ++i) {
        f.columnBands.emplace_back(left, top, 0, line);
        top += line;
    }
    f.columnLabels = QRectF(left, top, 0, data.columnLabels.isEmpty() ? 0 : line);
    top += f.columnLabels.height();
    const double captionHeight = data.caption.isEmpty() ? 0 : line + kPad;
    const double bottom = rect.bottom() - captionHeight;
    f.caption = QRectF(rect.left() + kPad, bottom + kPad / 2, rect.width() - 2 * kPad, line);

    const QRectF area(std::round(left), std::round(top), std::max(1.0, std::floor(rect.right() - left - kPad)),
        std::max(1.0, std::floor(bottom - top)));
    f.cells = GridGeometry::fit(area, data.rows, data.columns, view.zoom, view.origin,
        rowWeights(data, area.height(), std::ceil(fm.height()) + 2));
    for (QRectF &b : f.rowBands) {
        b.setTop(area.top());
        b.setHeight(area.height());
    }
    f.rowLabels.setTop(area.top());
    f.rowLabels.setHeight(area.height());
    for (QRectF &m : f.rowMarks) {
        m.setTop(area.top());
        m.setHeight(area.height());
    }
    for (QRectF &b : f.columnBands)
        b.setWidth(area.width());
    f.columnLabels.setWidth(area.width());
    f.corner = QRectF(rect.left(), legendBottom, left - rect.left(), top - legendBottom);
    return f;
}

std::vector<GridLabel> rowLabelBoxes(const GridData &d, const GridFrame &f, const QFontMetricsF &fm)
{
    std::vector<GridLabel> out;
    const GridGeometry &g = f.cells;
    if (d.rowLabels.isEmpty() || f.rowLabels.width() <= 0 || d.rows <= 0)
        return out;
    const int step = labelStep(g.cellHeight, fm.height());
    const auto box = [&](double centre) {
        const double y = std::clamp(centre - fm.height() / 2, g.area.top(), g.area.bottom() - fm.height());
        return QRectF(f.rowLabels.left(), y, f.rowLabels.width() - kPad, fm.height());
    };
    const int firstRow = std::max(0, g.firstVisibleRow()), lastRow = std::min(d.rows - 1, g.lastVisibleRow());
    if (step > 1 && !d.rowRunLabel.isEmpty()) {
        // One label per run of `step` rows, centred on the run: no row goes unnamed.
        for (int first = firstRow - firstRow % step; first <= lastRow; first += step) {
            const int last = std::min(first + step, d.rows) - 1;
            out.push_back({ box(g.cellsRect(first, 0, last - first + 1, 1).center().y()),
                first == last ? d.rowLabels.value(first) : d.rowRunLabel.arg(first).arg(last), first, last });
        }
        return out;
    }
    for (int r : d.pinnedRows) {
        if (r < firstRow || r > lastRow)
            continue;
        const QRectF b = box(g.cellRect(r, 0).center().y());
        if (std::none_of(out.begin(), out.end(), [&](const GridLabel &o) { return o.box.intersects(b); }))
            out.push_back({ b, d.rowLabels.value(r), r, r });
    }
    const size_t pinned = out.size();
    for (int r = firstRow; r <= lastRow; ++r) {
        if ((r - d.rowLabelPhase) % step != 0
            || std::find(d.pinnedRows.begin(), d.pinnedRows.end(), r) != d.pinnedRows.end())
            continue;
        const QRectF b = box(g.cellRect(r, 0).center().y());
        if (std::none_of(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(pinned),
                [&](const GridLabel &o) { return o.box.intersects(b); }))
            out.push_back({ b, d.rowLabels.value(r), r, r });
    }
    return out;
}

namespace {

void paintCells(QPainter &p, const GridData &d, const GridGeometry &g, bool vector)
{
    if (d.rows == 0 || d.columns == 0)
        return;
    if (!vector && g.uniformRows()) {
        const QRectF source(g.origin.x(), g.origin.y(), g.area.width() / g.cellWidth, g.area.height() / g.cellHeight);
        p.drawImage(g.area, d.cells, source);
        return;
    }
    if (!vector) { // rows of different heights: one scaled strip of the image per row
        p.save();
        p.setClipRect(g.area);
        const double columns = g.area.width() / g.cellWidth;
        for (int r = g.firstVisibleRow(); r <= g.lastVisibleRow(); ++r) {
            const QRectF row = g.cellsRect(r, 0, 1, 1);
            p.drawImage(QRectF(g.area.left(), row.top(), g.area.width(), row.height()), d.cells,
                QRectF(g.origin.x(), r, columns, 1));
        }
        p.restore();
        return;
    }
    // Runs of one colour per row: far fewer shapes in the SVG than one per cell.
    for (int r = g.firstVisibleRow(); r <= g.lastVisibleRow(); ++r) {
        int c = g.firstVisibleColumn();
        while (c <= g.lastVisibleColumn()) {
            const QRgb color = d.cells.pixel(c, r);
            int end = c + 1;
            while (end <= g.lastVisibleColumn() && d.cells.pixel(end, r) == color)
                ++end;
            p.fillRect(g.cellsRect(r, c, 1, end - c).intersected(g.area), QColor::fromRgb(color));
            c = end;
        }
    }
}

void paintHatching(QPainter &p, const GridData &d, const GridGeometry &g)
{
    if (d.hatched.empty())
        return;
    const QBrush hatch(QColor(0, 0, 0, 110), Qt::BDiagPattern);
    for (int r = g.firstVisibleRow(); r <= g.lastVisibleRow(); ++r) {
        int c = g.firstVisibleColumn();
        while (c <= g.lastVisibleColumn()) {
            if (!d.isHatched(r, c)) {
                ++c;
                continue;
            }
            int end = c + 1;
            while (end <= g.lastVisibleColumn() && d.isHatched(r, end))
                ++end;
            p.fillRect(g.cellsRect(r, c, 1, end - c).intersected(g.area), hatch);
            c = end;
        }
    }
}

void paintLines(QPainter &p, const GridData &d, const GridGeometry &g)
{
    const QRectF a = g.area;
    // Cell borders only where cells are big enough for a border to help.
    p.setPen(QPen(palette::gridLine(), 1));
    if (g.cellWidth >= 10)
        for (int c = g.firstVisibleColumn() + 1; c <= g.lastVisibleColumn(); ++c) {
            const double x = std::round(g.cellRect(0, c).left()) + 0.5;
            p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        }
    if (g.cellHeight >= 10)
        for (int r = g.firstVisibleRow() + 1; r <= g.lastVisibleRow(); ++r) {
            const double y = std::round(g.cellRect(r, 0).top()) + 0.5;
            p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
        }
    const auto drawColumnBreaks = [&](const std::vector<int> &breaks, const QPen &pen) {
        p.setPen(pen);
        for (int c : breaks) {
            const double x = std::round(g.cellRect(0, c).left());
            if (x > a.left() && x < a.right())
                p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        }
    };
    // TP groups: thin lines, only when a group is several pixels wide.
    if (d.columnMinorBreaks.size() < a.width() / 4)
        drawColumnBreaks(d.columnMinorBreaks, QPen(QColor(0x44, 0x44, 0x44, 160), 1));
    drawColumnBreaks(d.columnBreaks, QPen(palette::separator(), 2));
    p.setPen(QPen(palette::separator(), 2));
    for (int r : d.rowBreaks) {
        const double y = std::round(g.cellRect(r, 0).top());
        if (y > a.top() && y < a.bottom())
            p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
    }
    p.setPen(QPen(QColor(0x88, 0x88, 0x88), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a.adjusted(-0.5, -0.5, 0.5, 0.5));
}

qsizetype maxLevels(const std::vector<GridBlock> &blocks)
{
    qsizetype n = 0;
    for (const GridBlock &b : blocks)
        n = std::max(n, b.labels.size());
    return n;
}

QStringList spanForms(const GridSpan &s)
{
    QStringList forms { s.label };
    if (!s.shortLabel.isEmpty())
        forms << s.shortLabel;
    if (!s.tinyLabel.isEmpty())
        forms << s.tinyLabel;
    return forms;
}

// One form for a whole band (long, short or tiny), the first that fits every span in sight:
// `width` gives a span's room, negative when it is out of sight (it does not count).
template <typename Width> int bandLevel(const std::vector<GridSpan> &band, const QFontMetricsF &fm, Width width)
{
    std::vector<double> widths;
    std::vector<QStringList> labels;
    qsizetype longest = 0;
    for (const GridSpan &s : band) {
        const double w = width(s);
        if (w < 0)
            continue;
        widths.push_back(w);
        labels.push_back(spanForms(s));
        longest = std::max(longest, labels.back().size());
    }
    const int level = sharedLabelChoice(widths, labels, fm);
    return level >= longest ? -1 : level; // -1: none fits them all, so none is drawn
}

void drawSpanLabel(QPainter &p, const QFontMetricsF &fm, const QRectF &r, const GridSpan &s, int level)
{
    const QStringList forms = spanForms(s);
    if (level < 0)
        return;
    const QString &text = forms[std::min<qsizetype>(level, forms.size() - 1)];
    if (fm.horizontalAdvance(text) + 4 <= r.width())
        p.drawText(r, Qt::AlignCenter, text);
}

void paintBlockLabels(QPainter &p, const GridData &d, const GridGeometry &g)
{
    const QFontMetricsF fm(p.font());
    const double h = fm.height();
    // One choice per row of blocks (the same top row): its longest label form that fits every block
    // of the row, so a row never reads "GPU 0–7 … GPU 88–95, 96–103".
    std::vector<int> choice(d.blocks.size(), 0);
    std::vector<std::pair<int, std::vector<size_t>>> rows;
    for (size_t i = 0; i < d.blocks.size(); ++i) {
        const int top = d.blocks[i].cells.top();
        auto it = std::find_if(rows.begin(), rows.end(), [top](const auto &r) { return r.first == top; });
        if (it == rows.end())
            rows.push_back({ top, { i } });
        else
            it->second.push_back(i);
    }
    for (const auto &[top, members] : rows) {
        std::vector<double> widths;
        std::vector<QStringList> labels;
        for (size_t i : members) {
            const GridBlock &b = d.blocks[i];
            const QRectF full = g.cellsRect(b.cells.top(), b.cells.left(), b.cells.height(), b.cells.width());
            if (!full.intersects(g.area))
                continue; // scrolled away: does not constrain what the visible ones say
            widths.push_back(full.width());
            labels.push_back(b.labels);
        }
        const int level = sharedLabelChoice(widths, labels, fm);
        for (size_t i : members)
            choice[i] = level;
    }
    const qsizetype levels = maxLevels(d.blocks);
    for (size_t i = 0; i < d.blocks.size(); ++i) {
        const GridBlock &b = d.blocks[i];
        const QRectF r
            = g.cellsRect(b.cells.top(), b.cells.left(), b.cells.height(), b.cells.width()).intersected(g.area);
        if (r.width() < 8 || r.height() < h || b.labels.isEmpty() || choice[i] >= levels)
            continue;
        const QString &text = b.labels[std::min<qsizetype>(choice[i], b.labels.size() - 1)];
        if (fm.horizontalAdvance(text) + 4 > r.width())
            continue; // cut by the edge of the view
        // On a plate of the cell's colour, so grid lines and hatching do not cross the text.
        const QColor background = cellColor(d, b.cells.top(), b.cells.left());
        const double w = fm.horizontalAdvance(text) + 4;
        const QRectF plate(r.center().x() - w / 2, r.center().y() - h / 2, w, h);
        p.fillRect(plate, background);
        p.setPen(palette::textOn(background));
        p.drawText(plate, Qt::AlignCenter, text);
    }
}

void paintRowHeaders(QPainter &p, const GridData &d, const GridFrame &f)
{
    const GridGeometry &g = f.cells;
    const QFontMetricsF fm(p.font());
    p.setPen(QColor(0x33, 0x33, 0x33));
    for (const GridLabel &label : rowLabelBoxes(d, f, fm))
        p.drawText(label.box, Qt::AlignRight | Qt::AlignVCenter, label.text);
    for (size_t i = 0; i < d.rowMarks.size() && i < f.rowMarks.size(); ++i) {
        const QRectF strip = f.rowMarks[i];
        const std::vector<QColor> &colors = d.rowMarks[i];
        for (int r = g.firstVisibleRow(); r <= g.lastVisibleRow() && r < static_cast<int>(colors.size()); ++r) {
            const QColor &c = colors[static_cast<size_t>(r)];
            if (!c.isValid())
                continue;
            const QRectF cell = g.cellRect(r, 0);
            p.fillRect(QRectF(strip.left(), cell.top(), strip.width(), cell.height()).intersected(strip), c);
        }
    }
    for (size_t i = 0; i < d.rowBands.size() && i < f.rowBands.size(); ++i) {
        const QRectF band = f.rowBands[i];
        const int level = bandLevel(d.rowBands[i], fm, [&](const GridSpan &s) {
            const QRectF r = g.cellsRect(s.first, 0, s.count, 1);
            // Rows: the text must fit across the band, and only spans tall enough for a line count.
            return r.bottom() > g.area.top() && r.top() < g.area.bottom() && r.height() >= fm.height()
                ? band.width() - 2
                : -1.0;
        });
        for (size_t k = 0; k < d.rowBands[i].size(); ++k) {
            const GridSpan &s = d.rowBands[i][k];
            QRectF r = g.cellsRect(s.first, 0, s.count, 1);
            r = QRectF(band.left() + 1, r.top(), band.width() - 2, r.height()).intersected(band);
            if (r.height() <= 0)
                continue;
            p.fillRect(r.adjusted(0, 0.5, 0, -0.5), k % 2 ? QColor(0xE4, 0xE4, 0xE4) : QColor(0xF0, 0xF0, 0xF0));
            if (fm.height() > r.height())
                continue;
            drawSpanLabel(p, fm, r, s, level);
        }
    }
}

void paintColumnHeaders(QPainter &p, const GridData &d, const GridFrame &f)
{
    const GridGeometry &g = f.cells;
    const QFontMetricsF fm(p.font());
    p.setPen(QColor(0x33, 0x33, 0x33));
    if (!d.columnLabels.isEmpty() && f.columnLabels.height() > 0) {
        double widest = 0;
        for (int c = g.firstVisibleColumn(); c <= g.lastVisibleColumn(); ++c)
            widest = std::max(widest, fm.horizontalAdvance(d.columnLabels.value(c)));
        const int step = labelStep(g.cellWidth, widest + 6);
        for (int c = g.firstVisibleColumn(); c <= g.lastVisibleColumn(); ++c) {
            if (c % step != 0)
                continue;
            const QRectF cell = g.cellRect(0, c);
            const double w = widest + 6;
            const QRectF box(cell.center().x() - w / 2, f.columnLabels.top(), w, f.columnLabels.height());
            if (box.center().x() >= g.area.left() && box.center().x() <= g.area.right())
                p.drawText(box, Qt::AlignCenter, d.columnLabels.value(c));
        }
    }
    for (size_t i = 0; i < d.columnBands.size() && i < f.columnBands.size(); ++i) {
        const QRectF band = f.columnBands[i];
        const int level = bandLevel(d.columnBands[i], fm, [&](const GridSpan &s) {
            const QRectF r = g.cellsRect(0, s.first, 1, s.count);
            return r.right() > g.area.left() && r.left() < g.area.right() ? r.width() : -1.0;
        });
        for (size_t k = 0; k < d.columnBands[i].size(); ++k) {
            const GridSpan &s = d.columnBands[i][k];
            QRectF r = g.cellsRect(0, s.first, 1, s.count);
            r = QRectF(r.left(), band.top() + 1, r.width(), band.height() - 2).intersected(band);
            if (r.width() <= 0)
                continue;
            p.fillRect(r.adjusted(0.5, 0, -0.5, 0), k % 2 ? QColor(0xE4, 0xE4, 0xE4) : QColor(0xF0, 0xF0, 0xF0));
            drawSpanLabel(p, fm, r, s, level);
        }
    }
}

void paintLegend(QPainter &p, const GridData &d, const GridFrame &f)
{
    const QFontMetricsF fm(p.font());
    for (size_t i = 0; i < d.legend.size() && i < f.legendItems.size(); ++i) {
        const GridLegendEntry &e = d.legend[i];
        const QRectF r = f.legendItems[i];
        double x = r.left();
        if (e.swatch) {
            const QRectF sw(x, r.center().y() - kSwatch / 2, kSwatch, kSwatch);
            p.fillRect(sw, e.color);
            if (e.hatched)
                p.fillRect(sw, QBrush(QColor(0, 0, 0, 110), Qt::BDiagPattern));
            p.setPen(QColor(0x66, 0x66, 0x66));
            p.setBrush(Qt::NoBrush);
            p.drawRect(sw);
            x += kSwatch + kPad;
        }
        p.setPen(e.swatch ? QColor(0x22, 0x22, 0x22) : QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(x, r.top(), r.right() - x, r.height()), Qt::AlignLeft | Qt::AlignVCenter, e.text);
    }
}

void paintCorner(QPainter &p, const GridData &d, const GridFrame &f)
{
    // Axis names, each only where it fits whole: rows at the top left, columns next to their labels.
    const QFontMetricsF fm(p.font());
    p.setPen(QColor(0x55, 0x55, 0x55));
    const QRectF c = f.corner.adjusted(kPad, 0, -kPad, 0);
    if (c.width() <= 0 || c.height() < fm.height())
        return;
    const QString columns = d.columnAxis.isEmpty() ? QString() : d.columnAxis + QStringLiteral(" →");
    const QString rows = d.rowAxis.isEmpty() ? QString() : d.rowAxis + QStringLiteral(" ↓");
    const bool twoLines = c.height() >= 2 * fm.height();
    if (!columns.isEmpty() && fm.horizontalAdvance(columns) <= c.width())
        p.drawText(c, Qt::AlignRight | Qt::AlignBottom, columns);
    const double used = twoLines ? 0 : fm.horizontalAdvance(columns) + 2 * kPad;
    if (!rows.isEmpty() && fm.horizontalAdvance(rows) + used <= c.width())
        p.drawText(c, Qt::AlignLeft | (twoLines ? Qt::AlignTop : Qt::AlignBottom), rows);
}

} // namespace

void paintGrid(QPainter &p, const GridData &d, const GridFrame &f, const GridView &view, bool vector)
{
    const GridGeometry &g = f.cells;
    p.save();
    if (d.rows == 0 || d.columns == 0) { // nothing to place: say why
        p.setPen(QColor(0x44, 0x44, 0x44));
        p.drawText(g.area.adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, d.caption);
        p.restore();
        return;
    }
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.save();
    p.setClipRect(g.area);
    paintCells(p, d, g, vector);
    paintHatching(p, d, g);
    paintLines(p, d, g);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    paintBlockLabels(p, d, g);
    if (view.hoverRow >= 0 && view.hoverColumn >= 0 && view.hoverRow < d.rows && view.hoverColumn < d.columns) {
        const QRectF r = g.cellRect(view.hoverRow, view.hoverColumn).adjusted(0.5, 0.5, -0.5, -0.5);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::white, 3));
        p.drawRect(r);
        p.setPen(QPen(Qt::black, 1));
        p.drawRect(r);
    }
    p.restore();
    paintRowHeaders(p, d, f);
    paintColumnHeaders(p, d, f);
    paintLegend(p, d, f);
    paintCorner(p, d, f);
    if (!d.caption.isEmpty()) {
        const QFontMetricsF fm(p.font());
        p.setPen(QColor(0x44, 0x44, 0x44));
        p.drawText(
            f.caption, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(d.caption, Qt::ElideRight, f.caption.width()));
    }
    p.restore();
}

int sharedLabelChoice(
    const std::vector<double> &widths, const std::vector<QStringList> &labels, const QFontMetricsF &fm)
{
    qsizetype longest = 0;
    for (const QStringList &l : labels)
        longest = std::max(longest, l.size());
    for (int level = 0; level < longest; ++level) {
        bool all = true;
        for (size_t i = 0; i < widths.size() && all; ++i)
            all = labels[i].isEmpty()
                || fm.horizontalAdvance(labels[i][std::min<qsizetype>(level, labels[i].size() - 1)]) + 4 <= widths[i];
        if (all)
            return level;
    }
    return static_cast<int>(longest); // none fits every block: no labels in the row
}
