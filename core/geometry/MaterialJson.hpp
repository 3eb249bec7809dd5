#pragma once
// JSON form of a surface material (docs/scene-file.md), next to core/geometry/Material.hpp as
// core/geometry/PoseJson.hpp is next to core/geometry/Pose.hpp.
#include <cstdint>
#include <string>

#include "core/base/Json.hpp"
#include "core/geometry/Material.hpp"

namespace blindspot {

/// Reads {"label": "vehicle" | 10, "nir_reflectance", "specular", "shininess"}.
SurfaceMaterial materialFromJson(const JsonObject& json);

/// A palette label by name ("vehicle") or id in [0, 65535] at `key`.
std::uint16_t labelFromJson(const JsonObject& json, const std::string& key);

}  // namespace blindspot
