#pragma once
// The dimension registry: the one table that says what each sweep dimension is. Its name carries
// the unit (x_m, yaw_deg, time_of_day_h), and the table gives its kind, limits, default, display
// title and how it reaches the scene (a setter on core/scenario/Scenario). Config validation,
// sampling, scene ids, the results store's columns, map axes, marginals and report titles all read
// it, so adding a dimension means one entry here plus the code that applies it to a scene.
//
// Configs written before the names carried units use x, y, yaw and time_of_day. Each entry lists
// such old names as aliases: a config may use either (docs/sweep-config.md). Scene ids are hashed
// with `id_key` (the old name where there is one), so existing samples keep their scene ids.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/scenario/Scenario.hpp"

namespace blindspot {

using DimValue = std::variant<double, std::string>;

enum class DimensionKind { Continuous, Integer, Categorical };

/// Which list of names validates a categorical dimension's values.
enum class ValueSet { None, CarModels, Colors, Backgrounds, LidarPresets, Weather, TargetTypes };

struct DimensionDef {
    std::string name;                  ///< with its unit: "x_m", "yaw_deg", "time_of_day_h"
    std::vector<std::string> aliases;  ///< older config keys that mean the same ("x")
    std::string id_key;                ///< the key hashed into scene ids (empty: name)
    DimensionKind kind = DimensionKind::Continuous;
    double min = 0.0, max = 0.0;       ///< inclusive limits of a numeric dimension
    ValueSet values = ValueSet::None;  ///< validation of a categorical dimension
    DimValue default_value = 0.0;      ///< the value when a sweep does not vary it
    std::string title;                 ///< axis and table title, with the unit: "x [m] (forward)"
    std::string meaning;               ///< for error messages: "target car x in the ego frame (m)"
    /// Maps and marginals average per level (like a categorical) even though it is numeric.
    bool per_level = false;
    /// A level the others are compared against in robustness tables ("clear" for weather).
    std::string reference_level;
    /// How the value reaches the scene.
    std::function<void(Scenario&, const DimValue&)> apply;

    bool numeric() const { return kind != DimensionKind::Categorical; }
    const std::string& hashKey() const { return id_key.empty() ? name : id_key; }
};

/// The registry is a value: pass it where it is needed (a test may extend a copy).
struct DimensionRegistry {
    std::vector<DimensionDef> dims;  ///< in canonical order

    const DimensionDef* find(const std::string& name) const;  ///< by name only
    /// By name or alias; nullptr when unknown.
    const DimensionDef* resolve(const std::string& name_or_alias) const;
    /// The canonical name for a name or alias, or the input unchanged when unknown.
    std::string canonical(const std::string& name_or_alias) const;
    std::vector<std::string> names() const;
    /// "x_m, y_m, ..." for error messages.
    std::string list() const;
    /// The title of a dimension, or its name when it has none or is unknown.
    std::string title(const std::string& name) const;
};

/// The bundled dimensions: car_model, x_m, y_m, yaw_deg, count, background, color, weather,
/// time_of_day_h, mount_height_m, pitch_deg, roll_deg, lidar, drive_speed_mps, drive_traffic_cars,
/// drive_route_seed.
DimensionRegistry defaultDimensions();

/// A scenario from the registry's defaults with the given values applied, in registry order.
/// Unknown names are ignored (the config reader has already rejected them).
Scenario scenarioOf(const std::vector<std::string>& names, const std::vector<DimValue>& values,
                    const DimensionRegistry& registry);

/// A sample's JSON with every key in its canonical name (old runs stored x, y, yaw).
nlohmann::json canonicalSampleJson(const nlohmann::json& sample, const DimensionRegistry& registry);

}  // namespace blindspot
