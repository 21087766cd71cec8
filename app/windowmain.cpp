#include "app/windowmain.h"

#include "cli/commands.h"
#include "cli/planoptions.h"
#include "cli/servingoptions.h"
#include "core/model/errors.h"
#include "core/model/modelcatalog.h"
#include "core/model/planio.h"
#include "io/boundedread.h"
#include "io/presetrepository.h"
#include "io/savefile.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/presentationmode.h"
#include "widgets/serving/latencycurve.h"
#include "widgets/teaching/teachingcontroller.h"
#include "widgets/window/issuesbanner.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QThread>

#include <algorithm>
#include <cstring>
#include <iostream>

using namespace shardscope;

namespace {

int fail(const std::string &message)
{
    std::string line = message;
    for (char &c : line)
        if (c == '\n' || c == '\r')
            c = ' ';
    std::cerr << "shardscope: error: " << line << std::endl;
    return 2;
}

bool anyPlanOption(const QCommandLineParser &parser)
{
    for (const QString &name : parser.optionNames())
        if (name != QLatin1String("tab") && name != QLatin1String("screenshot") && name != QLatin1String("size")
            && name != QLatin1String("lang") && name != QLatin1String("presentation"))
            return true;
    return false;
}

// The workload flags (cli/servingoptions.h); the step-model overrides are the CLI's only.
bool anyWorkloadOption(const QCommandLineParser &parser)
{
    for (const char *name : { "input-len", "output-len", "input-len-range", "dataset-name", "max-concurrency",
             "request-rate", "num-prompts", "prefix-hit-rate", "seed" })
        if (parser.isSet(QLatin1String(name)))
            return true;
    return false;
}

struct GuiOptions
{
    std::optional<Plan> plan;
    std::optional<Workload> workload; // --input-len ... as `shardscope plan` takes them
    QString modelSource; // a config.json given with --model, to keep in the catalog
    QString tab;
    QString screenshot;
    QSize size { 1600, 1000 };
};

// Renders the window offscreen at a fixed size and writes a PNG.
int screenshot(MainWindow &window, const GuiOptions &o)
{
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(o.size);
    window.show();
    QApplication::processEvents();
    window.resize(o.size); // after show: the layout settles at exactly this size
    QApplication::processEvents();
    // A view that computes in a worker (the latency curve) is drawn once its result is in (at most 60 s).
    QElapsedTimer waited;
    waited.start();
    const auto computing = [&window] {
        const QList<LatencyCurveView *> views = window.findChildren<LatencyCurveView *>();
        return std::any_of(views.begin(), views.end(), [](const LatencyCurveView *v) { return v->isComputing(); });
    };
    while (computing() && waited.elapsed() < 60000) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    QApplication::processEvents();
    const QImage image = window.grab().toImage();
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG"))
        return fail("cannot write " + o.screenshot.toStdString() + ": cannot encode the picture");
    if (const QString error = saveFileAtomically(o.screenshot, png); !error.isEmpty())
        return fail("cannot write " + o.screenshot.toStdString() + ": " + error.toStdString());
    return 0;
}

// The plan with its model and GPU ids pointing at catalog entries: presets as they are, anything else
// (--model config.json, --gpu file.json, a --plan file's model_config / gpu_spec) added from its source.
Plan registerUserSpecs(const QCommandLineParser &parser, const PlanInputs &in, ModelCatalog &catalog)
{
    Plan plan = in.plan;
    PlanFile planFile;
    if (parser.isSet(QStringLiteral("plan")))
        planFile = planFileFromJsonText(readJsonFile(parser.value(QStringLiteral("plan"))));
    const CatalogModel *model = catalog.findModel(in.model.id);
    if (!model || !(model->spec == in.model)) {
        if (parser.isSet(QStringLiteral("model"))) {
            // A model folder means its config.json, named after the folder (the checkpoint), as File →
            // Open model folder… does; planFromOptions has read it already.
            const QString config = PresetRepository::modelConfigPath(parser.value(QStringLiteral("model")));
            plan.modelId = catalog.addModelJson(readJsonFile(config), in.model.id, in.model.hfRepo);
        } else if (!planFile.modelConfig.empty()) {
            plan.modelId = catalog.addModelJson(planFile.modelConfig, in.model.id);
        } else {
            throw InputError("model \"" + in.model.id + "\" is not a preset");
        }
    }
    const CatalogGpu *gpu = catalog.findGpu(in.gpu.id);
    if (!gpu || !(gpu->spec == in.gpu)) {
        if (parser.isSet(QStringLiteral("gpu")))
            plan.gpuId = catalog.addGpuJson(readJsonFile(parser.value(QStringLiteral("gpu"))), in.gpu.id);
        else if (!planFile.gpuSpec.empty())
            plan.gpuId = catalog.addGpuJson(planFile.gpuSpec, in.gpu.id);
        else
            throw InputError("GPU \"" + in.gpu.id + "\" is not a preset");
    }
    return plan;
}

} // namespace

void prepareGuiEnvironment(int argc, char **argv)
{
    // --screenshot renders offscreen: no display needed.
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--screenshot") == 0 || std::strncmp(argv[i], "--screenshot=", 13) == 0) {
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
}

int runGui(QApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The ShardScope planner window. Plan flags as for 'shardscope plan'."));
    addPlanOptions(parser);
    addServingOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("tab"),
        QStringLiteral("Tab to show: ") + MainWindow::tabNames().join(QStringLiteral(", ")), QStringLiteral("name")));
    parser.addOption(QCommandLineOption(QStringLiteral("screenshot"),
        QStringLiteral("Render the window offscreen to this PNG and exit."), QStringLiteral("file.png")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("size"), QStringLiteral("Screenshot size (default 1600x1000)."), QStringLiteral("WxH")));
    parser.addOption(QCommandLineOption(QStringLiteral("lang"),
        QStringLiteral("Window language: en, or zh (also zh_CN, zh-CN) for Simplified Chinese "
                       "(default: the saved choice, else the system's)."),
        QStringLiteral("code")));
    parser.addOption(QCommandLineOption(QStringLiteral("presentation"),
        QStringLiteral("Start in presentation mode (F5): large type and a high-contrast palette, for a "
                       "projector; --screenshot renders it too, for slides.")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("help-window"), QStringLiteral("Show the window's options and exit.")));
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parseErrorMessage(parser, nullptr));
    if (parser.isSet(QStringLiteral("help-window"))) {
        std::cout << parser.helpText().toStdString();
        return 0;
    }
    if (!parser.positionalArguments().isEmpty())
        return fail("unexpected argument \"" + parser.positionalArguments().first().toStdString()
            + "\" (try shardscope --help)");

    GuiOptions o;
    o.tab = parser.value(QStringLiteral("tab"));
    if (!o.tab.isEmpty() && !MainWindow::tabNames().contains(o.tab))
        return fail("--tab " + o.tab.toStdString() + ": expected one of "
            + MainWindow::tabNames().join(QStringLiteral(", ")).toStdString());
    o.screenshot = parser.value(QStringLiteral("screenshot"));
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression re(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const auto m = re.match(parser.value(QStringLiteral("size")));
        if (!m.hasMatch() || m.captured(1).toInt() < 320 || m.captured(2).toInt() < 240 || m.captured(1).toInt() > 8000
            || m.captured(2).toInt() > 8000)
            return fail("--size " + parser.value(QStringLiteral("size")).toStdString()
                + ": expected WxH from 320x240 to 8000x8000");
        o.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    }

    // The language before the window builds its texts: --lang, else the saved choice, else the system's.
    const QString typedLang = parser.value(QStringLiteral("lang"));
    const QString lang = parser.isSet(QStringLiteral("lang")) ? Language::codeFor(typedLang) : Language::preferred();
    if (lang.isEmpty() || !teaching::language()->setLanguage(lang, false))
        return fail("--lang " + typedLang.toStdString() + ": expected one of en, zh, zh_CN or zh-CN");

    // Chinese without a font to draw it: say so where it can be read (the banner says it too).
    const auto warnAboutFont = [] {
        if (Language::chineseWithoutFont())
            std::cerr << "shardscope: warning: " << Language::missingChineseFontWarning().toStdString() << std::endl;
    };
    warnAboutFont();
    QObject::connect(teaching::language(), &Language::languageChanged, teaching::language(), warnAboutFont);

    const PresetRepository repo = PresetRepository::load();
    // User-folder entries that are not regular files were skipped, not read (they could block).
    for (const QString &entry : repo.skippedEntries())
        std::cerr << "shardscope: warning: skipped " << entry.toStdString() << std::endl;
    ModelCatalog catalog = catalogFromPresets(repo);
    if (anyPlanOption(parser)) {
        try {
            const PlanInputs in = planFromOptions(parser, repo);
            // A model or GPU that is not a preset (a config.json, a plan file's embedded spec) joins the
            // catalog so that the window can show and save it.
            o.plan = registerUserSpecs(parser, in, catalog);
            if (parser.isSet(QStringLiteral("serving-coefficient")))
                throw InputError("--serving-coefficient: the window uses the GPU family's coefficients; "
                                 "`shardscope plan` takes overrides");
            if (anyWorkloadOption(parser)) {
                const ServingInputs serving = servingFromOptions(parser);
                checkWorkload(serving.workload, evaluate(in.plan, in.model, in.gpu).plan.maxModelLen);
                o.workload = serving.workload;
            }
            if (!o.screenshot.isEmpty()) {
                const Evaluation e = evaluate(in.plan, in.model, in.gpu);
                if (!e.valid)
                    throw InputError(e.firstError() ? e.firstError()->message() : "invalid plan");
            }
        } catch (const std::exception &e) {
            return fail(e.what());
        }
    }

    // Before the window builds: its views and the plan column size themselves with these fonts.
    if (parser.isSet(QStringLiteral("presentation")))
        teaching::presentation()->setOn(true);

    WindowOptions options;
    options.initialPlan = o.plan;
    options.initialWorkload = o.workload;
    options.useSettings = o.screenshot.isEmpty();
    MainWindow window(std::move(catalog), options);
    if (options.useSettings)
        window.issuesBanner()->setNotice(PresetRepository::takeMigrationNotice());
    if (!o.tab.isEmpty())
        window.showTab(o.tab);
    if (!o.screenshot.isEmpty())
        return screenshot(window, o);
    window.show();
    QObject::connect(&app, &QCoreApplication::aboutToQuit, &window, &MainWindow::saveSession);
    return app.exec();
}
