#pragma once
#include <QFont>
#include <QObject>
#include <QPalette>

// For projectors: larger fonts, a high-contrast palette, and thicker lines in the views that listen
// to toggled() (they draw with presentation widths). Restores the application's own font and palette
// when switched off.
class PresentationMode : public QObject
{
    Q_OBJECT
public:
    static constexpr double kFontScale = 1.5;

    explicit PresentationMode(QObject *parent = nullptr);
    ~PresentationMode() override;

    bool isOn() const { return m_on; }
    static QPalette highContrastPalette();

public slots:
    void setOn(bool on);

signals:
    void toggled(bool on);

private:
    bool m_on = false;
    QFont m_font;
    QPalette m_palette;
};
