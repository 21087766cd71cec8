#include "widgets/controls/modelpicker.h"

#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

#include <QComboBox>
#include <QCompleter>
#include <QGridLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStringListModel>
#include <QTextDocument>
#include <QToolButton>

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
}

ModelPicker::ModelPicker(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_combo(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_items(new QStandardItemModel(this))
{
    m_combo->setModel(m_items);
    m_combo->setMaxVisibleItems(30);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(16);
    m_search->setClearButtonEnabled(true);
    auto *open = new QToolButton(this);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_combo, 0, 0, 1, 2);
    layout->addWidget(m_search, 1, 0);
    layout->addWidget(open, 1, 1);

    connect(open, &QToolButton::clicked, this, &ModelPicker::openConfigRequested);
    connect(m_combo, &QComboBox::activated, this, [this](int row) {
        const QString id = m_combo->itemData(row, kIdRole).toString();
        if (!id.isEmpty())
            emit modelChosen(id);
    });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (chooseMatching(m_search->text()))
            m_search->clear();
    });
    connect(document, &PlanDocument::catalogChanged, this, &ModelPicker::rebuild);
    connect(document, &PlanDocument::planChanged, this, &ModelPicker::sync);
    retranslateWith(this, [this, open] {
        m_search->setPlaceholderText(tr("Search models…"));
        m_search->setToolTip(tr("Type part of a model's name or id, then Enter"));
        open->setText(tr("Open config.json…"));
        open->setToolTip(tr("Use a Hugging Face config.json (you can also drop one on the window)"));
        rebuild(); // the group headers and the models' tooltips
    });
}

void ModelPicker::rebuild()
{
    const QSignalBlocker block(m_combo);
    m_items->clear();
    const std::pair<const char *, QString> groups[] = { { "dense", tr("Dense") }, { "moe", tr("Mixture of experts") },
        { "mla", tr("MLA (DeepSeek-style attention)") } };
    QStringList completions;
    const auto addModel = [&](const CatalogModel &m) {
        auto *item = new QStandardItem(QStringLiteral("   ") + textformat::qs(m.spec.name));
        item->setData(textformat::qs(m.spec.id), kIdRole);
        // A tool tip is rich text when it looks like it: names go through convertFromPlainText.
        item->setToolTip(Qt::convertFromPlainText(tr("%1 · %2 layers · %3")
                                                      .arg(textformat::qs(m.spec.id))
                                                      .arg(m.spec.layers)
                                                      .arg(textformat::qs(m.spec.hfRepo))));
        m_items->appendRow(item);
        completions << textformat::qs(m.spec.name) + QStringLiteral(" — ") + textformat::qs(m.spec.id);
    };
    const auto addHeader = [&](const QString &title) {
        auto *header = new QStandardItem(title);
        header->setFlags(Qt::NoItemFlags);
        QFont bold = font();
        bold.setBold(true);
        header->setFont(bold);
        m_items->appendRow(header);
    };
    for (const auto &[category, title] : groups) {
        bool any = false;
        for (const CatalogModel &m : m_document->catalog().models())
            if (!m.isCustom() && m.spec.category() == category) {
                if (!any)
                    addHeader(title);
                any = true;
                addModel(m);
            }
    }
    bool anyCustom = false;
    for (const CatalogModel &m : m_document->catalog().models())
        if (m.isCustom()) {
            if (!anyCustom)
                addHeader(tr("Your configs"));
            anyCustom = true;
            addModel(m);
        }
    auto *completer = new QCompleter(completions, m_search);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    connect(completer, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &text) {
        if (chooseMatching(text.section(QStringLiteral(" — "), 1)))
            m_search->clear();
    });
    delete m_search->completer();
    m_search->setCompleter(completer);
    sync();
}

bool ModelPicker::chooseMatching(const QString &text)
{
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return false;
    // An exact id first, then the first name or id containing the text, in list order.
    for (int pass = 0; pass < 2; ++pass)
        for (int row = 0; row < m_items->rowCount(); ++row) {
            const QString id = m_items->item(row)->data(kIdRole).toString();
            if (id.isEmpty())
                continue;
            const bool match = pass == 0 ? id.compare(needle, Qt::CaseInsensitive) == 0
                                         : id.contains(needle, Qt::CaseInsensitive)
                    || m_items->item(row)->text().contains(needle, Qt::CaseInsensitive);
            if (match) {
                emit modelChosen(id);
                return true;
            }
        }
    return false;
}

void ModelPicker::sync()
{
    if (!m_document->hasPlan())
        return;
    const QSignalBlocker block(m_combo);
    const int row = m_combo->findData(textformat::qs(m_document->plan().modelId), kIdRole);
    m_combo->setCurrentIndex(row);
}
