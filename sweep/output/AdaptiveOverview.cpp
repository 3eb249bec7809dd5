#include "sweep/output/AdaptiveOverview.hpp"

#include <cmath>
#include <map>

#include "reports/HtmlParts.hpp"
#include "sweep/run/AdaptiveRun.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "sweep/space/AdaptiveSampler.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot {
namespace {

// The cell of a sample on the map's axes, or -1 when a level is not on them.
int cellOf(const MiouMap& map, const Sample& s) {
    const nlohmann::json j = s.toJson();
    if (!j.contains(map.dims[0]) || !j.contains(map.dims[1])) return -1;
    const int ix = map.xIndex(j.at(map.dims[0])), iy = map.yIndex(j.at(map.dims[1]));
    return ix < 0 || iy < 0 ? -1 : iy * int(map.x_levels.size()) + ix;
}

// The run's outcomes in proposal order: the sampler replayed against the stored scores.
std::vector<SampleOutcome> replay(const SweepConfig& config, Sampler& sampler,
                                  const std::map<std::string, double>& scores) {
    std::vector<SampleOutcome> outcomes;
    for (auto batch = sampler.propose({}); !batch.empty(); batch = sampler.propose(outcomes))
        for (const auto& s : batch) {
            const auto it = scores.find(sceneIdIn(config, s));
            if (it == scores.end()) return outcomes;  // the run stopped here
            outcomes.push_back({s, it->second});
        }
    return outcomes;
}

}  // namespace

std::optional<HeatmapSpec> adaptiveOverview(const LoadedRun& run, const MiouMap& map,
                                            const Catalogue& catalogue,
                                            const DimensionRegistry& registry) {
    if (run.info.config.value("sampler", nlohmann::json::object()).value("type", "") != "adaptive")
        return std::nullopt;
    const RunDirectory dir(run.dir);
    const SweepConfig config =
        sweepConfigFromJson(run.info.config, dir.storePath(), catalogue, registry);
    std::map<std::string, double> scores;
    for (const auto& row : dir.openStore(registry, SqliteAccess::ReadOnly).scenes())
        scores[row.scene_id] = objectiveScore(row, config.sampler.objective);
    AdaptiveSampler sampler(config.space, config.sampler);
    const std::vector<SampleOutcome> outcomes = replay(config, sampler, scores);

    HeatmapSpec s = mapHeatmap(
        map, "Where the adaptive sampler went: " + std::to_string(outcomes.size()) + " scenes");
    const std::size_t cells = map.cells.size();
    s.points.assign(cells, {});
    for (const auto& o : outcomes)
        if (const int c = cellOf(map, o.sample); c >= 0)
            s.points[std::size_t(c)].push_back(o.score);
    std::vector<double> sum(cells, 0.0);
    std::vector<int> count(cells, 0);
    for (const auto& [sample, p] : sampler.failureProbability(outcomes))
        if (const int c = cellOf(map, sample); c >= 0) {
            sum[std::size_t(c)] += p;
            ++count[std::size_t(c)];
        }
    s.values.assign(cells, std::nullopt);
    s.outlined.assign(cells, false);
    for (std::size_t c = 0; c < cells; ++c)
        if (count[c] > 0) {
            s.values[c] = sum[c] / count[c];
            s.outlined[c] = *s.values[c] > 0.5;
        }
    s.partial.clear();
    s.threshold = config.sampler.threshold;
    s.value_title = "P(fail)";
    return s;
}

}  // namespace blindspot
