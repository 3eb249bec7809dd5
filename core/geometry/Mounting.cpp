#include "core/geometry/Mounting.hpp"

#include "core/base/Error.hpp"

namespace blindspot {
namespace {
Pose makePose(double x, double y, double z, double roll, double pitch, double yaw) {
    Pose p;
    p.translation_m = {x, y, z};
    p.roll_deg = roll;
    p.pitch_deg = pitch;
    p.yaw_deg = yaw;
    return p;
}
}  // namespace

std::vector<MountLocation> egoMountLocations(const EgoVehicle& ego) {
    const double front_x = ego.length_m / 2.0;
    const double side_y = ego.width_m / 2.0;
    const double bumper_z = 0.5;
    const double mirror_z = 1.0;
    const double mirror_x = 0.2 * ego.length_m;
    return {
        {"origin", makePose(0, 0, 0, 0, 0, 0)},
        {"front_bumper", makePose(front_x, 0, bumper_z, 0, 0, 0)},
        {"rear_bumper", makePose(-front_x, 0, bumper_z, 0, 0, 180)},
        {"right_mirror", makePose(mirror_x, -side_y, mirror_z, 0, 90, 0)},
        {"left_mirror", makePose(mirror_x, side_y, mirror_z, 0, 90, 0)},
        {"rearview_mirror", makePose(0.1 * ego.length_m, 0, 0.85 * ego.height_m, 0, 0, 0)},
        {"hood_center", makePose(0.3 * ego.length_m, 0, 0.7 * ego.height_m, 0, 0, 0)},
        {"roof_center", makePose(0, 0, ego.roof_mount_height_m, 0, 0, 0)},
    };
}

Pose composeMount(const Pose& mount, const Pose& offset) {
    Pose sensor;
    sensor.translation_m = mount.translation_m + offset.translation_m;
    sensor.roll_deg = mount.roll_deg + offset.roll_deg;
    sensor.pitch_deg = mount.pitch_deg + offset.pitch_deg;
    sensor.yaw_deg = mount.yaw_deg + offset.yaw_deg;
    return sensor;
}

Pose parentFromSensor(const SensorMounting& mounting, const EgoVehicle& ego) {
    if (mounting.parent == MountParent::SceneOrigin) {
        if (mounting.location != "origin")
            throw ConfigError(
                ErrorSource::value("/sensor/location"),
                "a sensor on the scene origin can only use location \"origin\", got \"" +
                    mounting.location + "\"");
        return mounting.offset;
    }
    for (const auto& loc : egoMountLocations(ego)) {
        if (loc.name == mounting.location) return composeMount(loc.ego_from_mount, mounting.offset);
    }
    throw ConfigError(ErrorSource::value("/sensor/location"),
                      "unknown mounting location \"" + mounting.location + "\"");
}

Eigen::Isometry3d worldFromSensor(const SensorMounting& mounting, const EgoVehicle& ego,
                                  const Pose& world_from_ego) {
    const Eigen::Isometry3d parent_from_sensor = parentFromSensor(mounting, ego).parentFromLocal();
    if (mounting.parent == MountParent::SceneOrigin) return parent_from_sensor;
    return world_from_ego.parentFromLocal() * parent_from_sensor;
}

Eigen::Isometry3d tiltSensor(const Eigen::Isometry3d& world_from_mount, double pitch_deg) {
    Eigen::Isometry3d mount_from_sensor = Eigen::Isometry3d::Identity();
    mount_from_sensor.linear() = rotationFromRpyDeg(0.0, pitch_deg, 0.0);
    return world_from_mount * mount_from_sensor;
}

}  // namespace blindspot
