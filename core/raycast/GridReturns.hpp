#pragma once
// One organised scan reduced to what label-free statistics need: per cell (row-major), a return
// or not, its intensity (0..1) and range (m). Real recordings and simulated scans both become one.
#include <cstdint>
#include <vector>

#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

struct GridReturns {
    int rows = 0, cols = 0;
    std::vector<std::uint8_t> valid;
    std::vector<float> intensity;
    std::vector<float> range_m;
};

/// A simulated scan's returns: reflectivity as intensity.
GridReturns gridReturnsOf(const ScanGrid& scan);

}  // namespace blindspot
