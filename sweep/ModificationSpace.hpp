#pragma once
// The modification space a sweep explores: the paper's 8 dimensions (car_model, x, y, yaw, count,
// background, color, weather, time_of_day; x and y are one each) plus the sensor parameters
// mount_height_m, pitch_deg and lidar. Units: metres and degrees in the ego frame (ISO 8855),
// hours for time_of_day. Schema: docs/sweep-config.md.
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "core/Json.hpp"

namespace blindspot {

using DimValue = std::variant<double, std::string>;

/// One dimension: a fixed value, a list (explicit or an inclusive range), or a distribution for
/// the random-type samplers.
struct Dimension {
    enum class Kind { Fixed, List, Distribution };
    std::string name;
    Kind kind = Kind::Fixed;
    bool numeric = true;
    std::vector<DimValue> values;  ///< Fixed: one; List: all levels, in order
    // Distribution
    std::string distribution;  ///< uniform, int_uniform, normal, choice
    double low = 0, high = 0, mean = 0, stddev = 0;
    std::vector<double> weights;  ///< choice: one per entry of `values`

    /// Maps u in [0, 1) to a value: a list picks level floor(u * n); a distribution uses its
    /// inverse CDF. Fixed ignores u.
    DimValue at(double u) const;
    bool griddable() const { return kind != Kind::Distribution; }
};

struct ModificationSpace {
    std::vector<Dimension> dimensions;  ///< in canonical order (kDimensionNames)
    const Dimension* find(const std::string& name) const;
};

/// Canonical dimension order; anything else in a config is an error.
std::vector<std::string> dimensionNames();

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
/// `catalogue` validates car models, colours, backgrounds and LiDAR presets by name.
ModificationSpace modificationSpaceFromJson(const JsonObject& json, const Catalogue& catalogue);

/// One point of the space: values in canonical dimension order.
struct Sample {
    std::vector<std::string> names;
    std::vector<DimValue> values;
    nlohmann::json toJson() const;  ///< {"name": value, ...} with sorted keys
};

/// Version of the generated world: part of every scene id, bumped when generation changes.
constexpr const char* kWorldVersion = "blindspot-world-2";

/// A stable id: FNV-1a 64 of the canonical sample JSON and the world version, 16 hex digits.
std::string sceneId(const Sample& sample);

}  // namespace blindspot
