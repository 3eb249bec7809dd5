#include "eval/Selection.hpp"

#include <algorithm>

#include "core/base/Json.hpp"
#include "core/base/Rng.hpp"

namespace blindspot {

bool Selection::contains(const nlohmann::json& sample) const {
    const auto x = sample.find(dims[0]), y = sample.find(dims[1]);
    if (x == sample.end() || y == sample.end()) return false;
    for (const auto& c : cells)
        if (c.x == *x && c.y == *y) return true;
    return false;
}

Selection selectCells(const MiouMap& map, const SelectionRule& rule,
                      const std::string& source_run) {
    if (int(rule.below.has_value()) + int(rule.worst.has_value()) + int(rule.region.has_value()) +
            int(rule.random.has_value()) !=
        1)
        throw ConfigError(ErrorSource::flag("--below/--worst"),
                          "exactly one of --below T, --worst K, --random K or --estimated-region");
    if (rule.region && rule.region->size() != map.cells.size())
        throw ConfigError(ErrorSource::flag("--estimated-region"),
                          "a region of " + std::to_string(rule.region->size()) + " cells for a " +
                              std::to_string(map.cells.size()) + "-cell map");
    Selection s;
    s.source_run = source_run;
    s.metric = map.metric;
    s.dims = map.dims;
    s.rule = rule;
    for (std::size_t iy = 0; iy < map.y_levels.size(); ++iy)
        for (std::size_t ix = 0; ix < map.x_levels.size(); ++ix) {
            const MapCell& c = map.at(ix, iy);
            if (rule.region) {
                // The estimate covers cells no scene measured: they belong to the region too.
                if ((*rule.region)[iy * map.x_levels.size() + ix])
                    s.cells.push_back({map.x_levels[ix], map.y_levels[iy], c.mean, c.defined});
                continue;
            }
            if (!c.mean || c.defined < rule.min_samples) continue;
            if (rule.below && !(*c.mean < *rule.below)) continue;
            s.cells.push_back({map.x_levels[ix], map.y_levels[iy], c.mean, c.defined});
        }
    if (rule.random) {
        // Fisher-Yates over the eligible cells in map order with the project's own generator, so
        // a seed draws the same cells on every platform.
        Rng rng(rule.seed);
        for (std::size_t i = s.cells.size(); i > 1; --i)
            std::swap(s.cells[i - 1], s.cells[std::size_t(rng.index(int(i)))]);
        if (s.cells.size() > *rule.random) s.cells.resize(*rule.random);
    }
    // Ascending by mean; unmeasured cells last.
    std::stable_sort(s.cells.begin(), s.cells.end(),
                     [](const SelectedCell& a, const SelectedCell& b) {
                         return a.mean && (!b.mean || *a.mean < *b.mean);
                     });
    if (rule.worst && s.cells.size() > *rule.worst) s.cells.resize(*rule.worst);
    return s;
}

nlohmann::json toJson(const Selection& s) {
    nlohmann::json rule = nlohmann::json::object();
    if (s.rule.below) rule["below"] = *s.rule.below;
    if (s.rule.worst) rule["worst"] = *s.rule.worst;
    if (s.rule.region) rule["estimated_region"] = true;
    if (s.rule.random) rule["random"] = *s.rule.random, rule["seed"] = s.rule.seed;
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& c : s.cells)
        cells.push_back({{s.dims[0], c.x},
                         {s.dims[1], c.y},
                         {"mean", c.mean ? nlohmann::json(*c.mean) : nlohmann::json()},
                         {"samples", c.samples}});
    return {
        {"source_run", s.source_run},        {"metric", s.metric}, {"dims", s.dims}, {"rule", rule},
        {"min_samples", s.rule.min_samples}, {"cells", cells}};
}

Selection selectionFromJson(const nlohmann::json& json, const std::string& file) {
    const JsonObject j(json, file, "");
    Selection s;
    s.source_run = j.string("source_run");
    s.metric = j.string("metric");
    const auto& dims = j.raw("dims");
    if (!dims.is_array() || dims.size() != 2 || !dims[0].is_string() || !dims[1].is_string())
        j.fail("dims", "an array of two dimension names");
    s.dims = {dims[0].get<std::string>(), dims[1].get<std::string>()};
    const JsonObject rule = j.object("rule");
    if (rule.has("below")) s.rule.below = rule.number("below");
    if (rule.has("worst")) s.rule.worst = std::size_t(rule.integer("worst"));
    if (rule.has("random")) {
        s.rule.random = std::size_t(rule.integer("random"));
        s.rule.seed = std::uint64_t(rule.integer("seed", 1));
    }
    // The region's cells are listed below; the mask itself is not needed once selected.
    if (rule.has("estimated_region")) {
        if (!rule.boolean("estimated_region", true))
            rule.fail("estimated_region", "expected true when present");
        s.rule.region = std::vector<bool>();
    }
    rule.rejectUnknownKeys();
    s.rule.min_samples = std::size_t(j.integer("min_samples", 1));
    for (const auto& c : j.objects("cells")) {
        SelectedCell cell;
        cell.x = c.raw(s.dims[0]);
        cell.y = c.raw(s.dims[1]);
        if (!c.raw("mean").is_null()) cell.mean = c.number("mean");
        cell.samples = std::size_t(c.integer("samples"));
        c.rejectUnknownKeys();
        s.cells.push_back(cell);
    }
    j.rejectUnknownKeys();
    return s;
}

Selection loadSelection(const std::string& path) {
    return selectionFromJson(readJsonFile(path), path);
}

}  // namespace blindspot
