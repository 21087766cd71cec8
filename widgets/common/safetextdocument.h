#pragma once
#include <QTextDocument>
#include <QUrl>
#include <QVariant>

// A QTextDocument that loads nothing: rich text and Markdown built from untrusted names (a model
// called <img src="/dev/zero"> or ![x](/some.png)) must not make Qt read a file. Only the resources
// ShardScope added itself (addResource: the placement pictures) are found; everything else is
// empty. docs/DESIGN.md §8.
class SafeTextDocument : public QTextDocument
{
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int, const QUrl &) override { return {}; }
};
