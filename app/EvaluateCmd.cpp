// blindspot evaluate [--model CKPT|external:CMD.json] DATA... -o DIR [--class car] [--batch B]
//                    [--threads T]
// Scores a checkpoint, or an external network (models/external/ExternalEvaluation.hpp), on recorded
// scans (lidar_2d .npy, SemanticKITTI, plain KITTI .bin).
#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <set>
#include <thread>

#include "app/Commands.hpp"
#include "app/PrecisionOption.hpp"
#include "core/base/CoreCount.hpp"
#include "core/base/Error.hpp"
#include "core/base/HeapBuffers.hpp"
#include "core/segmentation/DatasetConfusion.hpp"
#include "models/external/ExternalEvaluation.hpp"
#include "models/network/Network.hpp"
#include "models/network/RecordedScans.hpp"
#include "reports/DatasetConfusionReport.hpp"
#include "reports/EvaluationReport.hpp"

namespace blindspot::cli {
namespace {

struct EvaluateArgs {
    std::string model;  ///< empty: the bundled baseline
    std::vector<std::string> data;
    std::string output;
    std::string target_class = "car";
    int batch = 8;
    int threads = 0;
    bool knn = false;
    std::string precision = "fp32";
};

EvaluatedScan evaluatedScan(const RecordedScan& scan, const ScanOutcome& o,
                            const std::vector<std::string>& classes, int target) {
    EvaluatedScan e;
    e.result.scene_id = scan.name;
    e.path = scan.path;
    e.format = scan.format;
    e.labelled = scan.labelled;
    e.points_scored = o.points_scored;
    e.points_outside = o.points_outside;
    e.predicted_cells.assign(classes.size(), 0);
    for (std::size_t i = 0; i < o.predicted.size(); ++i) {
        e.returns += scan.image.mask[i];
        if (o.predicted[i] >= 0) ++e.predicted_cells[std::size_t(o.predicted[i])];
    }
    if (scan.labelled)
        for (int c = 0; c < int(classes.size()); ++c)
            e.result.classes.push_back({classes[std::size_t(c)], o.confusion.truePositives(c),
                                        o.confusion.falsePositives(c),
                                        o.confusion.falseNegatives(c)});
    if (target >= 0)
        e.front_view_png = frontViewPng(
            scan.image.grid.rows, scan.image.grid.cols,
            outcomeColours(scan.truth, o.predicted, scan.image.mask, scan.labelled, target));
    e.dataset = o.dataset;
    if (target >= 0 && !o.dataset.empty())
        e.false_positive_png = frontViewPng(
            scan.image.grid.rows, scan.image.grid.cols,
            falsePositiveColours(scan.truth, o.predicted, scan.image.mask,
                                 valuesOfWinners(scan.image, scan.point_dataset_id), target));
    return e;
}

void checkTargetClass(const EvaluateArgs& a, const ModelCard& card) {
    const auto& classes = card.learning_map.classes;
    if (std::find(classes.begin(), classes.end(), a.target_class) == classes.end())
        throw ConfigError(ErrorSource::flag("--class"),
                          "a class of the model; got \"" + a.target_class + "\"");
}

// "called car: vegetation 2214, car 1699, ...": the dataset classes the target took, most first.
void printCalledTarget(const EvaluationInput& in) {
    const int t =
        int(std::find(in.classes.begin(), in.classes.end(), in.target_class) - in.classes.begin());
    const auto called = in.dataset.rowsCalled(t);
    if (called.empty()) return;
    std::cout << "pooled, called " << in.target_class << ":";
    for (std::size_t i = 0; i < called.size(); ++i)
        std::cout << (i ? ", " : " ") << semanticKittiClassName(called[i]->id) << " "
                  << called[i]->predicted[std::size_t(t)];
    std::cout << "\n";
}

void printSummary(const EvaluationInput& in, const std::string& index) {
    std::cout.precision(3);
    for (const auto& s : in.scans) {
        const ClassCounts* c = s.result.find(in.target_class);
        const Ratios r = c ? ratiosOf(c->tp, c->fp, c->fn) : Ratios{};
        std::cout << s.result.scene_id << ": " << in.target_class << " IoU " << r.iou.value_or(NAN)
                  << " (precision " << r.precision.value_or(NAN) << ", recall "
                  << r.recall.value_or(NAN) << "), " << s.returns << " returns\n";
    }
    for (const auto& c : in.metrics.classes)
        std::cout << "pooled " << c.name << " IoU " << c.pooled.iou.value_or(NAN) << " (TP " << c.tp
                  << ", FP " << c.fp << ", FN " << c.fn << ")\n";
    printCalledTarget(in);
    std::cout << "report: " << index << "\n";
}

// What was scored, by whom: the network's classes and card, the scans and their outcomes.
struct ScoredScans {
    std::string hash;
    ModelCard card;
    std::vector<RecordedScan> scans;
    std::vector<ScanOutcome> outcomes;
    bool points_answered = false;  ///< an external network answered per point (the whole circle)
};

ScoredScans scoreWithCheckpoint(const EvaluateArgs& a, const std::string& model,
                                const KnnParams& knn) {
    keepLargeBuffersOnHeap();
    setTorchThreads(a.threads > 0 ? a.threads : usableCores());
    const auto net = SegmentationNetwork::load(model);
    net->setPrecision(precisionFlag(a.precision));
    ScoredScans s{net->hash(), net->card(), {}, {}, false};
    checkTargetClass(a, s.card);
    s.scans = loadRecordedScans(a.data, s.card);
    s.outcomes = scoreRecordedScans(*net, s.scans, a.batch, a.knn ? &knn : nullptr);
    return s;
}

// "input": "range_image": the card's images through the worker, scored as a checkpoint's.
ScoredScans scoreWithRangeImageWorker(const EvaluateArgs& a, const ExternalPredictor& predictor,
                                      const KnnParams& knn) {
    ScoredScans s{predictor.identity, *predictor.range_image_card, {}, {}, false};
    checkTargetClass(a, s.card);
    s.scans = loadRecordedScans(a.data, s.card);
    const auto segmenter = makeExternalSegmenter(predictor);
    std::size_t next = 0;  // the first scan of the batch being classified, for error messages
    const auto classify = [&](const std::vector<const RangeImage*>& images) {
        std::vector<std::string> names;
        for (std::size_t k = 0; k < images.size(); ++k) names.push_back(s.scans[next + k].name);
        next += images.size();
        return segmenter->classifyImages(images, names);
    };
    s.outcomes = scoreRecordedScans(classify, s.card, s.scans, a.batch, a.knn ? &knn : nullptr);
    return s;
}

ScoredScans scoreWithExternal(const EvaluateArgs& a, const std::string& spec,
                              const KnnParams& knn) {
    precisionFlag(a.precision, "fp32 with an external command, which chooses its own arithmetic");
    keepLargeBuffersOnHeap();
    const ExternalPredictor predictor = loadExternalPredictor(spec);
    if (predictor.range_image_card) return scoreWithRangeImageWorker(a, predictor, knn);
    if (a.knn)
        throw ConfigError(ErrorSource::flag("--knn"),
                          "a range-image network; an external one answers per point already");
    ScoredScans s{predictor.identity, externalEvaluationCard(predictor), {}, {}, true};
    checkTargetClass(a, s.card);
    s.scans = loadRecordedScans(a.data, s.card, /*keep_points=*/true);
    const auto segmenter = makeExternalSegmenter(predictor);
    s.outcomes = scoreRecordedScansExternally(*segmenter, s.scans, s.card.classCount(), a.batch);
    return s;
}

void runEvaluate(const EvaluateArgs& a, const AppContext& context) {
    const std::string model = a.model.empty() ? context.data().baseline() : a.model;
    const std::string external = externalPredictorPath(model);
    const KnnParams knn;
    const ScoredScans s =
        external.empty() ? scoreWithCheckpoint(a, model, knn) : scoreWithExternal(a, external, knn);
    const auto& classes = s.card.learning_map.classes;
    const int target =
        int(std::find(classes.begin(), classes.end(), a.target_class) - classes.begin());
    EvaluationInput in{model,
                       s.hash,
                       classes,
                       a.data,
                       a.target_class,
                       {},
                       MetricsSummary{},
                       s.card.ignore_classes,
                       {},
                       DatasetConfusion(int(classes.size())),
                       s.points_answered ? kScoringExternal : kScoringPerPoint};
    std::vector<SceneResult> labelled;
    for (std::size_t i = 0; i < s.scans.size(); ++i) {
        in.scans.push_back(evaluatedScan(s.scans[i], s.outcomes[i], classes, target));
        if (s.scans[i].labelled) labelled.push_back(in.scans.back().result);
        in.dataset.merge(s.outcomes[i].dataset);
    }
    std::set<std::string> excluded = kDefaultExcludedFromMean;  // and the card's own
    excluded.insert(in.ignore_classes.begin(), in.ignore_classes.end());
    in.metrics = summarizeMetrics(labelled, excluded);
    if (a.knn)
        in.postprocess = "lidar-bonnetal's k-NN vote (k " + std::to_string(knn.k) + ", window " +
                         std::to_string(knn.search) + " x " + std::to_string(knn.search) +
                         ", sigma 1, cutoff 1 m)";
    if (s.points_answered) in.postprocess = "none; the pictures are the full circle, 64 x 2048";
    printSummary(in, writeEvaluationReport(in, a.output));
}

}  // namespace

void setupEvaluateCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<EvaluateArgs>();
    CLI::App* cmd = app.add_subcommand(
        "evaluate",
        "Score a checkpoint on recorded scans (lidar_2d .npy, SemanticKITTI, KITTI .bin)");
    cmd->add_option("data", a->data,
                    "Files or directories: lidar_2d .npy, SemanticKITTI root or sequence, .bin")
        ->required();
    cmd->add_option("--model", a->model,
                    "Checkpoint directory, or external:CMD.json (docs/models.md); default: the "
                    "bundled baseline");
    cmd->add_option("-o,--output", a->output, "Report directory (index.html, summary.json)")
        ->required();
    cmd->add_option("--class", a->target_class, "Class shown per scan and in the pictures")
        ->capture_default_str();
    cmd->add_option("--batch", a->batch, "Scans per forward pass (per external batch)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--threads", a->threads, "LibTorch threads (default: all cores)");
    addPrecisionOption(cmd, a->precision);
    cmd->add_flag("--knn", a->knn,
                  "Refine each point's class with lidar-bonnetal's k-NN vote (k 5, 5 x 5 window, "
                  "sigma 1, cutoff 1 m; docs/models.md)");
    cmd->callback([a, &context] { runEvaluate(*a, context); });
}

}  // namespace blindspot::cli
