#include "eval/Comparison.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "core/base/Error.hpp"
#include "eval/Bootstrap.hpp"

namespace blindspot {
namespace {

// Both runs restricted to their common scene ids, in id order.
struct Pairing {
    std::vector<SceneResult> a, b;
    std::size_t only_a = 0, only_b = 0;
};

Pairing pairScenes(const std::vector<SceneResult>& a, const std::vector<SceneResult>& b) {
    std::map<std::string, const SceneResult*> in_b;
    for (const auto& s : b) in_b[s.scene_id] = &s;
    Pairing p;
    for (const auto& s : a) {
        const auto it = in_b.find(s.scene_id);
        if (it == in_b.end()) {
            ++p.only_a;
            continue;
        }
        p.a.push_back(s);
        p.b.push_back(*it->second);
    }
    p.only_b = b.size() - p.a.size();
    return p;
}

}  // namespace

namespace {

DeltaSubset deltaSubset(const std::vector<double>& deltas, const std::vector<std::string>& clusters,
                        const std::vector<bool>& in_selection, bool selected,
                        const CompareOptions& o) {
    std::vector<double> d;
    std::vector<std::string> cl;
    for (std::size_t k = 0; k < deltas.size(); ++k)
        if (in_selection[k] == selected) d.push_back(deltas[k]), cl.push_back(clusters[k]);
    DeltaSubset out;
    out.paired = d.size();
    if (d.empty()) return out;
    double sum = 0;
    for (double x : d) sum += x;
    out.mean_delta = sum / double(d.size());
    if (std::find(cl.begin(), cl.end(), std::string()) == cl.end()) {
        const BootstrapInterval b = clusterBootstrap(d, cl, o.seed, o.resamples);
        out.cluster_ci_low = b.low;
        out.cluster_ci_high = b.high;
        out.clusters = b.units;
    }
    return out;
}

}  // namespace

Comparison compareRuns(const std::vector<SceneResult>& a, const std::vector<SceneResult>& b,
                       const CompareOptions& o) {
    const Pairing p = pairScenes(a, b);
    if ((p.only_a || p.only_b) && !o.intersect)
        throw ConfigError(ErrorSource::flag("--intersect"),
                          "runs with the same scene ids; " + std::to_string(p.only_a) +
                              " scenes only in A and " + std::to_string(p.only_b) +
                              " only in B (use --intersect to compare the " +
                              std::to_string(p.a.size()) + " common ones)");
    if (p.a.empty())
        throw ConfigError(ErrorSource::flag("--intersect"),
                          "runs with scene ids in common; none found");
    Comparison c;
    c.scenes_compared = p.a.size();
    c.only_in_a = p.only_a;
    c.only_in_b = p.only_b;
    c.map_a = buildMiouMap(p.a, o.map);
    c.map_b = buildMiouMap(p.b, o.map);

    // Per-cell deltas over the pairs where both values are defined, so A and B average the same
    // scenes.
    const std::size_t nx = c.map_a.x_levels.size();
    std::vector<std::vector<double>> cell_a(c.map_a.cells.size()), cell_b(c.map_a.cells.size());
    std::vector<double> deltas, values_a, values_b;
    std::vector<std::string> clusters;  // the pair's value of o.cluster_dim
    std::vector<bool> in_selection;     // the pair's cell is one of o.selection's
    for (std::size_t i = 0; i < p.a.size(); ++i) {
        const auto va = sceneValue(p.a[i], o.map.metric), vb = sceneValue(p.b[i], o.map.metric);
        if (!va || !vb) continue;
        const auto ix = std::size_t(c.map_a.xIndex(p.a[i].sample.at(o.map.dims[0])));
        const auto iy = std::size_t(c.map_a.yIndex(p.a[i].sample.at(o.map.dims[1])));
        cell_a[iy * nx + ix].push_back(*va);
        cell_b[iy * nx + ix].push_back(*vb);
        deltas.push_back(*vb - *va);
        const auto cluster = p.a[i].sample.find(o.cluster_dim);
        clusters.push_back(cluster == p.a[i].sample.end() ? std::string() : cluster->dump());
        values_a.push_back(*va);
        values_b.push_back(*vb);
        in_selection.push_back(o.selection && o.selection->contains(p.a[i].sample));
    }
    c.paired = deltas.size();
    auto mean = [](const std::vector<double>& v) -> std::optional<double> {
        if (v.empty()) return std::nullopt;
        double s = 0;
        for (double x : v) s += x;
        return s / double(v.size());
    };
    c.mean_a = mean(values_a);
    c.mean_b = mean(values_b);
    for (std::size_t k = 0; k < cell_a.size(); ++k) {
        DeltaCell d{c.map_a.x_levels[k % nx],
                    c.map_a.y_levels[k / nx],
                    mean(cell_a[k]),
                    mean(cell_b[k]),
                    std::nullopt,
                    cell_a[k].size()};
        if (d.a && d.b) {
            d.delta = *d.b - *d.a;
            c.sorted_deltas.push_back(*d.delta);
            if (*d.delta > o.tie_band)
                ++c.improved;
            else if (*d.delta < -o.tie_band)
                ++c.degraded;
            else
                ++c.unchanged;
        }
        c.cells.push_back(d);
    }
    std::sort(c.sorted_deltas.begin(), c.sorted_deltas.end(), std::greater<double>());
    c.seed = o.seed;
    c.resamples = o.resamples;
    c.cluster_dim = o.cluster_dim;
    if (!deltas.empty()) c.mean_delta = *mean(deltas);
    const BootstrapInterval naive = valueBootstrap(deltas, o.seed, o.resamples);
    c.ci_low = naive.low;
    c.ci_high = naive.high;
    // Only when every pair names its cluster: a run without the dimension has no clusters.
    if (std::find(clusters.begin(), clusters.end(), std::string()) == clusters.end()) {
        const BootstrapInterval cl = clusterBootstrap(deltas, clusters, o.seed, o.resamples);
        c.cluster_ci_low = cl.low;
        c.cluster_ci_high = cl.high;
        c.clusters = cl.units;
    }
    if (o.selection) {
        c.selected = deltaSubset(deltas, clusters, in_selection, true, o);
        c.other = deltaSubset(deltas, clusters, in_selection, false, o);
    }
    return c;
}

GateResult regressionGate(const Comparison& c, const GateOptions& o) {
    GateResult g;
    if (c.mean_a && c.mean_b) g.overall_drop = *c.mean_a - *c.mean_b;
    const bool overall_failed = g.overall_drop && *g.overall_drop > o.max_drop;
    for (const auto& cell : c.cells)
        if (cell.delta && cell.samples >= o.min_cell_samples && -*cell.delta > o.max_drop)
            g.failed_cells.push_back(cell);
    g.passed = !overall_failed && g.failed_cells.empty();
    std::ostringstream m;
    m.precision(4);
    m << (g.passed ? "regression gate passed" : "regression gate FAILED") << ": overall drop "
      << (g.overall_drop ? *g.overall_drop : std::nan("")) << " (limit " << o.max_drop << "), "
      << g.failed_cells.size() << " cells with >= " << o.min_cell_samples
      << " samples dropped more than the limit";
    if (!g.failed_cells.empty())
        m << " (worst at " << c.map_a.dims[0] << "=" << g.failed_cells.front().x.dump() << ", "
          << c.map_a.dims[1] << "=" << g.failed_cells.front().y.dump() << ")";
    g.message = m.str();
    return g;
}

nlohmann::json toJson(const DeltaSubset& d) {
    return {{"paired_scenes", d.paired},
            {"mean_delta", jsonNumber(d.mean_delta)},
            {"ci95_cluster", {jsonNumber(d.cluster_ci_low), jsonNumber(d.cluster_ci_high)}},
            {"clusters", d.clusters}};
}

nlohmann::json toJson(const Comparison& c) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& d : c.cells)
        cells.push_back({{c.map_a.dims[0], d.x},
                         {c.map_a.dims[1], d.y},
                         {"a", jsonNumber(d.a)},
                         {"b", jsonNumber(d.b)},
                         {"delta", jsonNumber(d.delta)},
                         {"samples", d.samples}});
    nlohmann::json out = {
        {"metric", c.map_a.metric},
        {"dims", c.map_a.dims},
        {"scenes_compared", c.scenes_compared},
        {"only_in_a", c.only_in_a},
        {"only_in_b", c.only_in_b},
        {"paired_scenes", c.paired},
        {"mean_a", jsonNumber(c.mean_a)},
        {"mean_b", jsonNumber(c.mean_b)},
        {"mean_delta", jsonNumber(c.mean_delta)},
        {"ci95", {jsonNumber(c.ci_low), jsonNumber(c.ci_high)}},
        {"ci95_cluster", {jsonNumber(c.cluster_ci_low), jsonNumber(c.cluster_ci_high)}},
        {"bootstrap",
         {{"seed", c.seed},
          {"resamples", c.resamples},
          {"unit", "scene pairs"},
          {"cluster_unit", c.cluster_dim},
          {"clusters", c.clusters}}},
        {"cells_improved", c.improved},
        {"cells_degraded", c.degraded},
        {"cells_unchanged", c.unchanged},
        {"sorted_cell_deltas", c.sorted_deltas},
        {"cells", cells}};
    if (c.selected && c.other)
        out["selection"] = {{"selected_cells", toJson(*c.selected)},
                            {"other_cells", toJson(*c.other)}};
    return out;
}

nlohmann::json toJson(const GateResult& g, const GateOptions& o) {
    nlohmann::json failed = nlohmann::json::array();
    for (const auto& d : g.failed_cells)
        failed.push_back(
            {{"x", d.x}, {"y", d.y}, {"delta", jsonNumber(d.delta)}, {"samples", d.samples}});
    return {{"passed", g.passed},
            {"max_drop", o.max_drop},
            {"min_cell_samples", o.min_cell_samples},
            {"overall_drop", jsonNumber(g.overall_drop)},
            {"failed_cells", failed},
            {"message", g.message}};
}

}  // namespace blindspot
