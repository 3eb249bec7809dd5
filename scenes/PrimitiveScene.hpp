#pragma once
// A scene file made of primitives (plane, box, cylinder, sphere, triangle mesh), each with a pose
// and a material or label, plus the ego vehicle and how the sensor is mounted. Schema:
// docs/scene-file.md. This is the hand-made scene format; the scene library builds on it.
#include <string>

#include "core/Mounting.hpp"
#include "core/RayCaster.hpp"

namespace blindspot {

struct PrimitiveScene {
    RayScene geometry;
    EgoVehicle ego;
    Pose world_from_ego;
    SensorMounting mounting;

    /// world_from_sensor for a LiDAR whose head is tilted by `sensor_pitch_deg`.
    Eigen::Isometry3d worldFromSensor(double sensor_pitch_deg) const;
};

/// Reads and builds a scene. Throws ConfigError (file, JSON path, expectation) on bad input.
PrimitiveScene loadPrimitiveScene(const std::string& path, int build_threads = 0);
PrimitiveScene primitiveSceneFromJson(const JsonObject& json, int build_threads = 0);

/// Reads {"label": "vehicle" | 10, "nir_reflectance", "specular", "shininess"}.
SurfaceMaterial materialFromJson(const JsonObject& json);

}  // namespace blindspot
