#pragma once
#include <QColor>

// Colours that stay distinguishable with the common colour-vision deficiencies: Paul Tol's "muted"
// scheme for categories (GPUs, stages, replicas) and Okabe & Ito's for memory kinds and states.
// Colour is never the only cue: labels, hatching and legends carry the same information.
namespace palette {

// Category `index` (>= 0); the colours repeat after categoricalCount().
QColor categorical(int index);
int categoricalCount();
// Black or white, whichever reads better on `background`.
QColor textOn(const QColor &background);

QColor emptyCell(); // a cell nobody holds
QColor denseLayer(); // a dense layer in the experts view
QColor gridLine();
QColor separator(); // stage and node boundaries

QColor weights();
QColor kvBudget();
QColor activation();
QColor otherMemory();
QColor freeMemory();

QColor error();
QColor warning();
QColor info();
QColor ok();

} // namespace palette
