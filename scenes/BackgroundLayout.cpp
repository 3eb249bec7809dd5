#include "scenes/BackgroundLayout.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {

std::vector<SurfaceMaterial> backgroundMaterials() {
    std::vector<SurfaceMaterial> m(kPartCount);
    m[kRoad] = {label::kRoad, 0.12f, 0.05f, 8};
    m[kMarking] = {label::kLaneMarking, 0.75f, 0.1f, 8};  // retro-reflective paint
    m[kSidewalk] = {label::kSidewalk, 0.30f, 0.0f, 16};
    m[kCurb] = {label::kCurb, 0.35f, 0.0f, 16};
    m[kTerrain] = {label::kTerrain, 0.25f, 0.0f, 16};
    m[kBuildingA] = {label::kBuilding, 0.30f, 0.1f, 16};
    m[kBuildingB] = {label::kBuilding, 0.40f, 0.1f, 16};
    m[kBuildingC] = {label::kBuilding, 0.50f, 0.2f, 32};
    m[kBuildingD] = {label::kBuilding, 0.60f, 0.1f, 16};
    m[kTrunk] = {label::kTrunk, 0.30f, 0.0f, 16};
    m[kCanopy] = {label::kVegetation, 0.55f, 0.0f, 16};  // foliage is bright in the near-IR
    m[kHedge] = {label::kVegetation, 0.50f, 0.0f, 16};
    m[kPoleMetal] = {label::kPole, 0.35f, 0.3f, 32};
    m[kSignPlate] = {label::kTrafficSign, 0.90f, 0.3f, 32};
    m[kSignalHead] = {label::kTrafficSignal, 0.30f, 0.3f, 32};
    m[kFence] = {label::kFence, 0.30f, 0.0f, 16};
    m[kGuardRail] = {label::kGuardRail, 0.50f, 0.5f, 32};
    // Window glass returns only near normal incidence (a mirror lobe); elsewhere the pulse goes
    // through or away and the detection threshold drops it, as in real scans.
    m[kWindowGlass] = {label::kBuilding, 0.02f, 0.9f, 128};
    m[kDoor] = {label::kBuilding, 0.15f, 0.1f, 16};
    m[kWall] = {label::kFence, 0.35f, 0.0f, 16};  // SemanticKITTI: small walls are fence
    m[kBollard] = {label::kPole, 0.40f, 0.2f, 32};
    m[kBush] = {label::kVegetation, 0.45f, 0.0f, 16};
    m[kConifer] = {label::kVegetation, 0.35f, 0.0f, 16};
    // People: skin about 0.5 at 905 nm; clothing from dark (0.08) to light (0.5) fabric.
    m[kSkin] = {label::kPedestrian, 0.45f, 0.0f, 16};
    m[kClothesDark] = {label::kPedestrian, 0.08f, 0.0f, 16};
    m[kClothesLight] = {label::kPedestrian, 0.50f, 0.0f, 16};
    m[kRiderSkin] = {label::kBicyclist, 0.45f, 0.0f, 16};
    m[kRiderClothes] = {label::kBicyclist, 0.20f, 0.0f, 16};
    m[kBicycle] = {label::kBicyclist, 0.30f, 0.3f, 32};
    // Bins, boxes, kiosks, containers, trailers: SemanticKITTI's other-object.
    m[kClutterDark] = {label::kOther, 0.10f, 0.1f, 16};
    m[kClutterLight] = {label::kOther, 0.45f, 0.1f, 16};
    // More fabric tones, from black synthetics (0.04) to white cotton (0.85), drawn per garment
    // (scenes/WorldBuilder.cpp).
    m[kClothesBlack] = {label::kPedestrian, 0.04f, 0.0f, 16};
    m[kClothesMid] = {label::kPedestrian, 0.20f, 0.0f, 16};
    m[kClothesPale] = {label::kPedestrian, 0.85f, 0.0f, 16};
    // A motorbike and its rider: SemanticKITTI's motorcyclist (the bike under a rider included).
    m[kMotorbike] = {label::kMotorcycle, 0.25f, 0.5f, 64};
    m[kMotorbikeTyre] = {label::kMotorcycle, 0.05f, 0.0f, 16};
    m[kMotorRider] = {label::kMotorcycle, 0.15f, 0.1f, 16};
    return m;
}

double roadHeight(const Layout& L, double x, double y) {
    const double across = std::clamp((y - L.road_y) / L.road_half, -1.0, 1.0);
    return L.grade * x + L.bank * y + L.camber * (1.0 - across * across) +
           L.wave_amp * std::sin(2 * M_PI * x / L.wave_len + L.wave_phase);
}

bool onRoad(const Layout& L, double x, double y) {
    return std::fabs(y - L.road_y) <= L.road_half ||
           (L.cross_half > 0 && std::fabs(x - L.cross_x) <= L.cross_half);
}

double groundZ(const Layout& L, double x, double y) {
    return roadHeight(L, x, y) + (onRoad(L, x, y) ? 0.0 : L.curb);
}

Layout drawLayout(const std::string& type, Rng& rng) {
    Layout L;
    L.type = type;
    L.grade = rng.uniform(-0.04, 0.04);
    L.bank = rng.uniform(-0.01, 0.01);
    L.camber = rng.uniform(0.03, 0.1);
    L.wave_amp = rng.uniform(0.0, 0.25);
    L.wave_len = rng.uniform(40, 90);
    L.wave_phase = rng.uniform(0, 2 * M_PI);
    if (type == "urban") {
        L.road_half = rng.uniform(6.0, 7.5);
        L.sidewalk = rng.uniform(2.5, 4.0);
    } else if (type == "suburban") {
        L.road_half = rng.uniform(5.5, 6.5);
        L.sidewalk = rng.uniform(1.5, 2.5);
    } else if (type == "boulevard") {
        L.road_half = rng.uniform(9.0, 11.0);
        L.sidewalk = rng.uniform(4.0, 6.0);
    } else if (type == "intersection") {
        L.road_half = rng.uniform(6.0, 7.0);
        L.sidewalk = 3.0;
        L.cross_x = rng.uniform(28, 38);
        L.cross_half = rng.uniform(5.5, 7.0);
    } else if (type == "highway") {
        L.road_half = rng.uniform(8.0, 9.5);
        L.sidewalk = 0.0;
        L.curb = 0.0;
        L.grade = rng.uniform(-0.05, 0.05);
        L.extent = {-30, 90, -35, 35};
    } else if (type == "parking") {
        L.road_half = 30.0;  // the whole lot is asphalt
        L.sidewalk = 0.0;
        L.camber = 0.0;
        L.wave_amp = 0.0;
    } else if (type == "kitti-residential") {
        // KITTI drive 2011_09_26_0001: a residential street, cars parked on both sides (their
        // points lie 7.5..9.5 m to the side in the real lidar_2d scans), trees and detached houses
        // behind front gardens.
        L.road_half = rng.uniform(5.5, 9.0);
        L.sidewalk = rng.uniform(1.5, 2.5);
        L.curb = 0.12;
        L.camber = rng.uniform(0.02, 0.06);
    } else if (type == "residential-narrow") {
        // SemanticKITTI 00's residential streets: one driving lane between two parking lanes, so
        // pavements, hedges and front gardens stand near (the real sidewalk points' median range
        // is 8 m, against 16 m on our wider streets; docs/fidelity.md).
        L.road_half = rng.uniform(3.6, 5.2);
        L.sidewalk = rng.uniform(1.5, 3.0);
        L.curb = rng.uniform(0.08, 0.15);
        L.camber = rng.uniform(0.02, 0.06);
    } else if (type == "alley") {
        L.road_half = rng.uniform(5.0, 5.6);
        L.sidewalk = rng.uniform(0.8, 1.2);
        L.camber = rng.uniform(0.0, 0.04);
    }
    return L;
}

}  // namespace blindspot
