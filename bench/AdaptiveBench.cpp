// bench adaptive (issue 15): samplers replayed against a ground truth. The truth is a dense grid
// (sweep/configs/adaptive-truth.json: x x y x yaw on 3 backgrounds, 3,240 scenes) scored once by
// the bundled baseline and kept in a run directory under the user's cache, which later runs
// resume (nothing to do). Every sampler then proposes points of that grid; a proposal's score is
// read from the truth, so no scene is cast again. A grid point fails when its target IoU is below
// the threshold. Printed: the recall of failing points (found = evaluated) against the budget, per
// sampler, averaged over 5 seeds (Sobol has no seed: one run), the area under that curve, and the
// same for a synthetic objective with an exactly known failure set.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "bench/Benches.hpp"
#include "core/base/Error.hpp"
#include "core/base/HeapBuffers.hpp"
#include "models/network/Network.hpp"
#include "sweep/run/AdaptiveRun.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/space/Sampler.hpp"
#include "sweep/space/SamplerChoice.hpp"
#include "sweep/store/ResultsStore.hpp"

namespace blindspot::bench {
namespace {

using Objective = std::function<double(const Sample&)>;

std::string cacheDir() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    return (xdg ? std::string(xdg) : std::string(home ? home : "/tmp") + "/.cache") +
           "/blindspot/adaptive-truth";
}

// scene id -> the objective's score (NaN where undefined), building the truth when missing.
std::map<std::string, double> truthScores(const SweepConfig& config,
                                          const std::vector<CarModelSpec>& models,
                                          const AdaptiveBenchOptions& o) {
    keepLargeBuffersOnHeap();
    setTorchThreads(1);
    std::shared_ptr<const SegmentationNetwork> net = SegmentationNetwork::load(o.checkpoint);
    RunnerOptions r;
    r.run_dir = o.truth_dir.empty() ? cacheDir() : o.truth_dir;
    r.jobs = 2;
    r.cache_scans = false;
    r.segmenter = [net] { return makeNetworkSegmenter(net); };
    const RunSummary s = runSweep(config, models, r);
    std::printf("truth: %s, %zu scenes (%zu built now, %.0f s)\n", r.run_dir.c_str(), s.planned,
                s.done, s.seconds);
    std::map<std::string, double> scores;
    for (const auto& row : ResultsStore(r.run_dir + "/results.sqlite").scenes())
        scores[row.scene_id] = objectiveScore(row, o.objective);
    return scores;
}

// Failing points found after each evaluation (distinct points only count once).
std::vector<double> recallCurve(Sampler& sampler, const Objective& score, std::size_t total_failing,
                                std::size_t budget, double threshold) {
    std::vector<double> curve;
    std::vector<SampleOutcome> finished;
    std::set<std::string> found;
    for (auto batch = sampler.propose({}); !batch.empty() && curve.size() < budget;
         batch = sampler.propose(finished))
        for (auto& s : batch) {
            if (curve.size() == budget) break;
            const double v = score(s);
            if (v < threshold) found.insert(s.toJson().dump());
            finished.push_back({s, v});
            curve.push_back(double(found.size()) / double(total_failing));
        }
    while (curve.size() < budget) curve.push_back(curve.empty() ? 0.0 : curve.back());
    return curve;
}

void compare(const std::string& title, const SweepConfig& config, const Objective& score,
             const AdaptiveBenchOptions& o) {
    const std::vector<Sample> grid = drawSamples(config.space, SamplerConfig{});  // the truth grid
    std::size_t failing = 0;
    for (const auto& s : grid) failing += score(s) < config.sampler.threshold;
    const std::size_t budget = grid.size() * std::size_t(o.budget_percent) / 100;
    std::printf("\n%s: %zu grid points, %zu fail (score < %.2f), budget up to %zu (%d %%)\n",
                title.c_str(), grid.size(), failing, config.sampler.threshold, budget,
                o.budget_percent);
    std::printf("%-9s", "sampler");
    const std::vector<int> marks = {5, 10, 15, 20, 25};
    for (int m : marks) std::printf(" %5d%%", m);
    std::printf("   AUC   first budget with 90 %% recall\n");
    for (const char* type : {"adaptive", "random", "lhs", "sobol"}) {
        const int seeds = std::string(type) == "sobol" ? 1 : o.seeds;
        std::vector<double> mean(budget, 0.0);
        for (int seed = 1; seed <= seeds; ++seed) {
            SamplerConfig c = config.sampler;
            c.type = type;
            c.n = budget;
            c.seed = std::uint64_t(seed);
            auto sampler = makeSampler(config.space, c);
            const auto curve = recallCurve(*sampler, score, failing, budget, c.threshold);
            for (std::size_t i = 0; i < budget; ++i) mean[i] += curve[i] / seeds;
        }
        std::printf("%-9s", type);
        for (int m : marks) {
            const std::size_t at = grid.size() * std::size_t(m) / 100;
            std::printf(" %6.3f", at >= 1 && at <= budget ? mean[at - 1] : NAN);
        }
        double auc = 0.0;
        for (double v : mean) auc += v / double(budget);
        std::size_t reach = 0;
        while (reach < budget && mean[reach] < 0.9) ++reach;
        if (reach < budget)
            std::printf("  %.3f   %zu (%.1f %% of the grid)\n", auc, reach + 1,
                        100.0 * double(reach + 1) / double(grid.size()));
        else
            std::printf("  %.3f   not within the budget\n", auc);
    }
}

double numberOf(const Sample& s, const std::string& name) {
    for (std::size_t i = 0; i < s.names.size(); ++i)
        if (s.names[i] == name) return std::get<double>(s.values[i]);
    return NAN;
}

std::string textOf(const Sample& s, const std::string& name) {
    for (std::size_t i = 0; i < s.names.size(); ++i)
        if (s.names[i] == name) return std::get<std::string>(s.values[i]);
    return "";
}

}  // namespace

int runAdaptiveBench(const AdaptiveBenchOptions& o) {
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    SweepConfig config = loadSweepConfig(o.config, catalogueOf(models));
    const std::string config_error = config.sampler.type == "grid" ? "" : "expected a grid config";
    if (!config_error.empty())
        throw ConfigError(ErrorSource::file(o.config, "/sampler"), config_error);
    const SamplerConfig grid = config.sampler;
    config.sampler.objective = o.objective;
    config.sampler.threshold = o.below;
    // A thin diagonal band in (x, y) on urban-03 and one in (x, yaw) on urban-01: known exactly.
    const Objective band = [](const Sample& s) {
        const double x = (numberOf(s, "x_m") - 5) / 18, y = (numberOf(s, "y_m") + 6) / 12;
        const double yaw = numberOf(s, "yaw_deg") / 330;
        const std::string bg = textOf(s, "background");
        const bool fails = (bg == "urban-03" && std::fabs(x - y) < 0.12) ||
                           (bg == "urban-01" && std::fabs(x + yaw - 1.0) < 0.08);
        return fails ? 0.2 : 0.9;
    };
    compare("synthetic bands (exact)", config, band, o);
    if (o.synthetic_only) return 0;
    SweepConfig truth_config = config;
    truth_config.sampler = grid;  // the truth run is the grid config as written
    const std::map<std::string, double> truth = truthScores(truth_config, models, o);
    const Objective scored = [&](const Sample& s) {
        const auto it = truth.find(sceneIdIn(config, s));
        return it == truth.end() ? NAN : it->second;
    };
    compare("baseline " + config.sampler.objective + " IoU (truth grid)", config, scored, o);
    return 0;
}

}  // namespace blindspot::bench
