#pragma once
// A scene file made of primitives (plane, box, cylinder, sphere, triangle mesh), each with a pose
// and a material or label, plus the ego vehicle and how the sensor is mounted. Schema:
// docs/scene-file.md. This is the hand-made scene format; the scene library builds on it.
#include <string>

#include "core/geometry/Mounting.hpp"
#include "core/raycast/RayCaster.hpp"

namespace blindspot {

struct PrimitiveScene {
    RayScene geometry;
    EgoVehicle ego;
    Pose world_from_ego;
    SensorMounting mounting;

    /// world_from_sensor for a LiDAR whose head is tilted by `sensor_pitch_deg`.
    Eigen::Isometry3d worldFromSensor(double sensor_pitch_deg) const;
};

/// A scene file's "ego" and "sensor" blocks.
struct SceneRig {
    EgoVehicle ego;
    Pose world_from_ego;
    SensorMounting mounting;
};
/// Reads and checks the "ego" and "sensor" blocks of a scene file (defaults where absent): unknown
/// keys, a bad parent or a disallowed mounting location are ConfigErrors naming the JSON path.
SceneRig sceneRigFromJson(const JsonObject& json);

/// Reads and builds a scene. Throws ConfigError (file, JSON path, expectation) on bad input.
PrimitiveScene loadPrimitiveScene(const std::string& path, int build_threads = 0);
PrimitiveScene primitiveSceneFromJson(const JsonObject& json, int build_threads = 0);

/// One entry of "objects": its mesh, materials (one per part), placement and role.
struct SceneObject {
    TriangleMesh mesh;
    std::vector<SurfaceMaterial> materials;
    Eigen::Isometry3d world_from_mesh = Eigen::Isometry3d::Identity();
    std::uint16_t instance_id = 0;
    /// "ground", "fixture", "parked_car", "pedestrian" or "cyclist" (for saved backgrounds)
    std::string role = "fixture";
    std::string model, color;  ///< parked cars only
};
SceneObject sceneObjectFromJson(const JsonObject& json);

}  // namespace blindspot
