#include "eval/MiouMap.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

struct Bucket {
    std::vector<std::optional<double>> values;
    std::vector<double> visibilities, in_grid;
    void add(const SceneResult& s, const MetricSpec& metric) {
        values.push_back(sceneValue(s, metric));
        if (!std::isnan(s.visibility)) visibilities.push_back(s.visibility);
        if (!std::isnan(s.target_in_grid)) in_grid.push_back(s.target_in_grid);
    }
};

const nlohmann::json& levelOf(const SceneResult& s, const std::string& dim) {
    const auto it = s.sample.find(dim);
    if (it == s.sample.end())
        throw ConfigError(ErrorSource::scene(s.scene_id, "/sample/" + dim),
                          "a value of the map dimension \"" + dim + "\"");
    return *it;
}

int indexOf(const std::vector<nlohmann::json>& levels, const nlohmann::json& level) {
    for (std::size_t i = 0; i < levels.size(); ++i)
        if (levels[i] == level) return int(i);
    return -1;
}

}  // namespace

int MiouMap::xIndex(const nlohmann::json& level) const { return indexOf(x_levels, level); }
int MiouMap::yIndex(const nlohmann::json& level) const { return indexOf(y_levels, level); }

namespace {

std::optional<double> meanOf(const std::vector<double>& v) {
    if (v.empty()) return std::nullopt;
    double sum = 0;
    for (double x : v) sum += x;
    return sum / double(v.size());
}

}  // namespace

MapCell cellOf(const std::vector<std::optional<double>>& values,
               const std::vector<double>& visibilities, const std::vector<double>& in_grid) {
    MapCell c;
    c.samples = values.size();
    double sum = 0;
    for (const auto& v : values)
        if (v) sum += *v, ++c.defined;
    if (c.defined) c.mean = sum / double(c.defined);
    if (c.defined > 1) {
        double ss = 0;
        for (const auto& v : values)
            if (v) ss += (*v - *c.mean) * (*v - *c.mean);
        c.stddev = std::sqrt(ss / double(c.defined - 1));
    }
    c.mean_visibility = meanOf(visibilities);
    c.mean_target_in_grid = meanOf(in_grid);
    return c;
}

void resolveMapDims(MapOptions& o, const std::vector<SceneResult>& scenes) {
    if (!o.dims[0].empty() && !o.dims[1].empty()) return;
    auto everywhere = [&](const std::string& name) {
        return !scenes.empty() && std::all_of(scenes.begin(), scenes.end(), [&](const auto& s) {
            return s.sample.contains(name);
        });
    };
    auto varies = [&](const std::string& name) {
        std::set<std::string> values;
        for (const auto& s : scenes)
            if (s.sample.contains(name)) values.insert(s.sample.at(name).dump());
        return values.size() > 1;
    };
    o.dims = {"x_m", "y_m"};  // the paper's map; an error names a missing one
    if (everywhere("x_m") && everywhere("y_m")) return;
    std::vector<std::string> varied;
    for (const auto& d : o.dimensions.dims)
        if (varies(d.name)) varied.push_back(d.name);
    if (varied.size() >= 2) o.dims = {varied[0], varied[1]};
}

MiouMap buildMiouMap(const std::vector<SceneResult>& scenes, const MapOptions& options) {
    std::map<std::pair<nlohmann::json, nlohmann::json>, Bucket> buckets;
    std::map<nlohmann::json, int> xs, ys;
    for (const auto& s : scenes) {
        const auto& x = levelOf(s, options.dims[0]);
        const auto& y = levelOf(s, options.dims[1]);
        xs[x], ys[y];
        buckets[{x, y}].add(s, options.metric);
    }
    MiouMap map;
    map.metric = options.metric.label();
    map.dims = options.dims;
    map.titles = {options.dimensions.title(options.dims[0]),
                  options.dimensions.title(options.dims[1])};
    for (const auto& [x, unused] : xs) map.x_levels.push_back(x);
    for (const auto& [y, unused] : ys) map.y_levels.push_back(y);
    map.cells.resize(map.x_levels.size() * map.y_levels.size());
    for (std::size_t iy = 0; iy < map.y_levels.size(); ++iy)
        for (std::size_t ix = 0; ix < map.x_levels.size(); ++ix) {
            const auto it = buckets.find({map.x_levels[ix], map.y_levels[iy]});
            if (it != buckets.end())
                map.cells[iy * map.x_levels.size() + ix] =
                    cellOf(it->second.values, it->second.visibilities, it->second.in_grid);
        }
    return map;
}

Marginal visibilityMarginal(const std::vector<SceneResult>& scenes, const MetricSpec& metric) {
    // Quarters of the targets' mean visible fraction; the last one includes 1.0.
    static const char* const kBins[] = {"0-25 %", "25-50 %", "50-75 %", "75-100 %"};
    std::map<int, Bucket> bins;
    for (const auto& s : scenes)
        if (!std::isnan(s.visibility))
            bins[std::clamp(int(s.visibility * 4.0), 0, 3)].add(s, metric);
    Marginal m{kVisibilityMarginal, "target visibility (visible fraction of its returns)", {}, {}};
    for (const auto& [bin, bucket] : bins) {
        m.levels.push_back(kBins[bin]);
        m.cells.push_back(cellOf(bucket.values, bucket.visibilities, bucket.in_grid));
    }
    return m;
}

std::vector<Marginal> buildMarginals(const std::vector<SceneResult>& scenes,
                                     const MetricSpec& metric, const DimensionRegistry& registry) {
    std::map<std::string, std::map<nlohmann::json, Bucket>> by_dim;
    for (const auto& s : scenes)
        for (const auto& [dim, level] : s.sample.items()) by_dim[dim][level].add(s, metric);
    std::vector<Marginal> out;
    for (const auto& [dim, levels] : by_dim) {
        const DimensionDef* def = registry.find(dim);
        const bool categorical = levels.begin()->first.is_string() || (def && def->per_level);
        if (!categorical && levels.size() < 2) continue;
        Marginal m{dim, registry.title(dim), {}, {}};
        for (const auto& [level, bucket] : levels) {
            m.levels.push_back(level);
            m.cells.push_back(cellOf(bucket.values, bucket.visibilities, bucket.in_grid));
        }
        out.push_back(std::move(m));
    }
    if (Marginal v = visibilityMarginal(scenes, metric); !v.levels.empty()) out.push_back(v);
    return out;
}

nlohmann::json toJson(const MapCell& c) {
    return {{"samples", c.samples},
            {"defined", c.defined},
            {"mean", jsonNumber(c.mean)},
            {"stddev", jsonNumber(c.stddev)},
            {"mean_visibility", jsonNumber(c.mean_visibility)},
            {"mean_target_in_grid", jsonNumber(c.mean_target_in_grid)}};
}

nlohmann::json toJson(const MiouMap& map) {
    nlohmann::json cells = nlohmann::json::array();
    for (std::size_t iy = 0; iy < map.y_levels.size(); ++iy)
        for (std::size_t ix = 0; ix < map.x_levels.size(); ++ix) {
            nlohmann::json c = toJson(map.at(ix, iy));
            c[map.dims[0]] = map.x_levels[ix];
            c[map.dims[1]] = map.y_levels[iy];
            cells.push_back(c);
        }
    return {{"metric", map.metric},
            {"dims", map.dims},
            {"levels", {{map.dims[0], map.x_levels}, {map.dims[1], map.y_levels}}},
            {"cells", cells}};
}

nlohmann::json toJson(const std::vector<Marginal>& marginals) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& m : marginals) {
        nlohmann::json rows = nlohmann::json::array();
        for (std::size_t i = 0; i < m.levels.size(); ++i) {
            nlohmann::json c = toJson(m.cells[i]);
            c["level"] = m.levels[i];
            rows.push_back(c);
        }
        out[m.dimension] = rows;
    }
    return out;
}

}  // namespace blindspot
