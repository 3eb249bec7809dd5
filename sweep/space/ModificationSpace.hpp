#pragma once
// The modification space a sweep explores: the dimensions of a DimensionRegistry (by default the
// paper's 8: car_model, x_m and y_m, yaw_deg, count, background, color, weather, time_of_day_h,
// plus the sensor's mount_height_m, pitch_deg and lidar). What each dimension is (unit, limits,
// default) lives in core/scenario/DimensionRegistry.hpp; this file holds how a config varies it.
// Schema: docs/sweep-config.md.
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "core/base/Json.hpp"
#include "core/scenario/DimensionRegistry.hpp"

namespace blindspot {

/// One dimension: a fixed value, a list (explicit or an inclusive range), or a distribution for
/// the random-type samplers.
struct Dimension {
    enum class Kind { Fixed, List, Distribution };
    std::string name;       ///< canonical (registry) name
    std::string json_path;  ///< where the config gives it: "/dimensions/x" for an alias
    Kind kind = Kind::Fixed;
    bool numeric = true;
    std::vector<DimValue> values;  ///< Fixed: one; List: all levels, in order
    // Distribution
    std::string distribution;                        ///< uniform, int_uniform, normal, choice
    double low = 0, high = 0, mean = 0, stddev = 0;  ///< normal: truncated to [low, high]
    std::vector<double> weights;                     ///< choice: one per entry of `values`

    /// Maps u in [0, 1) to a value: a list picks level floor(u * n); a distribution uses its
    /// inverse CDF. Fixed ignores u.
    DimValue at(double u) const;
    bool griddable() const { return kind != Kind::Distribution; }
};

struct ModificationSpace {
    std::vector<Dimension> dimensions;  ///< in the registry's order
    const Dimension* find(const std::string& name) const;
};

/// Expands an inclusive range, float-safe: values are start + k * step rounded to 1e-9, and the
/// stop value is included when it lies on the grid within 1e-9 of a step. Throws ConfigError
/// (at `path`) for a zero step or an empty range.
std::vector<double> expandRange(double start, double stop, double step, const std::string& file,
                                const std::string& path);

/// Names valid for the string dimensions, for validation.
struct Catalogue {
    std::vector<std::string> car_models;
    std::vector<std::string> colors;
    std::vector<std::string> lidar_presets;
};
/// `catalogue` validates car models, colours, backgrounds and LiDAR presets by name. Keys are the
/// registry's names or their aliases (x for x_m); giving both for one dimension is an error.
ModificationSpace modificationSpaceFromJson(const JsonObject& json, const Catalogue& catalogue,
                                            const DimensionRegistry& registry);

/// One point of the space: values in canonical dimension order.
struct Sample {
    std::vector<std::string> names;  ///< canonical names (x_m)
    std::vector<DimValue> values;
    nlohmann::json toJson() const;  ///< {"name": value, ...} with sorted keys
};

/// The sample's scenario: registry defaults with the sample's values applied.
Scenario scenarioOf(const Sample& sample, const DimensionRegistry& registry);

/// Version of the generated world: part of every scene id, bumped when generation changes
/// (world-4: kitti-residential streets widened; world-5: the ego pitches and rolls with the road;
/// world-6: new random draws for the sensor response and weather, core/lidar/ScanCells; world-7:
/// loose leaves, ground cover, clutter, terrain/fence/trunk labels, darker car paint, issue 33;
/// world-8: hdl64e-kitti's car returns patchy and faint, core/lidar/SensorResponse.hpp; world-9:
/// articulated people, issue 56; world-10: window glass without a diffuse return and hdl64e-kitti's
/// car response from same-pose re-insertion, issue 52).
constexpr const char* kWorldVersion = "blindspot-world-10";

/// A stable id: FNV-1a 64 of the sample JSON keyed by each dimension's id_key (x, not x_m, so
/// ids from before the unit names stay valid) and the world version, 16 hex digits.
std::string sceneId(const Sample& sample, const DimensionRegistry& registry);

}  // namespace blindspot
