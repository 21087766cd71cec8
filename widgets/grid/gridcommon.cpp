#include "widgets/grid/gridbuilders.h"

#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

#include <QCoreApplication>

QColor stageColor(int stage)
{
    return palette::categorical(stage);
}
QColor replicaColor(int dpRank)
{
    return palette::categorical(dpRank);
}
QColor tpRankColor(int tpRank)
{
    return palette::categorical(tpRank);
}
QColor epRankColor(int epRank)
{
    // EP 128 would repeat the categorical cycle every palette::categoricalCount() ranks: each later
    // round of the cycle is shaded (darker, lighter, darker still, ...) so rank 0 and rank 23 differ.
    const QColor base = palette::categorical(epRank);
    const int n = palette::categoricalCount();
    const int round = epRank < 0 ? 0 : epRank / n;
    if (round == 0)
        return base;
    const int step = (round + 1) / 2;
    const QColor shaded = round % 2 == 1 ? base.darker(100 + 30 * step) : base.lighter(100 + 18 * step);
    return QColor::fromRgb(shaded.rgb()); // an RGB colour, like the others (QColor == compares the spec)
}

namespace gridbuild {

GridData invalid(const PlanState &state)
{
    GridData d;
    const shardscope::PlanIssue *error = state.evaluation.firstError();
    d.caption = GridText::tr("No placement: %1").arg(error ? textformat::issue(*error) : GridText::tr("invalid plan"));
    return d;
}

void addCategoryLegend(GridData &d, const QString &what, int count, QColor (*color)(int))
{
    constexpr int kListed = 12;
    const int shown = count <= kListed ? count : 8;
    for (int i = 0; i < shown; ++i)
        d.legend.push_back({ color(i), QStringLiteral("%1 %2").arg(what).arg(i) });
    if (shown < count)
        d.legend.push_back({ {},
            count > palette::categoricalCount()
                ? GridText::tr("… %1 %2–%3 (colours repeat every %4; hover a cell)")
                      .arg(what)
                      .arg(shown)
                      .arg(count - 1)
                      .arg(palette::categoricalCount())
                : GridText::tr("… %1 %2–%3 (hover a cell)").arg(what).arg(shown).arg(count - 1),
            false, false });
}

void fillRow(QImage &image, int row, int firstColumn, int count, QRgb color)
{
    auto *line = reinterpret_cast<QRgb *>(image.scanLine(row));
    std::fill(line + firstColumn, line + firstColumn + count, color);
}

} // namespace gridbuild
