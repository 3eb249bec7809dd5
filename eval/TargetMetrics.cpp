#include "eval/TargetMetrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace blindspot {
namespace {

// A target's box in the range image, grown by its margin. Columns are unwrapped: col_lo may be
// negative and col_hi past the last column (see inColumns).
struct ImageBox {
    int row_lo = 0, row_hi = -1, col_lo = 0, col_hi = -1;
    bool containsRow(int r) const { return r >= row_lo && r <= row_hi; }
};

// The columns of one target, shifted by half a turn when that makes the span shorter (a target
// straddling the azimuth seam of a 360 degree scan).
std::pair<int, int> columnSpan(std::vector<int> cols, int width) {
    std::sort(cols.begin(), cols.end());
    // The largest gap between neighbouring columns (cyclically) is outside the target.
    int gap = cols.front() + width - cols.back(), start = cols.front();
    for (std::size_t i = 1; i < cols.size(); ++i)
        if (cols[i] - cols[i - 1] > gap) gap = cols[i] - cols[i - 1], start = cols[i];
    const int span = width - gap;  // columns from start to the end, cyclically
    return {start, start + span};
}

bool inColumns(int c, int lo, int hi, int width) {
    // lo..hi may run below 0 or past width (grown by the margin, or wrapped across the seam).
    for (int shifted : {c - width, c, c + width})
        if (shifted >= lo && shifted <= hi) return true;
    return false;
}

}  // namespace

double TargetCounts::in_grid_fraction() const {
    if (target_returns == 0) return std::numeric_limits<double>::quiet_NaN();
    return double(tp + fn) / double(target_returns);
}

TargetCounts scoreTargets(const ScanGrid& scan, const std::vector<int>& predicted,
                          const std::vector<int>& target_instances,
                          const std::function<int(std::uint16_t)>& class_of_label) {
    const std::set<int> targets(target_instances.begin(), target_instances.end());
    const int width = scan.cols();
    // One pass over the grid: each target's returns (row, column), and TP / FN.
    std::map<int, std::vector<std::pair<int, int>>> cells_of;
    std::set<int> target_classes;
    TargetCounts out;
    for (int r = 0; r < scan.rows(); ++r)
        for (int c = 0; c < width; ++c) {
            const std::size_t i = scan.index(r, c);
            if (!scan.valid(i) || !targets.count(scan.instance[i])) continue;
            cells_of[scan.instance[i]].emplace_back(r, c);
            ++out.target_returns;
            const int truth = class_of_label(scan.label[i]);
            if (truth < 0) continue;  // an ignored label
            target_classes.insert(truth);
            if (predicted[i] < 0) continue;
            (predicted[i] == truth ? out.tp : out.fn) += 1;
        }
    std::vector<ImageBox> boxes;
    for (const auto& [id, cells] : cells_of) {
        ImageBox box{std::numeric_limits<int>::max(), -1, 0, -1};
        std::vector<int> cols;
        for (const auto& [r, c] : cells) {
            box.row_lo = std::min(box.row_lo, r);
            box.row_hi = std::max(box.row_hi, r);
            cols.push_back(c);
        }
        const auto [lo, hi] = columnSpan(cols, width);
        const int row_margin = std::max(kMinMargin, (box.row_hi - box.row_lo + 1) / 2);
        const int col_margin = std::max(kMinMargin, (hi - lo + 1) / 2);
        box.row_lo -= row_margin;
        box.row_hi += row_margin;
        box.col_lo = lo - col_margin;
        box.col_hi = hi + col_margin;
        boxes.push_back(box);
    }
    for (int r = 0; r < scan.rows(); ++r)
        for (int c = 0; c < width; ++c) {
            const std::size_t i = scan.index(r, c);
            if (!scan.valid(i) || predicted[i] < 0 || targets.count(scan.instance[i])) continue;
            if (!target_classes.count(predicted[i])) continue;
            const int truth = class_of_label(scan.label[i]);
            if (truth < 0 || truth == predicted[i]) continue;  // ignored, or right
            const bool near = std::any_of(boxes.begin(), boxes.end(), [&](const ImageBox& b) {
                return b.containsRow(r) && inColumns(c, b.col_lo, b.col_hi, width);
            });
            if (near) ++out.fp;
        }
    return out;
}

}  // namespace blindspot
