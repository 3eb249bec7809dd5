#pragma once
// How patchy and how faint each class's surfaces are, seen the way the sensor's lasers see them
// (issue 33, item 2). Real cars are: clear-coated paint and glass mirror most of the pulse away,
// so in SemanticKITTI 00 a third of the cells inside a car's outline hold no return and most of
// its returns read remission 0, while walls, hedges and pavements are whole (docs/fidelity.md,
// network 11). Per class, over the front view within max_range_m:
// - empty_share: in an image whose rows are the lasers and whose columns are the sensor's azimuth
//   steps, the cells between the class's highest and lowest return in each column that hold no
//   return at all, over all the cells of those spans;
// - zero_remission_share: the class's returns whose remission is exactly 0.
#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "core/lidar/LidarSpec.hpp"
#include "eval/ClassStatistics.hpp"

namespace blindspot {

struct SurfaceGapOptions {
    double half_fov_deg = 45.0;  ///< front view: |azimuth| <= this
    double max_range_m = 30.0;   ///< horizontal distance; beyond it a car is a handful of cells
};

struct SurfaceGapCounts {
    std::size_t span_cells = 0, empty_cells = 0, returns = 0, zero_remission = 0;
};

struct SurfaceGaps {
    std::size_t scans = 0;
    std::map<std::string, SurfaceGapCounts> by_class;  ///< SemanticKITTI training class names
};

/// Adds one scan. Each point goes to the laser whose line z = d tan(elevation) + h passes nearest
/// to it (`lasers`: elevations and origin heights, as models/projection/RangeProjection does for a
/// card) and to the column of its azimuth among lasers.cols() equal steps over 360 deg.
void addScanGaps(SurfaceGaps& gaps, const LabelledCloud& scan, const LidarSpec& lasers,
                 const SurfaceGapOptions& options = {});

/// {class: {"empty_share", "zero_remission_share", "span_cells", "returns"}}.
nlohmann::json toJson(const SurfaceGaps& gaps);

}  // namespace blindspot
