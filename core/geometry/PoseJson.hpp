#pragma once
// JSON form of a pose: {"xyz_m": [x, y, z], "rpy_deg": [roll, pitch, yaw], "frame": "iso8855"}.
// "frame" may be "iso8855" (default), "unreal" (Unreal Editor, left-handed) or "sae"; the pose is
// converted to ISO 8855 on reading.
#include <nlohmann/json.hpp>

#include "core/base/Json.hpp"
#include "core/geometry/Pose.hpp"

namespace blindspot {

Pose poseFromJson(const JsonObject& json);
nlohmann::json poseToJson(const Pose& pose);

}  // namespace blindspot
