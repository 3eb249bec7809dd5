#pragma once
// Places the objects of a generated background on its layout: buildings with recessed windows,
// plants, street furniture, parked cars, pedestrians and cyclists. Everything stands on the
// layout's ground (groundZ) and is drawn from one seeded Rng, so (type, seed) fixes the world.
// Positions are in the background frame (ISO 8855, metres), yaw in degrees counter-clockwise.
#include <functional>
#include <vector>

#include "core/Rng.hpp"
#include "scenes/Background.hpp"
#include "scenes/BackgroundLayout.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

/// A height-field grid over `r` with cells of about `cell` m, all triangles of `part`.
void appendGrid(TriangleMesh& mesh, const Rect& r, double cell,
                const std::function<double(double, double)>& z, std::uint16_t part,
                double lift = 0.0);

struct World {
    Layout L;
    Rng rng;
    Background bg;
    ContentDensity density;
    std::uint16_t next_parked_instance = 1000;
    std::uint16_t next_actor_instance = 3000;

    /// An axis-aligned box (before yaw) standing on z_base; `kind` adds an obstacle footprint.
    void box(double x, double y, double z_base, double sx, double sy, double sz, double yaw,
             std::uint16_t part, const char* kind);
    void tree(double x, double y);
    void bush(double x, double y);
    void hedge(double x0, double x1, double y, double height);
    void pole(double x, double y, double height, bool lamp_arm_side);
    void sign(double x, double y);
    void trafficLight(double x, double y);
    void bollard(double x, double y);
    /// A fence along x from x0 to x1: posts every 2.5 m, two rails, and pickets or a mesh panel.
    void fence(double x0, double x1, double y, double height);
    void wall(double x0, double x1, double y, double height);
    /// A building whose street face (at y_front, the body behind it on `side`) has recessed
    /// windows of glass, piers, floor bands and a door.
    void building(double x, double y_front, double side, double width, double depth, double height);
    void parkedCar(const std::vector<CarModelSpec>& models, double x, double y, double yaw_deg);
    void pedestrian(double x, double y, double yaw_deg);
    void cyclist(double x, double y, double yaw_deg);
};

}  // namespace blindspot
