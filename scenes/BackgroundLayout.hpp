#pragma once
// The parameters a generated background is built from: the shared material table (indexed by
// triangle part), the road layout drawn from (type, seed), and the ground height it implies.
// Metres in the background's world frame (ISO 8855).
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/Rng.hpp"
#include "core/geometry/Material.hpp"
#include "scenes/Background.hpp"

namespace blindspot {

// Material table shared by every background (index = triangle_part).
enum BackgroundPart : std::uint16_t {
    kRoad,
    kMarking,
    kSidewalk,
    kCurb,
    kTerrain,
    kBuildingA,
    kBuildingB,
    kBuildingC,
    kBuildingD,
    kTrunk,
    kCanopy,
    kHedge,
    kPoleMetal,
    kSignPlate,
    kSignalHead,
    kFence,
    kGuardRail,
    kWindowGlass,
    kDoor,
    kWall,
    kBollard,
    kBush,
    kConifer,
    kSkin,
    kClothesDark,
    kClothesLight,
    kRiderSkin,
    kRiderClothes,
    kBicycle,
    kClutterDark,
    kClutterLight,
    kClothesBlack,
    kClothesMid,
    kClothesPale,
    kMotorbike,
    kMotorbikeTyre,
    kMotorRider,
    kPartCount
};

std::vector<SurfaceMaterial> backgroundMaterials();

// Layout parameters of one world, drawn from (type, seed).
struct Layout {
    std::string type;
    double road_y = 0.0;     // road centre line (m)
    double road_half = 6.0;  // half the road width (m)
    double sidewalk = 3.0;   // sidewalk width (m)
    double curb = 0.15;      // curb height (m)
    double grade = 0.0;      // dz/dx
    double bank = 0.0;       // dz/dy
    double camber = 0.0;     // crown height above the road edges (m)
    double wave_amp = 0.0, wave_len = 40.0, wave_phase = 0.0;
    double cross_x = 30.0;    // intersection: crossing road centre
    double cross_half = 0.0;  // > 0 for an intersection
    Rect extent{-30.0, 70.0, -30.0, 30.0};
};

/// The road surface height at (x, y): grade, bank, camber and a long wave.
double roadHeight(const Layout& layout, double x, double y);
bool onRoad(const Layout& layout, double x, double y);
/// Ground height: the road surface, and one curb height above it off the road.
double groundZ(const Layout& layout, double x, double y);
/// The layout of a background type (urban, suburban, ...) drawn from `rng`.
Layout drawLayout(const std::string& type, Rng& rng);

}  // namespace blindspot
