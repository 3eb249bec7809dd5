#include "core/geometry/PoseJson.hpp"

#include <array>

namespace blindspot {
namespace {
std::array<double, 3> triple(const JsonObject& j, const std::string& key) {
    if (!j.has(key)) return {0.0, 0.0, 0.0};
    const auto v = j.numbers(key);
    if (v.size() != 3) j.fail(key, "expected 3 numbers");
    return {v[0], v[1], v[2]};
}
}  // namespace

Pose poseFromJson(const JsonObject& j) {
    const auto t = triple(j, "xyz_m");
    const auto r = triple(j, "rpy_deg");
    const std::string frame = j.string("frame", "iso8855");
    j.rejectUnknownKeys();
    const Eigen::Vector3d xyz(t[0], t[1], t[2]);
    if (frame == "iso8855") {
        Pose p;
        p.translation_m = xyz;
        p.roll_deg = r[0];
        p.pitch_deg = r[1];
        p.yaw_deg = r[2];
        return p;
    }
    if (frame == "unreal") return isoFromUnreal(UnrealPose{xyz, r[0], r[1], r[2]});
    if (frame == "sae") return isoFromSae(SaePose{xyz, r[0], r[1], r[2]});
    j.fail("frame", "expected \"iso8855\", \"unreal\" or \"sae\", got \"" + frame + "\"");
}

nlohmann::json poseToJson(const Pose& pose) {
    return {{"frame", "iso8855"},
            {"xyz_m", {pose.translation_m.x(), pose.translation_m.y(), pose.translation_m.z()}},
            {"rpy_deg", {pose.roll_deg, pose.pitch_deg, pose.yaw_deg}}};
}

}  // namespace blindspot
