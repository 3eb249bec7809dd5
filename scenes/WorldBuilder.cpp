#include "scenes/WorldBuilder.hpp"

#include <algorithm>
#include <cmath>

#include "scenes/People.hpp"
#include "scenes/Vegetation.hpp"

namespace blindspot {
namespace {

constexpr double kDegToRad = M_PI / 180.0;

// The mesh turned by yaw (deg) and moved to (x, y, z).
TriangleMesh placed(TriangleMesh mesh, double x, double y, double z, double yaw_deg) {
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    T.linear() =
        Eigen::AngleAxisd(yaw_deg * kDegToRad, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    T.translation() = Eigen::Vector3d(x, y, z);
    return transformed(std::move(mesh), T);
}

// One garment's fabric. The shares are calibrated to the remission of the persons labelled in
// the eleven shared SemanticKITTI scans (1,303 front-view points: quartiles 0.32, 0.43, 0.55;
// `blindspot fidelity --sim`, docs/people.md): a darker mix gave simulated people 0.25, 0.32,
// 0.39; this one gives 0.33, 0.40, 0.46. At 905 nm most dyed fabrics, dark ones included,
// reflect more than they do in the visible, so light tones carry most of the weight (NIR
// reflectance 0.04 .. 0.85).
std::uint16_t garment(Rng& rng) {
    const double u = rng.uniform(0, 1);
    return u < 0.03 ? kClothesBlack
           : u < 0.10 ? kClothesDark
           : u < 0.25 ? kClothesMid
           : u < 0.60 ? kClothesLight
                      : kClothesPale;
}

}  // namespace

void appendGrid(TriangleMesh& mesh, const Rect& r, double cell,
                const std::function<double(double, double)>& z, std::uint16_t part, double lift) {
    if (r.x_max - r.x_min <= 1e-6 || r.y_max - r.y_min <= 1e-6) return;
    const int nx = std::max(1, int(std::ceil((r.x_max - r.x_min) / cell)));
    const int ny = std::max(1, int(std::ceil((r.y_max - r.y_min) / cell)));
    TriangleMesh grid;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            const double x = r.x_min + (r.x_max - r.x_min) * i / nx,
                         y = r.y_min + (r.y_max - r.y_min) * j / ny;
            grid.vertices_m.emplace_back(float(x), float(y), float(z(x, y) + lift));
        }
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const int a = j * (nx + 1) + i, b = a + 1, c = a + nx + 1, d = c + 1;
            grid.triangles.emplace_back(a, b, d);
            grid.triangles.emplace_back(a, d, c);
        }
    mesh.append(withPart(grid, part));
}

bool inSweepArea(double x_m, double y_m) { return x_m > 2.0 && x_m < 22.0 && std::fabs(y_m) < 7.0; }

void World::box(double x, double y, double z_base, double sx, double sy, double sz, double yaw,
                std::uint16_t part, const char* kind) {
    bg.fixtures.append(withPart(placed(makeBox(sx, sy, sz), x, y, z_base + sz / 2, yaw), part));
    if (kind) bg.obstacles.push_back({{x, y}, {sx / 2, sy / 2}, yaw * kDegToRad, kind});
}

void World::tree(double x, double y) {
    // Street trees are mostly broadleaf; some conifers, poplars and young trees.
    const double u = rng.uniform(0, 1);
    const TreeSpecies species = u < 0.55   ? TreeSpecies::Broadleaf
                                : u < 0.7  ? TreeSpecies::Conifer
                                : u < 0.82 ? TreeSpecies::Columnar
                                           : TreeSpecies::Young;
    const std::uint16_t foliage = species == TreeSpecies::Conifer ? kConifer : kCanopy;
    bg.fixtures.append(placed(makeTree(species, rng, {kTrunk, foliage}), x, y, groundZ(L, x, y),
                              rng.uniform(0, 360)));
    bg.obstacles.push_back({{x, y}, {0.3, 0.3}, 0.0, "vegetation"});
}

void World::bush(double x, double y) {
    bg.fixtures.append(placed(makeBush(rng, kBush), x, y, groundZ(L, x, y), rng.uniform(0, 360)));
    bg.obstacles.push_back({{x, y}, {0.8, 0.8}, 0.0, "vegetation"});
}

void World::hedge(double x0, double x1, double y, double height) {
    const double depth = rng.uniform(0.6, 1.1);
    bg.fixtures.append(
        placed(makeHedge(x1 - x0, height, depth, rng, kHedge), x0, y, groundZ(L, x0, y), 0.0));
    bg.obstacles.push_back({{(x0 + x1) / 2, y}, {(x1 - x0) / 2, depth / 2}, 0.0, "vegetation"});
}

void World::groundCover(double x0, double x1, double y) {
    const double depth = rng.uniform(0.8, 3.0), height = rng.uniform(0.2, 0.9);
    bg.fixtures.append(
        placed(makeGroundCover(x1 - x0, depth, height, rng, kBush), x0, y, groundZ(L, x0, y), 0.0));
    bg.obstacles.push_back({{(x0 + x1) / 2, y}, {(x1 - x0) / 2, depth / 2}, 0.0, "vegetation"});
}

void World::clutter(double x, double y) {
    const double yaw = rng.uniform(0, 360), z = groundZ(L, x, y);
    const std::uint16_t part = rng.chance(0.5) ? kClutterDark : kClutterLight;
    const double sx = rng.uniform(0.4, 4.5), sy = rng.uniform(0.4, 2.2), sz = rng.uniform(0.4, 2.5);
    box(x, y, z - 0.05, sx, sy, sz, yaw, part, "clutter");
    for (int extra = rng.index(3); extra > 0; --extra) {
        const double ex = sx * rng.uniform(0.2, 0.7), ey = sy * rng.uniform(0.3, 1.0);
        const double ez = rng.chance(0.5) ? sz : 0.0;  // on top, or beside
        const double a = yaw * kDegToRad, along = rng.uniform(-0.5, 0.5) * sx;
        box(x + along * std::cos(a), y + along * std::sin(a), z - 0.05 + ez, ex, ey,
            rng.uniform(0.3, 1.2) + (ez > 0 ? 0.0 : sz * 0.5), yaw, part, nullptr);
    }
}

void World::pole(double x, double y, double height, bool lamp_arm_side) {
    const double z = groundZ(L, x, y);
    bg.fixtures.append(
        withPart(placed(makeCylinder(0.11, height, 12), x, y, z + height / 2, 0), kPoleMetal));
    if (lamp_arm_side) {
        const double side = y > L.road_y ? 1 : -1;
        box(x, y - 0.8 * side, z + height - 0.2, 0.25, 1.6, 0.15, 0, kPoleMetal, nullptr);
        bg.lamps_m.emplace_back(x, y - 1.5 * side, z + height - 0.35);
    }
    bg.obstacles.push_back({{x, y}, {0.15, 0.15}, 0.0, "pole"});
}

void World::sign(double x, double y) {
    const double z = groundZ(L, x, y);
    bg.fixtures.append(withPart(placed(makeCylinder(0.04, 2.6, 10), x, y, z + 1.3, 0), kPoleMetal));
    box(x, y, z + 2.0, 0.04, 0.65, 0.65, 0, kSignPlate, nullptr);
    bg.obstacles.push_back({{x, y}, {0.1, 0.35}, 0.0, "pole"});
}

void World::trafficLight(double x, double y) {
    const double z = groundZ(L, x, y);
    bg.fixtures.append(withPart(placed(makeCylinder(0.1, 4.0, 12), x, y, z + 2.0, 0), kPoleMetal));
    box(x, y, z + 3.0, 0.35, 0.35, 1.0, 0, kSignalHead, nullptr);
    bg.obstacles.push_back({{x, y}, {0.2, 0.2}, 0.0, "pole"});
}

void World::bollard(double x, double y) {
    const double h = rng.uniform(0.8, 1.1), r = rng.uniform(0.07, 0.12);
    bg.fixtures.append(
        withPart(placed(makeCylinder(r, h, 10), x, y, groundZ(L, x, y) + h / 2, 0), kBollard));
    bg.obstacles.push_back({{x, y}, {r, r}, 0.0, "pole"});
}

void World::fence(double x0, double x1, double y, double height) {
    const double z = groundZ(L, x0, y);
    const double kind = rng.uniform(0, 1);
    for (double x = x0; x <= x1 + 1e-6; x += 2.5)
        box(x, y, z - 0.2, 0.08, 0.08, height + 0.2, 0, kFence, nullptr);
    for (double rail : {0.25, height - 0.15})
        box((x0 + x1) / 2, y, z + rail, x1 - x0, 0.04, 0.08, 0, kFence, nullptr);
    // A closed board (privacy) fence: a flat, opaque, car-high surface along the street. Real
    // drives have long runs of them (SemanticKITTI 05: 1,104 front-view fence points 5 m aside,
    // 1.3-2 m high), and a network that never saw one calls it a parked car's flank.
    if (kind < 0.3)
        box((x0 + x1) / 2, y, z + 0.03, x1 - x0, 0.03, height - 0.03, 0, kFence, nullptr);
    else if (kind < 0.65)
        for (double x = x0 + 0.1; x < x1; x += 0.14)
            box(x, y, z + 0.05, 0.07, 0.02, height - 0.1, 0, kFence, nullptr);
    else  // a wire-mesh panel reads as a sparse, thin surface
        box((x0 + x1) / 2, y, z + 0.1, x1 - x0, 0.01, height - 0.3, 0, kFence, nullptr);
    bg.obstacles.push_back({{(x0 + x1) / 2, y}, {(x1 - x0) / 2, 0.1}, 0.0, "fence"});
}

void World::wall(double x0, double x1, double y, double height) {
    box((x0 + x1) / 2, y, groundZ(L, x0, y) - 0.3, x1 - x0, 0.25, height + 0.3, 0, kWall, "wall");
}

void World::building(double x, double y_front, double side, double width, double depth,
                     double height) {
    const double z = groundZ(L, x, y_front) - 0.5;  // sunk in, so slopes leave no gap
    const std::uint16_t part = std::uint16_t(kBuildingA + rng.index(4));
    const double recess = rng.uniform(0.12, 0.3), storey = rng.uniform(2.8, 3.4);
    const double wall_top = height + 0.5;
    // The body, set back by the window recess; piers and floor bands stand proud of it.
    box(x, y_front + side * (recess + depth / 2), z, width, depth, wall_top, 0, part, nullptr);
    bg.obstacles.push_back(
        {{x, y_front + side * depth / 2}, {width / 2, depth / 2}, 0.0, "building"});
    const int bays = std::max(1, int(std::round(width / rng.uniform(2.4, 3.6))));
    const double bay = width / bays, window = bay * rng.uniform(0.45, 0.7);
    const double face_y = y_front + side * recess / 2, glass_y = y_front + side * (recess - 0.01);
    for (int k = 0; k <= bays; ++k) {  // piers between the windows, half-width at the corners
        const double pier = (k == 0 || k == bays) ? (bay - window) / 2 : bay - window;
        const double px = x - width / 2 + k * bay + (k == 0 ? pier / 2 : k == bays ? -pier / 2 : 0);
        box(px, face_y, z, pier, recess, wall_top, 0, part, nullptr);
    }
    const int floors = std::max(1, int(height / storey));
    const double sill = rng.uniform(0.8, 1.1), window_h = storey * rng.uniform(0.4, 0.6);
    const int door_bay = rng.index(bays);
    for (int f = 0; f <= floors; ++f) {  // floor bands: from the window top to the next sill
        const double band_lo = f == 0 ? 0.0 : 0.5 + (f - 1) * storey + sill + window_h;
        const double band_hi = f == floors ? wall_top : 0.5 + f * storey + sill;
        if (band_hi > band_lo)
            box(x, face_y, z + band_lo, width, recess, band_hi - band_lo, 0, part, nullptr);
    }
    for (int f = 0; f < floors; ++f)
        for (int k = 0; k < bays; ++k) {
            const double wx = x - width / 2 + (k + 0.5) * bay;
            const bool door = f == 0 && k == door_bay;
            box(wx, glass_y, z + 0.5 + f * storey + (door ? 0.0 : sill), window, 0.02,
                door ? sill + window_h : window_h, 0, door ? kDoor : kWindowGlass, nullptr);
        }
    if (rng.chance(0.4))  // balconies on the upper floors
        for (int f = 1; f < floors; ++f)
            if (rng.chance(0.6))
                box(x + rng.uniform(-0.25, 0.25) * width, y_front - side * 0.5,
                    z + 0.5 + f * storey, rng.uniform(2.0, 0.45 * width), 1.0, 1.0, 0, part,
                    nullptr);
}

void World::parkedCar(const std::vector<CarModelSpec>& models, double x, double y, double yaw_deg) {
    const char* const kColors[] = {"white", "silver", "grey", "black", "red", "blue"};
    const CarModelSpec& m =
        models[std::size_t(rng.index(int(std::min<std::size_t>(models.size(), 8))))];
    // Long models (buses) near the ends of the generated area move inward so that every wheel
    // stands on the ground.
    const double c = std::fabs(std::cos(yaw_deg * kDegToRad));
    const double s = std::fabs(std::sin(yaw_deg * kDegToRad));
    const double half_x = c * m.length_m / 2 + s * m.width_m / 2 + 0.5;
    const double half_y = s * m.length_m / 2 + c * m.width_m / 2 + 0.5;
    x = std::clamp(x, L.extent.x_min + half_x, L.extent.x_max - half_x);
    y = std::clamp(y, L.extent.y_min + half_y, L.extent.y_max - half_y);
    ParkedCar car;
    car.model = m.name;
    car.color = kColors[rng.index(6)];
    car.world_from_car.translation_m = {x, y, groundZ(L, x, y)};
    car.world_from_car.yaw_deg = yaw_deg;
    car.instance_id = next_parked_instance++;
    bg.parked_cars.push_back(car);
    bg.obstacles.push_back({{x, y}, {m.length_m / 2, m.width_m / 2}, yaw_deg * kDegToRad, "car"});
}

void World::pedestrian(double x, double y, double yaw_deg) {
    const PersonShape shape = drawPersonShape(rng);
    const PersonParts parts{kSkin, garment(rng), garment(rng), kClothesDark};
    bg.actors.push_back({"pedestrian",
                         placed(makePedestrian(shape, parts), x, y, groundZ(L, x, y), yaw_deg),
                         next_actor_instance++});
    bg.obstacles.push_back({{x, y}, {0.3, 0.3}, yaw_deg * kDegToRad, "pedestrian"});
}

void World::cyclist(double x, double y, double yaw_deg) {
    PersonShape shape = drawPersonShape(rng);
    shape.height_m = std::max(shape.height_m, 1.5);
    shape.carried = rng.chance(0.2) ? Carried::kBackpack : Carried::kNothing;
    // One rider in five on a motorbike (SemanticKITTI's motorcyclist, not its bicyclist).
    const bool motorbike = rng.chance(0.2);
    const TriangleMesh mesh =
        motorbike ? makeMotorcyclist(shape, {kMotorRider, kMotorRider, kMotorRider, kMotorbike, kMotorbikeTyre})
                  : makeCyclist(shape, {kRiderSkin, kRiderClothes, kRiderClothes, kBicycle});
    bg.actors.push_back({motorbike ? "motorcyclist" : "cyclist",
                         placed(mesh, x, y, groundZ(L, x, y), yaw_deg), next_actor_instance++});
    bg.obstacles.push_back({{x, y}, {0.95, 0.35}, yaw_deg * kDegToRad, "cyclist"});
}

}  // namespace blindspot
