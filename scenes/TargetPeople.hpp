#pragma once
// The people a sweep places as targets (target_type pedestrian or cyclist): one adult, 1.75 m,
// mid-stride, on foot or on a bicycle, with the background's skin, clothes and bicycle materials.
// Procedural backgrounds (scenes/SceneAssembly.hpp) and recorded ones (scenes/RealScene.hpp)
// place the same people.
#include <string>
#include <vector>

#include "core/geometry/Material.hpp"
#include "core/geometry/TriangleMesh.hpp"
#include "scenes/Background.hpp"

namespace blindspot {

/// The mesh of a target person, type "pedestrian" or "cyclist"; its parts 0..2 index
/// targetPersonMaterials(type).
TriangleMesh targetPersonMesh(const std::string& type);
std::vector<SurfaceMaterial> targetPersonMaterials(const std::string& type);
/// Where the person stands, for overlap checks (ego frame, m; yaw in degrees).
Footprint targetPersonFootprint(const std::string& type, double x_m, double y_m, double yaw_deg);

}  // namespace blindspot
