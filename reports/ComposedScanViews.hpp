#pragma once
// A composed scan of a recorded-background run, in two pictures (issue 52, item 5): the front
// view (SqueezeSeg's 90 deg, one row per laser) and the bird's-eye view, every real return in
// its label's colour and the inserted targets' returns in magenta, so that a reader sees where
// the target went, what hides it and what it hides.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

struct ComposedScanViews {
    std::string scene_id;
    nlohmann::json sample;
    std::string front_png, bev_png;
    std::size_t inserted_points = 0;  ///< returns of the inserted targets
};

/// The pictures of `scan`; a cell whose instance is at least `inserted_instance_base` is an
/// inserted target's.
ComposedScanViews composedScanViews(const ScanGrid& scan, std::uint16_t inserted_instance_base);

/// The report's section (HTML) on one composed scan.
std::string composedScanSection(const ComposedScanViews& views);

}  // namespace blindspot
