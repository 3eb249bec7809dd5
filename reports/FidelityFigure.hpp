#pragma once
// Real against simulated scans in one picture (docs/fidelity.md): the fraction of cells with a
// return per row, the intensity distribution and the range distribution, each as two curves.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/ScanStatistics.hpp"

namespace blindspot {

/// Three panels side by side, real in blue and simulated in orange, as PNG bytes.
std::string fidelityFigurePng(const ScanStatistics& real, const ScanStatistics& simulated,
                              const std::string& real_name, const std::string& simulated_name);

/// A front view coloured by intensity (black: no return), for frontViewPng.
std::vector<std::array<std::uint8_t, 3>> intensityColours(const GridReturns& scan);

}  // namespace blindspot
