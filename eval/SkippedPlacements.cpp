#include "eval/SkippedPlacements.hpp"

#include <algorithm>
#include <set>
#include <tuple>

namespace blindspot {
namespace {

// "collides with 412 building points" -> "building" (the class of most of them).
std::string collidedClass(const std::string& reason) {
    const std::string head = "collides with ";
    if (reason.rfind(head, 0) != 0) return reason;
    const std::size_t number_end = reason.find(' ', head.size());
    const std::size_t points = reason.rfind(" points");
    if (number_end == std::string::npos || points == std::string::npos || points <= number_end)
        return reason;
    return reason.substr(number_end + 1, points - number_end - 1);
}

}  // namespace

SkippedPlacements skippedPlacements(const std::vector<SceneResult>& scenes,
                                    const std::array<std::string, 2>& dims) {
    SkippedPlacements s;
    std::set<std::string> frames;
    std::map<std::pair<std::string, std::string>, SkippedCell> cells;
    for (const auto& r : scenes) {
        const auto bg = r.sample.find("background");
        if (bg == r.sample.end() || !bg->is_string() ||
            bg->get<std::string>().rfind("real:", 0) != 0)
            continue;
        frames.insert(bg->get<std::string>());
        ++s.scenes;
        const nlohmann::json x = r.sample.value(dims[0], nlohmann::json());
        const nlohmann::json y = r.sample.value(dims[1], nlohmann::json());
        SkippedCell& cell = cells[{x.dump(), y.dump()}];
        cell.x = x;
        cell.y = y;
        ++cell.scenes;
        if (r.skipped.empty()) continue;
        ++s.skipped;
        ++cell.skipped;
        ++s.by_class[collidedClass(r.skipped)];
    }
    s.real_frames.assign(frames.begin(), frames.end());
    for (const auto& [key, cell] : cells)
        if (cell.skipped > 0) s.cells.push_back(cell);
    // In the map's order: by x, then y (numbers as numbers: json orders 5 before 10).
    std::sort(s.cells.begin(), s.cells.end(), [](const SkippedCell& a, const SkippedCell& b) {
        return std::tie(a.x, a.y) < std::tie(b.x, b.y);
    });
    return s;
}

nlohmann::json toJson(const SkippedPlacements& s) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& c : s.cells)
        cells.push_back({{"x", c.x}, {"y", c.y}, {"skipped", c.skipped}, {"scenes", c.scenes}});
    return {{"real_frames", s.real_frames},
            {"scenes", s.scenes},
            {"skipped", s.skipped},
            {"by_class", s.by_class},
            {"cells", cells}};
}

}  // namespace blindspot
