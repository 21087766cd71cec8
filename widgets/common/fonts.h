#pragma once
#include <QFont>

#include <functional>

class QChart;
class QWidget;

// Fonts that follow the application font. A widget given a font of its own (a smaller hint line, a
// fixed-pitch box, a chart's title and axes) stops inheriting QApplication::font(), so presentation
// mode, which scales the application font, would leave it small: these derive the font from the
// application's and re-derive it on every change.
namespace fonts {

// The application font scaled by `factor` (0.9 for a hint line).
QFont relative(double factor = 1.0);
// The system's fixed-pitch font at the application font's size.
QFont fixedPitch();
// Calls `apply` now and after each change of the application's font or palette, for as long as
// `owner` lives (whether or not Qt sends `owner` itself ApplicationFontChange). `apply` must be
// idempotent.
void followApplication(QWidget *owner, std::function<void()> apply);
// The chart's title, legend, and every axis's labels and title in the application font (labels
// scaled by `labelFactor`), their text and the background in the application palette's colours.
void styleChart(QChart *chart, double labelFactor = 1.0);

// Keeps the legend of the chart shown in `view` whole: below the plot while its labels fit in one
// row of the view's width, else at the right, one label a row (QtCharts would cut every label to
// "Wei…" instead), and the view tall enough for its texts (a minimum height of `minLines` lines).
// Re-checked on each resize of `view`; call refit() after changing the series.
void keepLegendWhole(QWidget *view, QChart *chart, int minLines = 10);
void refitLegend(QWidget *view, QChart *chart, int minLines = 10);

} // namespace fonts
