#pragma once
// Surface materials and the label palette. Labels default to the MATLAB Simulation 3D Lidar ID
// table (seed 004), so scans from blindspot and from MATLAB share ids.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace blindspot {

/// Palette ids (MATLAB Simulation 3D). 0 means "no label".
namespace label {
constexpr std::uint16_t kNone = 0;
constexpr std::uint16_t kBuilding = 1;
constexpr std::uint16_t kOther = 3;
constexpr std::uint16_t kPedestrian = 4;
constexpr std::uint16_t kPole = 5;
constexpr std::uint16_t kLaneMarking = 6;
constexpr std::uint16_t kRoad = 7;
constexpr std::uint16_t kSidewalk = 8;
constexpr std::uint16_t kVegetation = 9;
constexpr std::uint16_t kVehicle = 10;
constexpr std::uint16_t kTrafficSign = 12;
constexpr std::uint16_t kStopSign = 13;
constexpr std::uint16_t kYieldSign = 14;
constexpr std::uint16_t kSpeedLimitSign = 15;
constexpr std::uint16_t kTrafficSignal = 41;
constexpr std::uint16_t kFireHydrant = 51;
constexpr std::uint16_t kSky = 57;
constexpr std::uint16_t kCurb = 58;
constexpr std::uint16_t kFlyoverRamp = 59;
constexpr std::uint16_t kGuardRail = 60;
constexpr std::uint16_t kBicyclist = 61;
constexpr std::uint16_t kDeer = 67;
constexpr std::uint16_t kBarricade = 71;
constexpr std::uint16_t kMotorcycle = 72;
/// Returns from fog, rain or snow (core/lidar/LidarEffects.hpp); not in the MATLAB table.
constexpr std::uint16_t kWeather = 99;
/// Classes that SemanticKITTI labels apart and the MATLAB table has not (facts.md): grass and
/// soil (terrain, 72), fences and walls of gardens (fence, 51), tree trunks (trunk, 71).
constexpr std::uint16_t kTerrain = 100;
constexpr std::uint16_t kFence = 101;
constexpr std::uint16_t kTrunk = 102;
}  // namespace label

/// A palette entry: id and name, for listings and reports.
struct PaletteEntry {
    std::uint16_t id;
    std::string name;
};
std::vector<PaletteEntry> defaultPalette();
/// A display colour (sRGB) per palette id, shared by every picture and mesh export.
std::array<std::uint8_t, 3> labelColor(std::uint16_t id);
/// Resolves a label given as a palette name ("vehicle") or a number in [0, 65535]; -1 if unknown.
int paletteIdFromName(const std::string& name);

/// How a surface returns a LiDAR pulse (and, later, light for the camera).
/// Reflectivity = clamp(rho * cos(theta) + specular * max(0, cos(2 theta))^shininess, 0, 1),
/// where theta is the angle of incidence. The LiDAR is monostatic, so the mirror direction makes
/// the angle 2*theta with the way back to the sensor (Phong with light = viewer).
struct SurfaceMaterial {
    std::uint16_t label = label::kNone;
    float nir_reflectance = 0.5f;  ///< diffuse (Lambertian) albedo at 905 nm, [0, 1]
    float specular = 0.0f;         ///< Phong specular weight, [0, 1]
    float shininess = 16.0f;       ///< Phong exponent, >= 1, used as an integer (rounded down)
};

/// Phong reflectivity for a monostatic LiDAR; cos_incidence in [0, 1].
inline float phongReflectivity(const SurfaceMaterial& m, float cos_incidence) {
    const float cos_mirror = 2.0f * cos_incidence * cos_incidence - 1.0f;  // cos(2 theta)
    float spec = 0.0f;
    if (m.specular > 0.0f && cos_mirror > 0.0f) {
        spec = m.specular;
        // Integer-exponent fast path keeps the hot loop free of std::pow for common values.
        float p = cos_mirror;
        for (int e = static_cast<int>(m.shininess); e > 0; e >>= 1) {
            if (e & 1) spec *= p;
            p *= p;
        }
    }
    const float r = m.nir_reflectance * cos_incidence + spec;
    return r < 0.0f ? 0.0f : (r > 1.0f ? 1.0f : r);
}

}  // namespace blindspot
