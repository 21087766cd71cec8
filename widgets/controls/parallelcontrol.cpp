#include "widgets/controls/parallelcontrol.h"

#include "widgets/common/fonts.h"

#include "widgets/common/palette.h"

#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>

void SnapSpinBox::stepBy(int steps)
{
    if (m_allowed.empty()) {
        QSpinBox::stepBy(steps);
        return;
    }
    // Up: the first allowed value above the current one, then further; down likewise below.
    const int v = value();
    const long up = std::upper_bound(m_allowed.begin(), m_allowed.end(), v) - m_allowed.begin();
    const long down = std::lower_bound(m_allowed.begin(), m_allowed.end(), v) - m_allowed.begin();
    const long index = steps > 0 ? up + steps - 1 : down + steps;
    setValue(m_allowed[static_cast<size_t>(std::clamp<long>(index, 0, static_cast<long>(m_allowed.size()) - 1))]);
}

QAbstractSpinBox::StepEnabled SnapSpinBox::stepEnabled() const
{
    if (m_allowed.empty())
        return QSpinBox::stepEnabled();
    StepEnabled e = StepNone;
    if (value() > m_allowed.front())
        e |= StepDownEnabled;
    if (value() < m_allowed.back())
        e |= StepUpEnabled;
    return e;
}

ParallelControl::ParallelControl(const QString &name, const QString &toolTip, QWidget *parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new SnapSpinBox(this))
    , m_name(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_reason(new QLabel(this))
{
    QLabel *label = m_name;
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    label->setMinimumWidth(label->fontMetrics().horizontalAdvance(QStringLiteral("MMM")));
    setName(name, toolTip);
    m_slider->setPageStep(1);
    m_spin->setRange(1, 1 << 20);
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText); // hints and reasons quote the model's name
    m_reason->setTextFormat(Qt::PlainText);
    m_hint->setStyleSheet(QStringLiteral("color: #555555"));
    m_reason->setWordWrap(true);
    // The hint lines a little smaller than the application font, and as large as it in presentation mode.
    fonts::followApplication(this, [this] {
        m_hint->setFont(fonts::relative(0.9));
        m_reason->setFont(fonts::relative(0.9));
    });
    m_reason->setStyleSheet(QStringLiteral("color: %1").arg(palette::error().darker(130).name()));
    m_reason->setVisible(false);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setVerticalSpacing(1);
    grid->addWidget(label, 0, 0);
    grid->addWidget(m_slider, 0, 1);
    grid->addWidget(m_spin, 0, 2);
    grid->addWidget(m_hint, 1, 1, 1, 2);
    grid->addWidget(m_reason, 2, 1, 1, 2);
    grid->setColumnStretch(1, 1);

    connect(m_slider, &QSlider::sliderPressed, this, &ParallelControl::dragStarted);
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        if (position < 0 || position >= static_cast<int>(m_allowed.size()))
            return;
        setReason({});
        emit valueRequested(m_allowed[static_cast<size_t>(position)], m_slider->isSliderDown());
    });
    connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) {
        if (std::find(m_allowed.begin(), m_allowed.end(), v) != m_allowed.end()) {
            setReason({});
            emit valueRequested(v, false);
        } else {
            emit refusedValueEntered(v);
        }
    });
}

void ParallelControl::setAllowed(const std::vector<int> &allowed, int value)
{
    const QSignalBlocker b1(m_slider);
    const QSignalBlocker b2(m_spin);
    if (allowed != m_allowed) {
        m_allowed = allowed;
        m_slider->setRange(0, std::max(0, static_cast<int>(allowed.size()) - 1));
        m_spin->setAllowed(allowed);
    }
    const auto it = std::lower_bound(m_allowed.begin(), m_allowed.end(), value);
    m_slider->setValue(static_cast<int>(it - m_allowed.begin()));
    m_spin->setValue(value);
    m_slider->setEnabled(m_allowed.size() > 1);
}

void ParallelControl::setName(const QString &name, const QString &toolTip)
{
    m_name->setText(name);
    m_name->setToolTip(toolTip);
    m_slider->setToolTip(toolTip);
    m_spin->setToolTip(toolTip);
}

void ParallelControl::setHint(const QString &hint)
{
    m_hint->setText(hint);
}

void ParallelControl::setReason(const QString &reason)
{
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
}

QString ParallelControl::reason() const
{
    return m_reason->text();
}

int ParallelControl::value() const
{
    return m_spin->value();
}
