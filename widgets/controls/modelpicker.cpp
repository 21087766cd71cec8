#include "widgets/controls/modelpicker.h"

#include "core/text/suggest.h"
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
    , m_matches(new QStringListModel(this))
    , m_completer(new QCompleter(m_matches, this))
{
    m_combo->setModel(m_items);
    m_combo->setMaxVisibleItems(30);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(16);
    m_search->setClearButtonEnabled(true);
    // The completer lists what completionsFor() matched (words in any order), not its own prefix or
    // substring filter.
    m_completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_search->setCompleter(m_completer);
    connect(m_search, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_matches->setStringList(completionsFor(text));
        if (!text.trimmed().isEmpty() && m_matches->rowCount() > 0)
            m_completer->complete();
    });
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &text) {
        if (chooseMatching(text.section(QStringLiteral(" — "), 1)))
            m_search->clear();
    });
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
        m_search->setToolTip(tr("Type words of a model's name or id, in any order, then Enter"));
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
    m_completions.clear();
    const auto addModel = [&](const CatalogModel &m) {
        auto *item = new QStandardItem(QStringLiteral("   ") + textformat::qs(m.spec.name));
        item->setData(textformat::qs(m.spec.id), kIdRole);
        // A tool tip is rich text when it looks like it: names go through convertFromPlainText.
        item->setToolTip(Qt::convertFromPlainText(tr("%1 · %2 layers · %3")
                                                      .arg(textformat::qs(m.spec.id))
                                                      .arg(m.spec.layers)
                                                      .arg(textformat::qs(m.spec.hfRepo))));
        m_items->appendRow(item);
        m_completions << textformat::qs(m.spec.name) + QStringLiteral(" — ") + textformat::qs(m.spec.id);
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
    m_matches->setStringList(completionsFor(m_search->text()));
    sync();
}

bool ModelPicker::chooseMatching(const QString &text)
{
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return false;
    // An exact id first, then the first name or id holding every word, in list order.
    for (int pass = 0; pass < 2; ++pass)
        for (int row = 0; row < m_items->rowCount(); ++row) {
            const QString id = m_items->item(row)->data(kIdRole).toString();
            if (id.isEmpty())
                continue;
            const bool match = pass == 0 ? id.compare(needle, Qt::CaseInsensitive) == 0
                                         : shardscope::matchesAllWords(needle.toStdString(),
                                             (id + QLatin1Char(' ') + m_items->item(row)->text()).toStdString());
            if (match) {
                emit modelChosen(id);
                return true;
            }
        }
    return false;
}

QStringList ModelPicker::completionsFor(const QString &text) const
{
    QStringList out;
    for (const QString &c : m_completions)
        if (shardscope::matchesAllWords(text.toStdString(), c.toStdString()))
            out << c;
    return out;
}

void ModelPicker::sync()
{
    if (!m_document->hasPlan())
        return;
    const QSignalBlocker block(m_combo);
    const int row = m_combo->findData(textformat::qs(m_document->plan().modelId), kIdRole);
    m_combo->setCurrentIndex(row);
}
