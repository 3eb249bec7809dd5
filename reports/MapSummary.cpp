#include "reports/MapSummary.hpp"

#include <algorithm>
#include <sstream>

#include "reports/Heatmap.hpp"
#include "reports/HtmlParts.hpp"

namespace blindspot {
namespace {

std::string cellsText(std::size_t n) { return std::to_string(n) + (n == 1 ? " cell" : " cells"); }

struct SummaryCell {
    std::size_t ix, iy;
    double value;
};

// "x_m 13 to 19" over the levels `index` takes among `cells`.
std::string levelSpan(const std::vector<SummaryCell>& cells, const MiouMap& map, bool x) {
    std::size_t lo = SIZE_MAX, hi = 0;
    for (const SummaryCell& c : cells) {
        lo = std::min(lo, x ? c.ix : c.iy);
        hi = std::max(hi, x ? c.ix : c.iy);
    }
    const auto& levels = x ? map.x_levels : map.y_levels;
    const std::string& dim = map.dims[x ? 0 : 1];
    return lo == hi ? dim + " " + levelText(levels[lo])
                    : dim + " " + levelText(levels[lo]) + " to " + levelText(levels[hi]);
}

// Every cell with a defined mean, lowest first (stable: ties keep the map's order).
std::vector<SummaryCell> cellsByValue(const MiouMap& map) {
    std::vector<SummaryCell> cells;
    for (std::size_t iy = 0; iy < map.y_levels.size(); ++iy)
        for (std::size_t ix = 0; ix < map.x_levels.size(); ++ix)
            if (const auto& m = map.at(ix, iy).mean) cells.push_back({ix, iy, *m});
    std::stable_sort(cells.begin(), cells.end(),
                     [](const SummaryCell& a, const SummaryCell& b) { return a.value < b.value; });
    return cells;
}

}  // namespace

std::vector<std::size_t> worstCells(const MiouMap& map, std::size_t k) {
    std::vector<std::size_t> out;
    for (const SummaryCell& c : cellsByValue(map)) {
        if (out.size() == k) break;
        out.push_back(c.iy * map.x_levels.size() + c.ix);
    }
    return out;
}

std::string mapSummary(const MiouMap& map) {
    const std::vector<SummaryCell> cells = cellsByValue(map);
    if (cells.empty()) return "";
    auto where = [&](const SummaryCell& c) {
        return "(" + map.dims[0] + " " + levelText(map.x_levels[c.ix]) + ", " + map.dims[1] + " " +
               levelText(map.y_levels[c.iy]) + ") " + formatValue(c.value);
    };
    std::vector<SummaryCell> below_07;
    std::size_t below_05 = 0;
    for (const SummaryCell& c : cells) {
        if (c.value < 0.7) below_07.push_back(c);
        below_05 += c.value < 0.5;
    }
    std::ostringstream s;
    s << map.metric << " ranges from " << formatValue(cells.front().value) << " to "
      << formatValue(cells.back().value) << " over " << cellsText(cells.size()) << ". ";
    s << cellsText(below_05) << " below 0.5 and " << cellsText(below_07.size()) << " below 0.7";
    if (!below_07.empty())
        s << ", at " << levelSpan(below_07, map, true) << " and " << levelSpan(below_07, map, false);
    s << ". Worst: ";
    for (std::size_t k = 0; k < std::min<std::size_t>(3, cells.size()); ++k)
        s << (k ? "; " : "") << where(cells[k]);
    s << ".";
    return s.str();
}

}  // namespace blindspot
