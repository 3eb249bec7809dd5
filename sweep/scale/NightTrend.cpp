#include "sweep/scale/NightTrend.hpp"

#include <filesystem>
#include <map>

namespace blindspot {
namespace {

std::string relativeLink(const std::string& target, const std::string& page_dir) {
    if (target.empty()) return "";
    std::error_code ec;
    const auto rel = std::filesystem::relative(target, std::filesystem::absolute(page_dir), ec);
    return ec || rel.empty() ? "file://" + target : rel.string();
}

TrendNight trendNight(const Night& n, const std::string& page_dir) {
    TrendNight t;
    t.label = n.label;
    t.report_href = relativeLink(n.report_index, page_dir);
    t.checkpoint_hash = n.checkpoint_hash;
    t.finished_at = n.finished_at;
    t.scenes = n.scenes;
    t.design_size = n.design_size;
    t.overall = n.overall;
    for (const auto& c : n.classes) t.class_iou.emplace_back(c.name, c.mean_iou);
    t.map = n.map;
    return t;
}

}  // namespace

WindowGateResult gateAgainstHistory(const std::vector<Night>& nights, const Night& tonight,
                                    std::size_t window, const WindowGateOptions& options) {
    std::vector<NightValues> values;
    for (const auto& n : windowBefore(nights, tonight, window)) values.push_back(n.values());
    return windowGate(tonight.values(), values, options);
}

std::vector<TrendSeries> trendSeries(const std::vector<Night>& nights, std::size_t window,
                                     const WindowGateOptions& options,
                                     const std::string& page_dir) {
    std::map<std::string, std::size_t> index;  // series key -> position in `out`
    std::vector<TrendSeries> out;
    std::vector<std::vector<const Night*>> members;
    for (const auto& n : nights) {
        auto [it, added] = index.emplace(n.seriesKey(), out.size());
        if (added) {
            out.push_back(
                {n.run_name, n.config_hash, n.world_version, {}, "", {}, options, window});
            members.emplace_back();
        }
        members[it->second].push_back(&n);
    }
    for (std::size_t k = 0; k < out.size(); ++k) {
        TrendSeries& s = out[k];
        std::vector<Night> good;  // the good nights so far, oldest first
        for (const Night* n : members[k]) {
            TrendNight t = trendNight(*n, page_dir);
            t.good = gateAgainstHistory(nights, *n, window, options).passed;
            s.nights.push_back(std::move(t));
            if (n != members[k].back()) {
                if (s.nights.back().good) good.push_back(*n);
                continue;
            }
            // The newest night against the last good night before it.
            const std::vector<Night> last = windowBefore(good, *n, 1);
            if (last.empty()) continue;
            s.compared_with = last.back().label;
            s.regressed = windowGate(n->values(), {last.back().values()}, options).failed_cells;
        }
    }
    std::reverse(out.begin(), out.end());  // the series added last first
    return out;
}

}  // namespace blindspot
