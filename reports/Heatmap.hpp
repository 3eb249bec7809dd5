#pragma once
// Heatmaps and bar charts drawn with OpenCV, returned as PNG bytes for embedding in reports.
#include <optional>
#include <string>
#include <vector>

namespace blindspot {

struct HeatmapSpec {
    std::string title;
    std::string x_title, y_title;               ///< axis titles with units, e.g. "x [m] (forward)"
    std::vector<std::string> x_ticks, y_ticks;  ///< one per column / row; y ascends upwards
    std::vector<std::optional<double>>
        values;  ///< values[iy * x_ticks.size() + ix]; empty = no data
    double value_min = 0.0, value_max = 1.0;
    /// Diverging scale (red below the midpoint, white at it, green above), for deltas.
    bool diverging = false;
    std::string value_title;  ///< colour bar title, e.g. "car IoU"
    /// Per cell (same order as values, or empty): the cell's target lies partly outside the
    /// network's grid; drawn as a corner mark and explained under the map.
    std::vector<bool> partial;
    /// Per cell (same order, or empty): scenes evaluated there, drawn as dots inside the cell,
    /// red when below `threshold`, white when not (where an adaptive sampler went).
    std::vector<std::vector<double>> points;
    double threshold = 0.5;
    /// Per cell (same order, or empty): inside a region whose outline is drawn in red (the
    /// surrogate's estimated failure region).
    std::vector<bool> outlined;
};

/// A cell per value with its number printed; cells with no data are hatched grey and read "n/a".
/// Throws std::invalid_argument when the value count does not match the ticks.
std::string heatmapPng(const HeatmapSpec& spec);

struct BarChartSpec {
    std::string title;
    std::string x_title, y_title;
    std::vector<double> values;  ///< drawn in order; positive green, negative red
    double value_min = -0.5, value_max = 0.5;
};
/// A bar per value with a zero line, e.g. the sorted per-cell improvement curve.
std::string barChartPng(const BarChartSpec& spec);

/// A number with fixed decimals, as printed in the charts.
std::string formatValue(double v, int decimals = 2);

}  // namespace blindspot
