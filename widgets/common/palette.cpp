#include "widgets/common/palette.h"

namespace palette {

namespace {
// Paul Tol's qualitative schemes (personal.sron.nl/~pault): "muted" (indigo, sand, green, cyan, wine,
// teal, rose, olive, purple), then "vibrant" and "light" without their greys: 23 colours, ordered
// so that neighbours differ in hue and lightness. Beyond 23 the cycle repeats; legends and labels
// say so.
constexpr QRgb kCycle[] = { 0x332288, 0xDDCC77, 0x117733, 0x88CCEE, 0x882255, 0x44AA99, 0xCC6677, 0x999933, 0xAA4499,
    0x0077BB, 0xEE7733, 0x009988, 0xEE3377, 0x33BBEE, 0xCC3311, 0x77AADD, 0xEE8866, 0x44BB99, 0xFFAABB, 0xAAAA00,
    0x99DDFF, 0xBBCC33, 0xEEDD88 };
constexpr int kCycleLength = int(sizeof kCycle / sizeof kCycle[0]);
} // namespace

int categoricalCount()
{
    return kCycleLength;
}

QColor categorical(int index)
{
    if (index < 0)
        return emptyCell();
    return QColor::fromRgb(kCycle[index % kCycleLength]);
}

QColor textOn(const QColor &background)
{
    // Relative luminance (sRGB weights); 0.45 keeps text on the mid-tone Tol colours black.
    const double l = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return l > 0.45 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor emptyCell()
{
    return QColor(0xF2, 0xF2, 0xF2);
}
QColor denseLayer()
{
    return QColor(0xBB, 0xBB, 0xBB);
}
QColor gridLine()
{
    return QColor(255, 255, 255, 170);
}
QColor separator()
{
    return QColor(0x22, 0x22, 0x22);
}

// Okabe & Ito (jfly.uni-koeln.de/color): blue, bluish green, orange, reddish purple.
QColor weights()
{
    return QColor(0x00, 0x72, 0xB2);
}
QColor kvBudget()
{
    return QColor(0x00, 0x9E, 0x73);
}
QColor activation()
{
    return QColor(0xE6, 0x9F, 0x00);
}
QColor otherMemory()
{
    return QColor(0xCC, 0x79, 0xA7);
}
QColor freeMemory()
{
    return QColor(0xDD, 0xDD, 0xDD);
}

QColor error()
{
    return QColor(0xD5, 0x5E, 0x00);
} // vermillion
QColor warning()
{
    return QColor(0xE6, 0x9F, 0x00);
} // orange
QColor info()
{
    return QColor(0x56, 0xB4, 0xE9);
} // sky blue
QColor ok()
{
    return QColor(0x00, 0x9E, 0x73);
} // bluish green

} // namespace palette
