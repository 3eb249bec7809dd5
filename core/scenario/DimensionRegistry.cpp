#include "core/scenario/DimensionRegistry.hpp"

#include <cmath>

namespace blindspot {
namespace {

double number(const DimValue& v) { return std::get<double>(v); }
const std::string& text(const DimValue& v) { return std::get<std::string>(v); }

// Builders for the three kinds, so each entry of the table below is one readable row.
DimensionDef continuous(std::string name, std::string id_key, double min, double max, double def,
                        std::string title, std::string meaning,
                        std::function<void(Scenario&, const DimValue&)> apply) {
    DimensionDef d;
    d.name = std::move(name);
    if (!id_key.empty()) d.aliases.push_back(id_key);
    d.id_key = std::move(id_key);
    d.kind = DimensionKind::Continuous;
    d.min = min;
    d.max = max;
    d.default_value = def;
    d.title = std::move(title);
    d.meaning = std::move(meaning);
    d.apply = std::move(apply);
    return d;
}

// A whole-number dimension (a count, a seed): continuous limits, integer kind.
DimensionDef integer(std::string name, double min, double max, double def, std::string title,
                     std::string meaning, std::function<void(Scenario&, int)> apply) {
    DimensionDef d =
        continuous(std::move(name), "", min, max, def, std::move(title), std::move(meaning),
                   [apply](Scenario& s, const DimValue& v) { apply(s, int(number(v))); });
    d.kind = DimensionKind::Integer;
    return d;
}

DimensionDef categorical(std::string name, ValueSet values, std::string def, std::string title,
                         std::string meaning,
                         std::function<void(Scenario&, const DimValue&)> apply) {
    DimensionDef d;
    d.name = std::move(name);
    d.kind = DimensionKind::Categorical;
    d.values = values;
    d.default_value = std::move(def);
    d.title = std::move(title);
    d.meaning = std::move(meaning);
    d.apply = std::move(apply);
    return d;
}

ScenarioCar& target(Scenario& s) { return s.cars.front(); }

}  // namespace

DimensionRegistry defaultDimensions() {
    DimensionRegistry r;
    r.dims.push_back(
        categorical("car_model", ValueSet::CarModels, "sedan", "car model", "car model name",
                    [](Scenario& s, const DimValue& v) { target(s).model = text(v); }));
    r.dims.push_back(categorical(
        "target_type", ValueSet::TargetTypes, "car", "target type", "car | pedestrian | cyclist",
        [](Scenario& s, const DimValue& v) { target(s).target_type = text(v); }));
    r.dims.push_back(continuous("x_m", "x", -200, 200, 10.0, "x [m] (forward)",
                                "target car x in the ego frame (m)",
                                [](Scenario& s, const DimValue& v) { target(s).x_m = number(v); }));
    r.dims.push_back(continuous("y_m", "y", -200, 200, 0.0, "y [m] (left)",
                                "target car y in the ego frame (m)",
                                [](Scenario& s, const DimValue& v) { target(s).y_m = number(v); }));
    r.dims.push_back(
        continuous("yaw_deg", "yaw", -360, 360, 0.0, "yaw [deg] (counter-clockwise)",
                   "target car yaw (deg, counter-clockwise)",
                   [](Scenario& s, const DimValue& v) { target(s).yaw_deg = number(v); }));
    r.dims.push_back(integer("count", 1, 50, 1.0, "cars in the scene", "number of cars (integer)",
                             [](Scenario& s, int v) { s.count = v; }));
    r.dims.push_back(categorical("background", ValueSet::Backgrounds, "urban-01", "background",
                                 "background id",
                                 [](Scenario& s, const DimValue& v) { s.background = text(v); }));
    r.dims.push_back(
        categorical("color", ValueSet::Colors, "white", "paint colour", "paint colour",
                    [](Scenario& s, const DimValue& v) { target(s).color = text(v); }));
    DimensionDef weather = categorical("weather", ValueSet::Weather, "clear", "weather",
                                       "clear | fog:S | rain:S | snow:S",
                                       [](Scenario& s, const DimValue& v) { s.weather = text(v); });
    weather.reference_level = "clear";
    r.dims.push_back(weather);
    DimensionDef time =
        continuous("time_of_day_h", "time_of_day", 0, 24, 12.0, "time of day [h]", "hours",
                   [](Scenario& s, const DimValue& v) { s.time_of_day_h = number(v); });
    time.per_level = true;
    r.dims.push_back(time);
    r.dims.push_back(
        continuous("mount_height_m", "", 0.3, 5, 1.73, "sensor height [m]",
                   "sensor height above the ground (m)",
                   [](Scenario& s, const DimValue& v) { s.sensor.mount_height_m = number(v); }));
    r.dims.push_back(
        continuous("pitch_deg", "", -30, 30, 0.0, "sensor pitch [deg] (nose-down)",
                   "sensor pitch (deg, positive nose-down)",
                   [](Scenario& s, const DimValue& v) { s.sensor.pitch_deg = number(v); }));
    r.dims.push_back(
        continuous("roll_deg", "", -30, 30, 0.0, "sensor roll [deg] (right side down)",
                   "sensor roll on its mount (deg, positive right side down)",
                   [](Scenario& s, const DimValue& v) { s.sensor.roll_deg = number(v); }));
    r.dims.push_back(categorical("lidar", ValueSet::LidarPresets, "hdl64e", "LiDAR", "LiDAR preset",
                                 [](Scenario& s, const DimValue& v) { s.sensor.lidar = text(v); }));
    // Drive parameters: they reach the scene only in a sweep with a "drive" block.
    r.dims.push_back(
        continuous("drive_speed_mps", "", 1, 30, 10.0, "ego speed [m/s]",
                   "the ego's cruise speed in a drive sample (m/s)",
                   [](Scenario& s, const DimValue& v) { s.drive.speed_mps = number(v); }));
    r.dims.push_back(integer("drive_traffic_cars", 0, 100, 0.0, "traffic cars",
                             "moving traffic cars in a drive sample (integer)",
                             [](Scenario& s, int v) { s.drive.traffic_cars = v; }));
    r.dims.push_back(integer("drive_route_seed", 1, 1000000, 1.0, "route seed",
                             "the seed of a drive sample's auto route (integer)",
                             [](Scenario& s, int v) { s.drive.route_seed = v; }));
    return r;
}

const DimensionDef* DimensionRegistry::find(const std::string& name) const {
    for (const auto& d : dims)
        if (d.name == name) return &d;
    return nullptr;
}

const DimensionDef* DimensionRegistry::resolve(const std::string& key) const {
    if (const DimensionDef* d = find(key)) return d;
    for (const auto& d : dims)
        for (const auto& a : d.aliases)
            if (a == key) return &d;
    return nullptr;
}

std::string DimensionRegistry::canonical(const std::string& key) const {
    const DimensionDef* d = resolve(key);
    return d ? d->name : key;
}

std::vector<std::string> DimensionRegistry::names() const {
    std::vector<std::string> out;
    for (const auto& d : dims) out.push_back(d.name);
    return out;
}

std::string DimensionRegistry::list() const {
    std::string out;
    for (const auto& d : dims) out += (out.empty() ? "" : ", ") + d.name;
    return out;
}

std::string DimensionRegistry::title(const std::string& name) const {
    const DimensionDef* d = resolve(name);
    return d && !d->title.empty() ? d->title : name;
}

Scenario scenarioOf(const std::vector<std::string>& names, const std::vector<DimValue>& values,
                    const DimensionRegistry& registry) {
    Scenario s;
    s.cars.emplace_back();  // the target
    for (const auto& d : registry.dims) {
        const DimValue* value = &d.default_value;
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == d.name) value = &values[i];
        if (d.apply) d.apply(s, *value);
    }
    return s;
}

nlohmann::json canonicalSampleJson(const nlohmann::json& sample,
                                   const DimensionRegistry& registry) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [key, value] : sample.items()) out[registry.canonical(key)] = value;
    return out;
}

}  // namespace blindspot
