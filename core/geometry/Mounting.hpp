#pragma once
// Sensor mounting after MATLAB's Simulation 3D convention (seed 004): a parent (the scene origin or
// the ego vehicle), a named mounting location with its own default orientation, and a relative
// offset added on top: sensor = mount + offset, both for translation and for roll/pitch/yaw.
#include <string>
#include <vector>

#include "core/geometry/Pose.hpp"

namespace blindspot {

enum class MountParent { SceneOrigin, EgoVehicle };

/// A named mounting point in the ego vehicle frame (ISO 8855, origin on the ground at the
/// vehicle's geometric centre), with its default orientation.
struct MountLocation {
    std::string name;
    Pose ego_from_mount;
};

/// The ego vehicle that carries the sensor. The defaults are KITTI's VW Passat wagon, with the
/// roof-centre mount at the Velodyne's height of 1.73 m above the ground.
struct EgoVehicle {
    double length_m = 4.77;
    double width_m = 1.82;
    double height_m = 1.47;
    double roof_mount_height_m = 1.73;
    double wheelbase_m = 2.71;  ///< Passat B6 (2005..2010), for standing on a sloped road
    double track_m = 1.55;
};

/// Names: origin, front_bumper, rear_bumper (yaw 180), right_mirror, left_mirror,
/// rearview_mirror, hood_center, roof_center. MATLAB lists the mirror sensors as "downward-facing"
/// with pitch -90 in its own sign convention; with our right-handed rotations downward is
/// pitch +90, which is what we store so the documented meaning holds.
std::vector<MountLocation> egoMountLocations(const EgoVehicle& ego);

/// Where and how a sensor is attached.
struct SensorMounting {
    MountParent parent = MountParent::EgoVehicle;
    std::string location = "roof_center";
    Pose offset;  ///< relative translation (m, in the parent's frame) and rotation (deg)
};

/// sensor = mount + offset, element-wise for x, y, z, roll, pitch and yaw (MATLAB's formula).
Pose composeMount(const Pose& mount, const Pose& offset);

/// The sensor pose in its parent's frame. Throws ConfigError for an unknown location, or for a
/// location other than "origin" on the scene origin.
Pose parentFromSensor(const SensorMounting& mounting, const EgoVehicle& ego);

/// world_from_sensor: for an ego-mounted sensor, world_from_ego composed with the mount.
Eigen::Isometry3d worldFromSensor(const SensorMounting& mounting, const EgoVehicle& ego,
                                  const Pose& world_from_ego);

/// Tilts the sensor head about its own y axis (positive nose-down, ISO 8855) after mounting:
/// world_from_sensor = world_from_mount * Ry(pitch). This is LidarSpec::pitch_deg.
Eigen::Isometry3d tiltSensor(const Eigen::Isometry3d& world_from_mount, double pitch_deg);

}  // namespace blindspot
