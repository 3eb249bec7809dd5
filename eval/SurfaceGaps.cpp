#include "eval/SurfaceGaps.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/lidar/LaserFit.hpp"
#include "core/segmentation/LearningMap.hpp"

namespace blindspot {

void addScanGaps(SurfaceGaps& gaps, const LabelledCloud& scan, const LidarSpec& lasers,
                 const SurfaceGapOptions& o) {
    const LearningMap classes = semanticKittiLearningMap();
    const int rows = lasers.rows(), cols = lasers.cols();
    const double cos_half = std::cos(o.half_fov_deg * M_PI / 180.0);
    // Per cell: whether any return landed, and the class of the points in view (-1: none).
    std::vector<char> occupied(std::size_t(rows) * std::size_t(cols), 0);
    std::vector<std::vector<std::pair<int, int>>> class_cells(classes.classes.size());
    const float* p = scan.xyzi.data();
    for (std::size_t i = 0; i < scan.size(); ++i) {
        const double x = p[4 * i], y = p[4 * i + 1], z = p[4 * i + 2];
        const double d = std::hypot(x, y);
        if (!(d > 0.0)) continue;
        const int row = nearestLaser(lasers, d, z).row;
        const double turn = std::atan2(y, x) / (2.0 * M_PI) + 0.5;  // [0, 1]
        const int col = std::min(cols - 1, int(turn * cols));
        occupied[std::size_t(row) * std::size_t(cols) + std::size_t(col)] = 1;
        const int cls = classes.classOf(scan.semantickitti_id[i]);
        if (cls == 0 || x < cos_half * d || d > o.max_range_m) continue;
        class_cells[std::size_t(cls)].emplace_back(col, row);
        SurfaceGapCounts& c = gaps.by_class[classes.classes[std::size_t(cls)]];
        ++c.returns;
        c.zero_remission += p[4 * i + 3] == 0.0f;
    }
    for (std::size_t cls = 1; cls < class_cells.size(); ++cls) {
        auto& cells = class_cells[cls];
        if (cells.empty()) continue;
        std::sort(cells.begin(), cells.end());
        SurfaceGapCounts& c = gaps.by_class[classes.classes[cls]];
        for (std::size_t a = 0; a < cells.size();) {  // one column: rows cells[a..b)
            std::size_t b = a;
            while (b < cells.size() && cells[b].first == cells[a].first) ++b;
            const int col = cells[a].first, top = cells[a].second, bottom = cells[b - 1].second;
            for (int row = top; row <= bottom; ++row) {
                ++c.span_cells;
                c.empty_cells += !occupied[std::size_t(row) * std::size_t(cols) + std::size_t(col)];
            }
            a = b;
        }
    }
    ++gaps.scans;
}

nlohmann::json toJson(const SurfaceGaps& gaps) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, c] : gaps.by_class)
        j[name] = {
            {"empty_share", c.span_cells ? double(c.empty_cells) / double(c.span_cells) : 0.0},
            {"zero_remission_share",
             c.returns ? double(c.zero_remission) / double(c.returns) : 0.0},
            {"span_cells", c.span_cells},
            {"returns", c.returns}};
    return j;
}

}  // namespace blindspot
