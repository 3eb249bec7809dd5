#pragma once
// The scan.json written beside every scan: spec, sensor pose and counts.
#include <nlohmann/json.hpp>

#include "core/ScanGrid.hpp"

namespace blindspot {

/// {"lidar": spec, "rows", "cols", "cells", "valid_points", "scan_duration_s",
///  "world_from_sensor": {pose, "matrix" (4x4 row-major)}, "points_per_label": {id: n},
///  "points_per_instance": {id: n}}
nlohmann::json scanSummaryJson(const ScanGrid& scan);

}  // namespace blindspot
