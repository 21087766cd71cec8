#include "widgets/vllm/launchpreview.h"

#include "core/launch/launchexport.h"
#include "widgets/document/plandocument.h"

#include <QCoreApplication>

using namespace shardscope;

LaunchPreview vllmServePreview(const PlanState &state)
{
    const Evaluation &e = state.evaluation;
    if (!e.valid) {
        const PlanIssue *error = e.firstError();
        const QString text
            = QStringLiteral("# ") + QString::fromStdString(error ? error->message() : std::string("invalid plan"));
        return { text, text };
    }
    const ExportResult r = exportLaunch(e, state.model, ExportOptions {});
    const QString full = QString::fromStdString(r.text()).trimmed();
    if (!r.ok || r.nodeLaunches.empty())
        return { full, full };
    const QString first = QString::fromStdString(r.nodeText(r.nodeLaunches.front().node)).trimmed();
    if (r.nodes <= 1)
        return { first, first };
    return { QStringLiteral("# ") + QString::fromStdString(r.summary) + QLatin1Char('\n') + first + QLatin1Char('\n')
            + QCoreApplication::translate(
                "VllmPreview", "# … and %1 more nodes: Copy takes them all, Export… shows each")
                  .arg(r.nodes - 1),
        full };
}
