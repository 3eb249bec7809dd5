#include "scenes/BackgroundGenerator.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/base/Rng.hpp"
#include "core/geometry/Mounting.hpp"
#include "scenes/BackgroundLayout.hpp"
#include "scenes/GroundSurface.hpp"
#include "scenes/Streetscape.hpp"
#include "scenes/Town.hpp"
#include "scenes/WorldBuilder.hpp"

namespace blindspot {
namespace {

// A vertical strip along x at y, from the road surface up one curb height.
void appendCurb(TriangleMesh& mesh, const Layout& L, double x0, double x1, double y) {
    const int n = std::max(1, int(std::ceil((x1 - x0) / 0.5)));
    TriangleMesh strip;
    for (int i = 0; i <= n; ++i) {
        const double x = x0 + (x1 - x0) * i / n;
        const double z = roadHeight(L, x, y);
        strip.vertices_m.emplace_back(float(x), float(y), float(z));
        strip.vertices_m.emplace_back(float(x), float(y), float(z + L.curb));
    }
    for (int i = 0; i < n; ++i) {
        strip.triangles.emplace_back(2 * i, 2 * i + 2, 2 * i + 3);
        strip.triangles.emplace_back(2 * i, 2 * i + 3, 2 * i + 1);
    }
    mesh.append(withPart(strip, kCurb));
}

// Grass and soil are not flat: a few centimetres of seeded relief (two crossed waves).
double terrainRelief(const Layout& L, double x, double y) {
    return 0.06 * std::sin(0.9 * x + L.wave_phase) * std::sin(0.7 * y + 2 * L.wave_phase) +
           0.04 * std::sin(2.3 * x + 1.7 * y + L.wave_phase);
}

void buildGround(World& w) {
    const Layout& L = w.L;
    TriangleMesh& g = w.bg.ground;
    const Rect& e = L.extent;
    auto road = [&](double x, double y) { return roadHeight(L, x, y); };
    auto raised = [&](double x, double y) { return roadHeight(L, x, y) + L.curb; };
    auto soil = [&](double x, double y) { return raised(x, y) + terrainRelief(L, x, y); };
    const double y0 = L.road_y - L.road_half, y1 = L.road_y + L.road_half;
    appendGrid(g, {e.x_min, e.x_max, y0, y1}, 0.5, road, kRoad);
    // Off-road x spans: split around a crossing road.
    std::vector<std::array<double, 2>> spans = {{e.x_min, e.x_max}};
    if (L.cross_half > 0) {
        spans = {{e.x_min, L.cross_x - L.cross_half}, {L.cross_x + L.cross_half, e.x_max}};
        appendGrid(g, {L.cross_x - L.cross_half, L.cross_x + L.cross_half, e.y_min, y0}, 0.5, road,
                   kRoad);
        appendGrid(g, {L.cross_x - L.cross_half, L.cross_x + L.cross_half, y1, e.y_max}, 0.5, road,
                   kRoad);
    }
    for (const auto& [xa, xb] : spans) {
        if (L.curb > 0) {
            appendCurb(g, L, xa, xb, y0);
            appendCurb(g, L, xa, xb, y1);
        }
        appendGrid(g, {xa, xb, y1, std::min(e.y_max, y1 + L.sidewalk)}, 0.5, raised, kSidewalk);
        appendGrid(g, {xa, xb, std::max(e.y_min, y0 - L.sidewalk), y0}, 0.5, raised, kSidewalk);
        appendGrid(g, {xa, xb, y1 + L.sidewalk, e.y_max}, 1.0, soil, kTerrain);
        appendGrid(g, {xa, xb, e.y_min, y0 - L.sidewalk}, 1.0, soil, kTerrain);
    }
}

void buildMarkings(World& w, int lanes_per_direction) {
    const Layout& L = w.L;
    const Rect& e = L.extent;
    auto road = [&](double x, double y) { return roadHeight(L, x, y); };
    auto skipCross = [&](double x) {
        return L.cross_half > 0 && std::fabs(x - L.cross_x) < L.cross_half + 1.0;
    };
    const double lane = L.road_half / lanes_per_direction;
    // Edge lines (solid) and lane lines (dashed 3 m on, 6 m off); centre line double-dash.
    for (double side : {-1.0, 1.0}) {
        const double edge_y = L.road_y + side * (L.road_half - 0.3);
        for (double x = e.x_min; x < e.x_max; x += 1.0)
            if (!skipCross(x))
                appendGrid(w.bg.ground, {x, x + 1.0, edge_y - 0.07, edge_y + 0.07}, 1.0, road,
                           kMarking, 0.005);
        for (int k = 1; k < lanes_per_direction; ++k) {
            const double ly = L.road_y + side * k * lane;
            for (double x = e.x_min; x < e.x_max; x += 9.0)
                if (!skipCross(x))
                    appendGrid(w.bg.ground, {x, x + 3.0, ly - 0.07, ly + 0.07}, 1.5, road, kMarking,
                               0.005);
        }
    }
    for (double x = e.x_min; x < e.x_max; x += 6.0)
        if (!skipCross(x))
            appendGrid(w.bg.ground, {x, x + 3.0, L.road_y - 0.07, L.road_y + 0.07}, 1.5, road,
                       kMarking, 0.005);
}

// Buildings along one side of the road, from the sidewalk's outer edge plus a setback.
void buildFacades(World& w, double side, double setback_lo, double setback_hi, double gap_lo,
                  double gap_hi, double h_lo, double h_hi, double w_lo, double w_hi) {
    const Layout& L = w.L;
    double x = L.extent.x_min + w.rng.uniform(0, 4);
    while (x < L.extent.x_max - 4) {
        const double width = w.rng.uniform(w_lo, w_hi);
        const double cx = x + width / 2;
        const bool blocked =
            L.cross_half > 0 && std::fabs(cx - L.cross_x) < L.cross_half + L.sidewalk + width / 2;
        if (!blocked) {
            const double y_front = L.road_y + side * (L.road_half + L.sidewalk +
                                                      w.rng.uniform(setback_lo, setback_hi));
            const double depth = w.rng.uniform(8, 15);
            if (std::fabs(y_front) + depth < std::fabs(L.extent.y_max) + 20)
                w.building(cx, y_front, side, width, depth, w.rng.uniform(h_lo, h_hi));
        }
        x += width + w.rng.uniform(gap_lo, gap_hi);
    }
}

void buildStreetFurniture(World& w, double spacing, double tree_p, double sign_p) {
    const Layout& L = w.L;
    for (double side : {-1.0, 1.0}) {
        const double kerb_y = L.road_y + side * (L.road_half + 0.6);
        for (double x = L.extent.x_min + w.rng.uniform(0, spacing); x < L.extent.x_max;
             x += spacing) {
            if (w.reserved(x, kerb_y) && std::fabs(kerb_y) < 6.5) continue;
            if (L.cross_half > 0 && std::fabs(x - L.cross_x) < L.cross_half + 2) continue;
            w.pole(x, kerb_y, w.rng.uniform(6.0, 8.0), true);
            if (w.rng.chance(sign_p)) w.sign(x + 2.0, kerb_y);
            const double tree_y = L.road_y + side * (L.road_half + L.sidewalk * 0.7);
            if (w.rng.chance(tree_p * w.density.vegetation) && L.sidewalk >= 1.5)
                w.tree(x + spacing / 2, tree_y);
        }
    }
}

void buildParkedCars(World& w, const std::vector<CarModelSpec>& models, double p) {
    const Layout& L = w.L;
    if (models.empty()) return;
    for (double side : {-1.0, 1.0}) {
        const double y = L.road_y + side * (L.road_half - 1.25);
        for (double x = L.extent.x_min + 3; x < L.extent.x_max - 3; x += 6.5) {
            if (w.reserved(x, y) ||
                (L.cross_half > 0 && std::fabs(x - L.cross_x) < L.cross_half + 5))
                continue;
            if (x > -6 && x < 3) continue;  // keep the ego's own spot free
            if (w.rng.chance(p)) w.parkedCar(models, x, y, side > 0 ? 180.0 : 0.0);
        }
    }
}

void buildHighway(World& w) {
    const Layout& L = w.L;
    for (double side : {-1.0, 1.0}) {
        const double y = L.road_y + side * (L.road_half + 0.4);
        for (double x = L.extent.x_min; x < L.extent.x_max; x += 2.0) {
            const double z = groundZ(w.L, x, y);
            w.box(x + 1.0, y, z + 0.55, 2.0, 0.08, 0.32, 0, kGuardRail, nullptr);       // W-beam
            w.box(x, y + side * 0.1, z - 0.2, 0.1, 0.1, 0.95, 0, kGuardRail, nullptr);  // post
        }
        w.bg.obstacles.push_back({{(L.extent.x_min + L.extent.x_max) / 2, y},
                                  {(L.extent.x_max - L.extent.x_min) / 2, 0.15},
                                  0.0,
                                  "guard_rail"});
        for (double x = L.extent.x_min + w.rng.uniform(0, 10); x < L.extent.x_max;
             x += w.rng.uniform(6, 14))
            w.tree(x, L.road_y + side * w.rng.uniform(L.road_half + 6, L.road_half + 20));
        if (w.rng.chance(0.7)) w.sign(w.rng.uniform(25, 60), L.road_y + side * (L.road_half + 1.5));
    }
}

void buildParkingLot(World& w, const std::vector<CarModelSpec>& models) {
    const Layout& L = w.L;
    auto road = [&](double x, double y) { return roadHeight(L, x, y); };
    // Bays of 2.6 x 5 m in rows facing the aisle the ego stands in.
    for (double side : {-1.0, 1.0}) {
        for (int row = 0; row < 2; ++row) {
            const double y_in = L.road_y + side * (7.0 + row * 11.0), y_mid = y_in + side * 2.5;
            for (double x = L.extent.x_min + 2; x < L.extent.x_max - 3; x += 2.6) {
                appendGrid(w.bg.ground,
                           {x - 0.06, x + 0.06, std::min(y_in, y_in + side * 5),
                            std::max(y_in, y_in + side * 5)},
                           1.0, road, kMarking, 0.005);
                if (!w.reserved(x + 1.3, y_mid) && w.rng.chance(0.55))
                    w.parkedCar(models, x + 1.3, y_mid,
                                side > 0 ? 90.0 + (w.rng.chance(0.5) ? 180 : 0) : -90.0);
            }
        }
    }
    for (double x = L.extent.x_min + 10; x < L.extent.x_max; x += 25)
        w.pole(x, L.road_y + 12.5, 8.0, false);
    for (double x = L.extent.x_min + 10; x < L.extent.x_max; x += 25)
        w.pole(x, L.road_y - 12.5, 8.0, false);
}

void buildSuburbanFronts(World& w) {
    const Layout& L = w.L;
    addFrontGardens(w, 1.0);
    for (double side : {-1.0, 1.0})
        for (double x = L.extent.x_min + w.rng.uniform(0, 6); x < L.extent.x_max;
             x += w.rng.uniform(7, 12) / std::max(0.1, w.density.vegetation))
            if (w.density.vegetation > 0)
                w.tree(x, L.road_y + side * (L.road_half + L.sidewalk + w.rng.uniform(2.5, 5.0)));
}

// The ego vehicle stands on the road with all four wheels, so it pitches and rolls with the
// grade and camber under it: a real car's LiDAR sees the road ahead level unless the grade
// changes (KITTI's road 5..45 m ahead lies within 0.5 deg of the sensor's horizontal plane).
// The kerb-side parked cars' centres lie road_half - 1.05..1.25 m from the centre line; half a car
// (0.9 m), half the ego (0.9 m) and 0.6 m of clearance keep the ego out of their lane.
double roadCentreFromEgo(const Layout& L, const EgoLateralRange& range, std::uint64_t seed) {
    Rng rng(seed * 0xD1B54A32D192ED03ull + 29);
    const double limit_m = std::max(0.0, L.road_half - 1.25 - 0.9 - 0.9 - 0.6);
    return std::clamp(rng.uniform(range.min_m, range.max_m), -limit_m, limit_m);
}

Pose egoOnRoad(const Layout& L) {
    const EgoVehicle ego;
    const double ax = ego.wheelbase_m / 2, ay = ego.track_m / 2;
    const std::array<double, 4> wheel_z_m = {groundZ(L, ax, ay), groundZ(L, ax, -ay),
                                             groundZ(L, -ax, ay), groundZ(L, -ax, -ay)};
    return poseOnWheels(wheel_z_m, ego.wheelbase_m, ego.track_m, 0.0, 0.0, 0.0);
}

}  // namespace

Background buildBackground(const std::string& id, const std::string& type, std::uint64_t seed,
                           const std::vector<CarModelSpec>& models, const ContentDensity& density,
                           const EgoLateralRange& ego_lateral) {
    if (type == "town") return buildTown(id, seed, models, density);
    World w{Layout{}, Rng(seed * 0x9E3779B97F4A7C15ull + 17), Background{}, density};
    w.L = drawLayout(type, w.rng);
    w.L.road_y = roadCentreFromEgo(w.L, ego_lateral, seed);
    w.bg.id = id;
    w.bg.type = type;
    w.bg.seed = seed;
    w.bg.materials = backgroundMaterials();
    w.bg.extent = w.L.extent;
    const Layout& L = w.L;
    buildGround(w);
    if (type == "urban") {
        buildMarkings(w, 1);
        for (double side : {-1.0, 1.0}) buildFacades(w, side, 0.0, 1.0, 0.0, 1.5, 8, 25, 10, 22);
        buildStreetFurniture(w, 25, 0.4, 0.4);
        buildParkedCars(w, models, 0.4);
        addBollards(w, 2);
        addVerge(w, 10);
        addClutter(w, 3);
        addStreetLife(w, 8);
    } else if (type == "kitti-residential") {
        buildKittiResidential(w, models);
    } else if (type == "residential-narrow") {
        // The same street, narrower, with shrubs and ground cover in every front garden: real
        // vegetation there is mostly low and near (SemanticKITTI 00: median 0.40 m above the
        // ground at 12.8 m, 17 % of the front view; docs/fidelity.md).
        buildKittiResidential(w, models);
        addVerge(w, 16);
    } else if (type == "suburban") {
        buildMarkings(w, 1);
        for (double side : {-1.0, 1.0}) buildFacades(w, side, 6.0, 10.0, 5.0, 12.0, 5, 8, 8, 14);
        buildSuburbanFronts(w);
        buildStreetFurniture(w, 35, 0.0, 0.3);
        buildParkedCars(w, models, 0.25);
        addClutter(w, 3);
        addStreetLife(w, 3);
    } else if (type == "boulevard") {
        buildMarkings(w, 2);
        for (double side : {-1.0, 1.0}) buildFacades(w, side, 0.0, 2.0, 0.0, 3.0, 15, 35, 14, 28);
        buildStreetFurniture(w, 20, 0.9, 0.3);
        addVerge(w, 14);
        addClutter(w, 3);
        addStreetLife(w, 10);
    } else if (type == "intersection") {
        buildMarkings(w, 1);
        for (double side : {-1.0, 1.0}) buildFacades(w, side, 0.0, 1.0, 0.0, 2.0, 8, 22, 10, 20);
        for (double sx : {-1.0, 1.0})
            for (double sy : {-1.0, 1.0})
                w.trafficLight(L.cross_x + sx * (L.cross_half + 0.8),
                               L.road_y + sy * (L.road_half + 0.8));
        buildStreetFurniture(w, 25, 0.3, 0.5);
        addBollards(w, 1);
        addStreetLife(w, 8);
    } else if (type == "highway") {
        buildMarkings(w, 3);
        buildHighway(w);
    } else if (type == "parking") {
        buildParkingLot(w, models);
        addVerge(w, 18);
    } else if (type == "alley") {
        for (double side : {-1.0, 1.0}) buildFacades(w, side, 0.0, 0.3, 0.0, 0.5, 10, 20, 6, 14);
        for (double side : {-1.0, 1.0})
            for (double x = L.extent.x_min + 4; x < L.extent.x_max; x += w.rng.uniform(8, 18))
                if (!w.reserved(x, 0))
                    w.box(x, L.road_y + side * (L.road_half + 0.4),
                          groundZ(L, x, L.road_y + side * (L.road_half + 0.4)), 0.8, 0.6, 1.1, 0,
                          kFence, "fence");
        addStreetLife(w, 4);
    }
    w.bg.drivable.push_back(
        {L.extent.x_min, L.extent.x_max, L.road_y - L.road_half, L.road_y + L.road_half});
    if (L.cross_half > 0)
        w.bg.drivable.push_back(
            {L.cross_x - L.cross_half, L.cross_x + L.cross_half, L.extent.y_min, L.extent.y_max});
    w.bg.world_from_ego = egoOnRoad(L);
    const int lanes = type == "boulevard" ? 2 : type == "highway" ? 3 : 1;
    if (type != "parking") w.bg.roads = layoutRoadNetwork(L, lanes);
    return w.bg;
}

}  // namespace blindspot
