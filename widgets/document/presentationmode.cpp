#include "widgets/document/presentationmode.h"

#include <QApplication>
#include <QToolTip>

PresentationMode::PresentationMode(QObject *parent)
    : QObject(parent)
{
}

PresentationMode::~PresentationMode()
{
    if (m_on)
        setOn(false);
}

// Black on white with a saturated blue selection: readable from the back of a room and in every
// colour-vision deficiency; borders (Mid, Dark) darker than the default so thin rules survive a
// projector.
QPalette PresentationMode::highContrastPalette()
{
    QPalette p;
    const QColor white(Qt::white), black(Qt::black);
    for (QPalette::ColorGroup g : { QPalette::Active, QPalette::Inactive }) {
        p.setColor(g, QPalette::Window, white);
        p.setColor(g, QPalette::WindowText, black);
        p.setColor(g, QPalette::Base, white);
        p.setColor(g, QPalette::AlternateBase, QColor(0xEE, 0xEE, 0xEE));
        p.setColor(g, QPalette::Text, black);
        p.setColor(g, QPalette::Button, QColor(0xF2, 0xF2, 0xF2));
        p.setColor(g, QPalette::ButtonText, black);
        p.setColor(g, QPalette::Highlight, QColor(0x00, 0x3E, 0xC8));
        p.setColor(g, QPalette::HighlightedText, white);
        p.setColor(g, QPalette::ToolTipBase, QColor(0xFF, 0xFF, 0xE0));
        p.setColor(g, QPalette::ToolTipText, black);
        p.setColor(g, QPalette::Mid, QColor(0x55, 0x55, 0x55));
        p.setColor(g, QPalette::Dark, QColor(0x22, 0x22, 0x22));
        p.setColor(g, QPalette::Light, white);
        p.setColor(g, QPalette::Link, QColor(0x00, 0x33, 0xAA));
        p.setColor(g, QPalette::PlaceholderText, QColor(0x44, 0x44, 0x44));
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x66, 0x66, 0x66));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x66, 0x66, 0x66));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x66, 0x66, 0x66));
    return p;
}

void PresentationMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    if (on) {
        m_font = QApplication::font();
        m_palette = QApplication::palette();
        QFont big = m_font;
        if (big.pointSizeF() > 0)
            big.setPointSizeF(big.pointSizeF() * kFontScale);
        else
            big.setPixelSize(static_cast<int>(big.pixelSize() * kFontScale));
        QApplication::setFont(big);
        QToolTip::setFont(big);
        QApplication::setPalette(highContrastPalette());
    } else {
        QApplication::setFont(m_font); // also drops the tooltips' font
        QApplication::setPalette(m_palette);
    }
    emit toggled(on);
}
