#pragma once
// The scan.json written beside every scan: spec, sensor pose and counts.
#include <nlohmann/json.hpp>

#include "core/base/Json.hpp"
#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

/// {"lidar": spec, "rows", "cols", "cells", "valid_points", "scan_duration_s",
///  "world_from_sensor": {pose, "matrix" (4x4 row-major)}, "points_per_label": {id: n},
///  "points_per_instance": {id: n}}
nlohmann::json scanSummaryJson(const ScanGrid& scan);

/// An empty grid (every cell NaN / 0) with the spec and pose a scan.json holds; its cells come
/// from the file beside it. Throws ConfigError naming the JSON path.
ScanGrid emptyScanOfSummary(const JsonObject& summary);

}  // namespace blindspot
