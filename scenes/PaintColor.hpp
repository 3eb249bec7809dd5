#pragma once
// Named car paint colours: sRGB for the camera and near-IR (905 nm) reflectance for the LiDAR.
//
// The near-IR values are diffuse albedos of typical automotive base coats at 905 nm, rounded:
// white and silver paints reflect strongly; most red, orange and yellow pigments are also bright in
// the near-IR; blue and green pigments less so; black paints (carbon-black pigment) absorb most of
// it. So dark paints return less: black 0.05 vs white 0.80. All paints share a clear-coat specular
// lobe. Table in docs/cars.md.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry/Material.hpp"

namespace blindspot {

struct PaintColor {
    std::string name;
    std::array<std::uint8_t, 3> srgb;
    float nir_reflectance;
};

std::vector<PaintColor> paintColors();
/// Throws ConfigError listing the known colours.
PaintColor paintColor(const std::string& name);

/// The materials of a car instance, indexed by CarPart, for a paint colour.
std::vector<SurfaceMaterial> carMaterials(const PaintColor& paint);
/// The visible colours (sRGB) of a car instance, indexed by CarPart, for the camera.
std::vector<std::array<std::uint8_t, 3>> carColors(const PaintColor& paint);

}  // namespace blindspot
