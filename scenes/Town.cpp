#include "scenes/Town.hpp"

#include <algorithm>
#include <cmath>

#include "core/geometry/Mounting.hpp"
#include "scenes/GroundSurface.hpp"
#include "scenes/WorldBuilder.hpp"

namespace blindspot {
namespace {

constexpr int kNodesPerSide = 3;
constexpr double kMarginM = 30.0;  // blocks beyond the outer streets

struct TownGrid {
    std::vector<double> xs_m, ys_m;  // street centre lines
    bool onRoad(double x, double y) const {
        const bool in_x = y >= ys_m.front() - kTownRoadHalfM && y <= ys_m.back() + kTownRoadHalfM;
        const bool in_y = x >= xs_m.front() - kTownRoadHalfM && x <= xs_m.back() + kTownRoadHalfM;
        for (double sx : xs_m)
            if (in_x && std::fabs(x - sx) < kTownRoadHalfM) return true;
        for (double sy : ys_m)
            if (in_y && std::fabs(y - sy) < kTownRoadHalfM) return true;
        return false;
    }
};

// A vertical kerb face from (x0, y0) to (x1, y1), from the road surface up one curb height.
void appendKerb(TriangleMesh& mesh, const Layout& L, Eigen::Vector2d a, Eigen::Vector2d b) {
    const int n = std::max(1, int(std::ceil((b - a).norm() / 0.5)));
    TriangleMesh strip;
    for (int i = 0; i <= n; ++i) {
        const Eigen::Vector2d p = a + (b - a) * (double(i) / n);
        const double z = roadHeight(L, p.x(), p.y());
        strip.vertices_m.emplace_back(float(p.x()), float(p.y()), float(z));
        strip.vertices_m.emplace_back(float(p.x()), float(p.y()), float(z + L.curb));
    }
    for (int i = 0; i < n; ++i) {
        strip.triangles.emplace_back(2 * i, 2 * i + 2, 2 * i + 3);
        strip.triangles.emplace_back(2 * i, 2 * i + 3, 2 * i + 1);
    }
    mesh.append(withPart(strip, kCurb));
}

std::vector<double> breaks(const std::vector<double>& centres, double lo, double hi) {
    std::vector<double> b = {lo};
    for (double c : centres) b.push_back(c - kTownRoadHalfM), b.push_back(c + kTownRoadHalfM);
    b.push_back(hi);
    return b;
}

// Buildings face the streets along x; trees, hedges and lamp posts line every sidewalk.
void furnishBlock(World& w, const Rect& r, const TownGrid& grid) {
    const double sw = w.L.sidewalk;
    const auto road_at = [&](double x, double y) { return grid.onRoad(x, y); };
    const double cx = (r.x_min + r.x_max) / 2, cy = (r.y_min + r.y_max) / 2;
    const bool south = road_at(cx, r.y_min - 1), north = road_at(cx, r.y_max + 1);
    const bool west = road_at(r.x_min - 1, cy), east = road_at(r.x_max + 1, cy);
    const double depth_room = (r.y_max - r.y_min - 2 * sw) / 2 - 2;
    for (const auto& [facing, y_edge, side] :
         {std::tuple{south, r.y_min + sw, 1.0}, std::tuple{north, r.y_max - sw, -1.0}}) {
        if (!facing || depth_room < 6) continue;
        double x = r.x_min + sw + w.rng.uniform(2, 6);
        while (true) {
            const double width = w.rng.uniform(10, 24);
            if (x + width > r.x_max - sw - 2) break;
            const double setback = w.rng.uniform(0.5, 4.0);
            const double depth = std::min(depth_room - setback, w.rng.uniform(8, 14));
            w.building(x + width / 2, y_edge + side * setback, side, width, depth,
                       w.rng.uniform(6, 20));
            x += width + w.rng.uniform(2, 9);
        }
    }
    const double kerb = 0.6, tree_in = sw * 0.7;
    for (const auto& [facing, y] : {std::pair{south, r.y_min}, std::pair{north, r.y_max}}) {
        if (!facing) continue;
        const double s = y == r.y_min ? 1.0 : -1.0;
        for (double x = r.x_min + 6 + w.rng.uniform(0, 6); x < r.x_max - 6; x += 24)
            w.pole(x, y + s * kerb, w.rng.uniform(6.0, 8.0), false);
        if (w.density.vegetation > 0)
            for (double x = r.x_min + 4 + w.rng.uniform(0, 8); x < r.x_max - 4;
                 x += w.rng.uniform(9, 16) / w.density.vegetation)
                w.tree(x, y + s * tree_in);
    }
    for (const auto& [facing, x] : {std::pair{west, r.x_min}, std::pair{east, r.x_max}}) {
        if (!facing) continue;
        const double s = x == r.x_min ? 1.0 : -1.0;
        for (double y = r.y_min + 6 + w.rng.uniform(0, 6); y < r.y_max - 6; y += 24)
            w.pole(x + s * kerb, y, w.rng.uniform(6.0, 8.0), false);
        if (w.density.vegetation > 0)
            for (double y = r.y_min + 5 + w.rng.uniform(0, 8); y < r.y_max - 5;
                 y += w.rng.uniform(8, 14) / w.density.vegetation)
                w.tree(x + s * tree_in, y);
        // A hedge just behind the sidewalk, in x-aligned pieces turned by the block side.
        if (w.density.vegetation > 0 && w.rng.chance(0.6))
            for (double y = r.y_min + sw + 3; y < r.y_max - sw - 5; y += 2.0)
                w.box(x + s * (sw + 1.0), y + 1.0, groundZ(w.L, x, y), 0.8, 2.0,
                      w.rng.uniform(1.0, 1.6), 0.0, kHedge, "vegetation");
    }
}

void buildTownGround(World& w, const TownGrid& grid) {
    const Layout& L = w.L;
    auto road = [&](double x, double y) { return roadHeight(L, x, y); };
    auto raised = [&](double x, double y) { return roadHeight(L, x, y) + L.curb; };
    const auto bx = breaks(grid.xs_m, L.extent.x_min, L.extent.x_max);
    const auto by = breaks(grid.ys_m, L.extent.y_min, L.extent.y_max);
    for (std::size_t i = 0; i + 1 < bx.size(); ++i)
        for (std::size_t j = 0; j + 1 < by.size(); ++j) {
            const Rect r{bx[i], bx[i + 1], by[j], by[j + 1]};
            const double cx = (r.x_min + r.x_max) / 2, cy = (r.y_min + r.y_max) / 2;
            if (grid.onRoad(cx, cy)) {
                appendGrid(w.bg.ground, r, 0.5, road, kRoad);
                w.bg.drivable.push_back(r);
                continue;
            }
            // The block: a sidewalk ring, grass inside, a kerb where it meets a street.
            const double sw = std::min(L.sidewalk, (r.x_max - r.x_min) / 2);
            appendGrid(w.bg.ground, {r.x_min, r.x_max, r.y_min, r.y_min + sw}, 0.5, raised,
                       kSidewalk);
            appendGrid(w.bg.ground, {r.x_min, r.x_max, r.y_max - sw, r.y_max}, 0.5, raised,
                       kSidewalk);
            appendGrid(w.bg.ground, {r.x_min, r.x_min + sw, r.y_min + sw, r.y_max - sw}, 0.5,
                       raised, kSidewalk);
            appendGrid(w.bg.ground, {r.x_max - sw, r.x_max, r.y_min + sw, r.y_max - sw}, 0.5,
                       raised, kSidewalk);
            appendGrid(w.bg.ground, {r.x_min + sw, r.x_max - sw, r.y_min + sw, r.y_max - sw}, 1.0,
                       raised, kTerrain);
            const Eigen::Vector2d a(r.x_min, r.y_min), b(r.x_max, r.y_min), c(r.x_max, r.y_max),
                d(r.x_min, r.y_max);
            if (grid.onRoad(cx, r.y_min - 1)) appendKerb(w.bg.ground, L, a, b);
            if (grid.onRoad(r.x_max + 1, cy)) appendKerb(w.bg.ground, L, b, c);
            if (grid.onRoad(cx, r.y_max + 1)) appendKerb(w.bg.ground, L, c, d);
            if (grid.onRoad(r.x_min - 1, cy)) appendKerb(w.bg.ground, L, d, a);
            furnishBlock(w, r, grid);
        }
}

// Dashed centre lines (3 m on, 6 m off) between the crossings.
void buildTownMarkings(World& w, const TownGrid& grid) {
    auto road = [&](double x, double y) { return roadHeight(w.L, x, y); };
    const double gap = kTownRoadHalfM + 1.0;
    for (double y : grid.ys_m)
        for (std::size_t i = 0; i + 1 < grid.xs_m.size(); ++i)
            for (double x = grid.xs_m[i] + gap; x + 3 < grid.xs_m[i + 1] - gap; x += 9)
                appendGrid(w.bg.ground, {x, x + 3, y - 0.07, y + 0.07}, 1.5, road, kMarking, 0.005);
    for (double x : grid.xs_m)
        for (std::size_t j = 0; j + 1 < grid.ys_m.size(); ++j)
            for (double y = grid.ys_m[j] + gap; y + 3 < grid.ys_m[j + 1] - gap; y += 9)
                appendGrid(w.bg.ground, {x - 0.07, x + 0.07, y, y + 3}, 1.5, road, kMarking, 0.005);
}

RoadNetwork townRoadNetwork(const TownGrid& grid) {
    std::vector<Eigen::Vector2d> nodes;
    std::vector<RoadSegment> roads;
    const int nx = int(grid.xs_m.size()), ny = int(grid.ys_m.size());
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) nodes.emplace_back(grid.xs_m[i], grid.ys_m[j]);
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            if (i + 1 < nx) roads.push_back({j * nx + i, j * nx + i + 1});
            if (j + 1 < ny) roads.push_back({j * nx + i, (j + 1) * nx + i});
        }
    return buildRoadNetwork(nodes, roads, kTownLaneOffsetM, kTownStopSetbackM);
}

}  // namespace

Background buildTown(const std::string& id, std::uint64_t seed,
                     const std::vector<CarModelSpec>& /*models*/, const ContentDensity& density) {
    World w{Layout{}, Rng(seed * 0x9E3779B97F4A7C15ull + 17), Background{}, density};
    Layout& L = w.L;
    L.type = "town";
    // No straight road of the layout kind: its centre lies far away, so every height below is
    // roadHeight's grade, bank and long wave, and groundZ is one curb above it.
    L.road_y = 1e6;
    L.road_half = kTownRoadHalfM;
    L.camber = 0.0;
    L.grade = w.rng.uniform(-0.01, 0.01);
    L.bank = w.rng.uniform(-0.01, 0.01);
    L.wave_amp = w.rng.uniform(0.2, 0.6);
    L.wave_len = w.rng.uniform(90, 150);
    L.wave_phase = w.rng.uniform(0, 2 * M_PI);
    L.sidewalk = w.rng.uniform(2.5, 3.5);
    L.curb = 0.15;
    TownGrid grid;
    const double pitch_x = w.rng.uniform(70, 90), pitch_y = w.rng.uniform(60, 80);
    for (int k = 0; k < kNodesPerSide; ++k) {
        grid.xs_m.push_back(k * pitch_x);
        grid.ys_m.push_back((k - (kNodesPerSide - 1) / 2) * pitch_y);
    }
    L.extent = {-kMarginM, grid.xs_m.back() + kMarginM, grid.ys_m.front() - kMarginM,
                grid.ys_m.back() + kMarginM};
    w.bg.id = id;
    w.bg.type = "town";
    w.bg.seed = seed;
    w.bg.materials = backgroundMaterials();
    w.bg.extent = L.extent;
    buildTownGround(w, grid);
    buildTownMarkings(w, grid);
    w.bg.roads = townRoadNetwork(grid);
    // The ego stands in the first eastbound lane, 5 m past its stop line.
    const double x0 = kTownStopSetbackM + 5, y0 = -kTownLaneOffsetM;
    const EgoVehicle ego;
    const double ax = ego.wheelbase_m / 2, ay = ego.track_m / 2;
    w.bg.world_from_ego =
        poseOnWheels({roadHeight(L, x0 + ax, y0 + ay), roadHeight(L, x0 + ax, y0 - ay),
                      roadHeight(L, x0 - ax, y0 + ay), roadHeight(L, x0 - ax, y0 - ay)},
                     ego.wheelbase_m, ego.track_m, x0, y0, 0.0);
    return w.bg;
}

RoadNetwork layoutRoadNetwork(const Layout& L, int lanes_per_direction) {
    const Rect& e = L.extent;
    const double lane_offset = L.road_half / lanes_per_direction / 2;
    std::vector<Eigen::Vector2d> nodes = {{e.x_min + 1, L.road_y}, {e.x_max - 1, L.road_y}};
    std::vector<RoadSegment> roads;
    if (L.cross_half <= 0) return buildRoadNetwork(nodes, {{0, 1}}, lane_offset, 0.0);
    nodes.emplace_back(L.cross_x, L.road_y);
    nodes.emplace_back(L.cross_x, e.y_min + 1);
    nodes.emplace_back(L.cross_x, e.y_max - 1);
    roads = {{0, 2}, {2, 1}, {3, 2}, {2, 4}};
    // The setback keeps a right-turning car clear of the corner, as in the town (see Town.hpp).
    const double setback = std::max(L.road_half, L.cross_half) + 8.0;
    return buildRoadNetwork(nodes, roads, lane_offset, setback);
}

}  // namespace blindspot
