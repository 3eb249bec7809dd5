#pragma once
// Writes an assembled scene as one binary PLY mesh in the background (world) frame, ISO 8855,
// metres: per-vertex sRGB colour by label and a label property, for MeshLab or Blender.
#include <string>

#include "core/raycast/RayCaster.hpp"

namespace blindspot {

void writeScenePly(const RayScene& scene, const std::string& path);

}  // namespace blindspot
