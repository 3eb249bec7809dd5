#include "drive/DriveConfig.hpp"

#include "core/base/Json.hpp"
#include "core/geometry/PoseJson.hpp"
#include "core/lidar/LidarSpec.hpp"

namespace blindspot {
namespace {

double positive(const JsonObject& j, const std::string& key, double fallback) {
    const double v = j.number(key, fallback);
    if (!(v > 0)) j.fail(key, "a number > 0");
    return v;
}

RouteSpec routeFrom(const JsonObject& parent) {
    RouteSpec r;
    if (!parent.has("route")) return r;
    const nlohmann::json& raw = parent.raw("route");
    if (raw.is_string()) {
        if (raw.get<std::string>() != "auto")
            parent.fail("route", "\"auto\" or an object with \"auto\" or \"waypoints_m\"");
        return r;
    }
    const JsonObject j = parent.object("route");
    r.loop = j.boolean("loop", false);
    r.seed = std::uint64_t(j.integer("seed", 1));
    if (j.has("waypoints_m")) {
        r.automatic = false;
        const nlohmann::json& w = j.raw("waypoints_m");
        if (!w.is_array() || w.size() < 2) j.fail("waypoints_m", "a list of at least two [x, y]");
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (!w[i].is_array() || w[i].size() != 2 || !w[i][0].is_number() ||
                !w[i][1].is_number())
                j.fail("waypoints_m/" + std::to_string(i), "[x, y] in metres");
            r.waypoints_m.emplace_back(w[i][0].get<double>(), w[i][1].get<double>());
        }
    } else if (!j.boolean("auto", true)) {
        j.fail("auto", "true, or a \"waypoints_m\" list");
    }
    j.rejectUnknownKeys();
    return r;
}

SpeedSpec speedFrom(const JsonObject& parent) {
    SpeedSpec s;
    if (!parent.has("speed")) return s;
    const JsonObject j = parent.object("speed");
    const std::string profile = j.string("profile", "turns");
    if (profile != "turns" && profile != "constant") j.fail("profile", "\"turns\" or \"constant\"");
    s.slow_in_turns = profile == "turns";
    MotionLimits& l = s.limits;
    l.max_speed_mps = positive(j, "max_speed_mps", l.max_speed_mps);
    s.cruise_mps = positive(j, "cruise_mps", std::min(s.cruise_mps, l.max_speed_mps));
    if (s.cruise_mps > l.max_speed_mps) j.fail("cruise_mps", "at most max_speed_mps");
    s.start_mps = j.number("start_mps", 0.0);
    if (s.start_mps < 0 || s.start_mps > l.max_speed_mps)
        j.fail("start_mps", "0 ... max_speed_mps");
    s.stop_at_intersections = j.boolean("stop_at_intersections", true);
    l.max_accel_mps2 = positive(j, "max_accel_mps2", l.max_accel_mps2);
    l.max_decel_mps2 = positive(j, "max_decel_mps2", l.max_decel_mps2);
    l.max_jerk_mps3 = positive(j, "max_jerk_mps3", l.max_jerk_mps3);
    l.max_lateral_accel_mps2 = positive(j, "max_lateral_accel_mps2", l.max_lateral_accel_mps2);
    j.rejectUnknownKeys();
    return s;
}

TrafficSpec trafficFrom(const JsonObject& parent) {
    TrafficSpec t;
    if (!parent.has("traffic")) return t;
    const JsonObject j = parent.object("traffic");
    t.cars = j.integerIn("cars", 0, 0, 200);
    t.seed = std::uint64_t(j.integer("seed", 1));
    if (j.has("cruise_mps")) {
        const auto v = j.numbers("cruise_mps");
        if (v.size() != 2 || !(v[0] > 0) || v[1] < v[0]) j.fail("cruise_mps", "[min, max] > 0");
        t.min_cruise_mps = v[0], t.max_cruise_mps = v[1];
    }
    j.rejectUnknownKeys();
    return t;
}

MotionMode motionFrom(const JsonObject& j) {
    const std::string m = j.string("motion", "none");
    if (m == "none") return MotionMode::None;
    if (m == "ego") return MotionMode::Ego;
    if (m == "ego+traffic") return MotionMode::EgoAndTraffic;
    j.fail("motion", "\"none\", \"ego\" or \"ego+traffic\"");
}

}  // namespace

std::string motionModeName(MotionMode mode) {
    return mode == MotionMode::None ? "none" : mode == MotionMode::Ego ? "ego" : "ego+traffic";
}

DriveConfig parseDriveConfig(const nlohmann::json& json, const std::string& file) {
    if (!json.is_object()) throw ConfigError(ErrorSource::file(file, ""), "a JSON object");
    const JsonObject j(json, file, "");
    DriveConfig c;
    c.background = j.string("background", c.background);
    c.route = routeFrom(j);
    c.speed = speedFrom(j);
    c.duration_s = positive(j, "duration_s", c.duration_s);
    if (c.duration_s > 3600) j.fail("duration_s", "at most 3600 s");
    c.distance_m = j.number("distance_m", 0.0);
    if (c.distance_m < 0) j.fail("distance_m", "a distance >= 0 (0: use duration_s)");
    c.lidar = j.string("lidar", c.lidar);
    try {
        lidarPreset(c.lidar);
    } catch (const ConfigError&) {
        j.fail("lidar", "one of " + lidarPresetList());
    }
    if (j.has("mounting")) {
        const JsonObject m = j.object("mounting");
        c.mounting.location = m.string("location", c.mounting.location);
        if (m.has("offset")) c.mounting.offset = poseFromJson(m.object("offset"));
        m.rejectUnknownKeys();
        try {
            parentFromSensor(c.mounting, EgoVehicle{});
        } catch (const ConfigError& e) {
            m.fail("location", e.expected());
        }
    }
    c.motion = motionFrom(j);
    c.camera = j.boolean("camera", false);
    c.time_of_day_h = j.number("time_of_day_h", c.time_of_day_h);
    if (c.time_of_day_h < 0 || c.time_of_day_h > 24) j.fail("time_of_day_h", "hours in [0, 24]");
    c.traffic = trafficFrom(j);
    c.weather = j.string("weather", c.weather);
    c.seed = std::uint64_t(j.integer("seed", 1));
    const std::string labels = j.string("label_set", labelSetName(c.label_set));
    try {
        c.label_set = labelSetFromName(labels);
    } catch (const ConfigError& e) {
        j.fail("label_set", e.expected());
    }
    c.sequence = j.string("sequence", c.sequence);
    if (c.sequence.size() != 2 || !std::isdigit(c.sequence[0]) || !std::isdigit(c.sequence[1]))
        j.fail("sequence", "two digits, as KITTI numbers sequences (\"00\" ... \"99\")");
    j.rejectUnknownKeys();
    return c;
}

nlohmann::json driveConfigToJson(const DriveConfig& c) {
    nlohmann::json route = {{"loop", c.route.loop}, {"seed", c.route.seed}};
    if (c.route.automatic) {
        route["auto"] = true;
    } else {
        nlohmann::json w = nlohmann::json::array();
        for (const auto& p : c.route.waypoints_m) w.push_back({p.x(), p.y()});
        route["waypoints_m"] = w;
    }
    const MotionLimits& l = c.speed.limits;
    return {{"background", c.background},
            {"route", route},
            {"speed",
             {{"profile", c.speed.slow_in_turns ? "turns" : "constant"},
              {"cruise_mps", c.speed.cruise_mps},
              {"start_mps", c.speed.start_mps},
              {"stop_at_intersections", c.speed.stop_at_intersections},
              {"max_speed_mps", l.max_speed_mps},
              {"max_accel_mps2", l.max_accel_mps2},
              {"max_decel_mps2", l.max_decel_mps2},
              {"max_jerk_mps3", l.max_jerk_mps3},
              {"max_lateral_accel_mps2", l.max_lateral_accel_mps2}}},
            {"duration_s", c.duration_s},
            {"distance_m", c.distance_m},
            {"lidar", c.lidar},
            {"mounting",
             {{"location", c.mounting.location}, {"offset", poseToJson(c.mounting.offset)}}},
            {"motion", motionModeName(c.motion)},
            {"camera", c.camera},
            {"time_of_day_h", c.time_of_day_h},
            {"traffic",
             {{"cars", c.traffic.cars},
              {"seed", c.traffic.seed},
              {"cruise_mps", {c.traffic.min_cruise_mps, c.traffic.max_cruise_mps}}}},
            {"weather", c.weather},
            {"seed", c.seed},
            {"label_set", labelSetName(c.label_set)},
            {"sequence", c.sequence}};
}

}  // namespace blindspot
