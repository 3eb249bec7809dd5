#pragma once
// Per-instance statistics of people (issue 56, item 2): how a real person and a simulated one
// look to the LiDAR. For every labelled person, bicyclist and motorcyclist instance in the front
// view: its points against range, the height and width its points span, its median intensity and
// the median scattering of its points' neighbourhoods (ClassStatistics' shape feature, over the
// instance's own points). Real labels calibrate the world this way; they never train a network.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace blindspot {

struct PersonInstance {
    std::string kind;       ///< "person", "bicyclist" or "motorcyclist"
    double range_m = 0;     ///< of the points' centroid, in x-y
    std::size_t points = 0;
    double height_m = 0;    ///< the points' z extent
    double width_m = 0;     ///< their extent across the line of sight (x-y)
    double intensity = 0;   ///< median
    double scattering = 0;  ///< median over the points, k = 8 neighbours within the instance
};

struct PersonStatisticsOptions {
    double half_fov_deg = 45.0;  ///< front view, as ClassStatistics
    std::size_t min_points = 5;  ///< fewer: too few to have a shape
};

/// The people of one scan: x, y, z, intensity per point; SemanticKITTI raw ids and instance ids.
std::vector<PersonInstance> personInstances(const std::vector<float>& xyzi,
                                            const std::vector<std::uint16_t>& semantickitti_id,
                                            const std::vector<std::uint16_t>& instance,
                                            const PersonStatisticsOptions& options = {});

/// Range bins of the summary (m): 0-10, 10-20, 20-35, 35-60.
constexpr double kPersonRangeBinsM[] = {0, 10, 20, 35, 60};

/// Per kind and range bin: instances, and the medians of points, points x (range / 10 m)^2 (the
/// points the instance would have at 10 m if its silhouette held), height, width, intensity and
/// scattering.
nlohmann::json summariseByRange(const std::vector<PersonInstance>& people);

}  // namespace blindspot
