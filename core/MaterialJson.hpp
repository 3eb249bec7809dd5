#pragma once
// JSON form of a surface material (docs/scene-file.md), next to core/Material.hpp as
// core/PoseJson.hpp is next to core/Pose.hpp.
#include <cstdint>
#include <string>

#include "core/Json.hpp"
#include "core/Material.hpp"

namespace blindspot {

/// Reads {"label": "vehicle" | 10, "nir_reflectance", "specular", "shininess"}.
SurfaceMaterial materialFromJson(const JsonObject& json);

/// A palette label by name ("vehicle") or id in [0, 65535] at `key`.
std::uint16_t labelFromJson(const JsonObject& json, const std::string& key);

}  // namespace blindspot
