#pragma once
// Label-free statistics of LiDAR scans, to hold a simulated sensor against a real one (the realism
// issue): the fraction of cells with a return per row, and the intensity and range distributions
// of the returns. Real data may be used for these (they calibrate the sensor model), never for
// training.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/raycast/GridReturns.hpp"

namespace blindspot {

struct Histogram {
    double low = 0.0, high = 1.0;
    std::vector<std::int64_t> counts;  ///< equal bins over [low, high); out of range -> end bins
    void add(double value);
    std::vector<double> density() const;  ///< fractions summing to 1 (all 0 when empty)
};

struct ScanStatistics {
    std::size_t scans = 0;
    std::vector<std::int64_t> cells_per_row, returns_per_row;
    Histogram intensity{0.0, 1.0, std::vector<std::int64_t>(50, 0)};
    Histogram range_m{0.0, 80.0, std::vector<std::int64_t>(40, 0)};
    double intensity_sum = 0.0, intensity_sq_sum = 0.0;
    std::int64_t returns = 0, cells = 0;

    void add(const GridReturns& scan);
    std::vector<double> validFractionPerRow() const;
    double validFraction() const;
    double intensityMean() const;
    double intensityStd() const;
};

nlohmann::json toJson(const ScanStatistics& statistics);

}  // namespace blindspot
