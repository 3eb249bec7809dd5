#pragma once
// mIoU maps: the metric over two sweep dimensions, each cell the mean over every other dimension.
// By default the map is over (x_m, y_m) in metres (ISO 8855 ego frame: x forward, y left) and a
// cell averages over the backgrounds, the paper's formula mIoU(i, j) = 1/n sum_k IoU(i, j, k).
//
// A cell keeps its sample count, how many of those had a defined value (scenes where the class is
// absent from both truth and prediction have none and are left out), the sample standard
// deviation (n - 1; undefined below two values) and the mean visibility of the target cars.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/scenario/DimensionRegistry.hpp"
#include "eval/Metrics.hpp"

namespace blindspot {

struct MapCell {
    std::size_t samples = 0;
    std::size_t defined = 0;
    std::optional<double> mean, stddev;
    std::optional<double> mean_visibility;
    /// Mean fraction of the target returns inside the network's grid (1 = all scored).
    std::optional<double> mean_target_in_grid;
};

/// Axis levels are sorted (numbers ascending, then strings).
struct MiouMap {
    std::string metric;  ///< e.g. "car IoU"
    std::array<std::string, 2> dims{"x_m", "y_m"};
    std::array<std::string, 2> titles;               ///< axis titles with units (the registry's)
    std::vector<nlohmann::json> x_levels, y_levels;  ///< levels of dims[0] and dims[1]
    std::vector<MapCell> cells;                      ///< cells[iy * x_levels.size() + ix]

    const MapCell& at(std::size_t ix, std::size_t iy) const {
        return cells[iy * x_levels.size() + ix];
    }
    /// Index of a level on an axis, or -1.
    int xIndex(const nlohmann::json& level) const;
    int yIndex(const nlohmann::json& level) const;
};

struct MapOptions {
    std::array<std::string, 2> dims{"x_m", "y_m"};
    MetricSpec metric;
    DimensionRegistry dimensions = defaultDimensions();  ///< titles
};

/// Fills dims left empty: x_m and y_m when every scene has both (the paper's map), else the first
/// two dimensions (in the registry's order) whose values vary across the scenes, e.g. a drive
/// sweep's drive_speed_mps and drive_traffic_cars. Dims already set stay.
void resolveMapDims(MapOptions& options, const std::vector<SceneResult>& scenes);

/// Throws ConfigError when a scene lacks one of the two dimensions.
MiouMap buildMiouMap(const std::vector<SceneResult>& scenes, const MapOptions& options);

/// The metric per level of one dimension, averaged over everything else.
/// The name of the marginal over target visibility (not a sweep dimension).
constexpr const char* kVisibilityMarginal = "target_visibility";

struct Marginal {
    std::string dimension;
    std::string title;  ///< with its unit
    std::vector<nlohmann::json> levels;
    std::vector<MapCell> cells;
};
/// One marginal per categorical dimension (car model, colour, weather, background, ...), per
/// dimension the registry marks per_level (time of day), and per other dimension that takes more
/// than one value; last, when scenes have targets, one over target visibility in quarters
/// (`kVisibilityMarginal`: is a cell weak because its target is hidden?).
std::vector<Marginal> buildMarginals(const std::vector<SceneResult>& scenes,
                                     const MetricSpec& metric,
                                     const DimensionRegistry& registry = defaultDimensions());

/// Summary statistics of values (undefined ones counted in `samples` only).
MapCell cellOf(const std::vector<std::optional<double>>& values,
               const std::vector<double>& visibilities, const std::vector<double>& in_grid);

/// The metric over quarters of target visibility (empty when no scene has targets).
Marginal visibilityMarginal(const std::vector<SceneResult>& scenes, const MetricSpec& metric);

nlohmann::json toJson(const MapCell& cell);
nlohmann::json toJson(const MiouMap& map);
nlohmann::json toJson(const std::vector<Marginal>& marginals);

}  // namespace blindspot
