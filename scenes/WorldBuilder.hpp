#pragma once
// Places the objects of a generated background on its layout: buildings with recessed windows,
// plants, street furniture, parked cars, pedestrians and cyclists. Everything stands on the
// layout's ground (groundZ) and is drawn from one seeded Rng, so (type, seed) fixes the world.
// Positions are in the background frame (ISO 8855, metres), yaw in degrees counter-clockwise.
#include <functional>
#include <vector>

#include "core/base/Rng.hpp"
#include "scenes/Background.hpp"
#include "scenes/BackgroundLayout.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

/// A height-field grid over `r` with cells of about `cell` m, all triangles of `part`.
void appendGrid(TriangleMesh& mesh, const Rect& r, double cell,
                const std::function<double(double, double)>& z, std::uint16_t part,
                double lift = 0.0);

/// The sweep area (paper: x 5..19, y -5..4, with a margin), in the background's frame (m).
bool inSweepArea(double x_m, double y_m);

struct World {
    Layout L;
    Rng rng;
    Background bg;
    ContentDensity density;
    std::uint16_t next_parked_instance = 1000;
    std::uint16_t next_actor_instance = 3000;

    /// Whether (x, y) must stay clear: inside the sweep area of a world that keeps it clear.
    bool reserved(double x_m, double y_m) const {
        return density.clear_sweep_area && inSweepArea(x_m, y_m);
    }
    /// An axis-aligned box (before yaw) standing on z_base; `kind` adds an obstacle footprint.
    void box(double x, double y, double z_base, double sx, double sy, double sz, double yaw,
             std::uint16_t part, const char* kind);
    void tree(double x, double y);
    void bush(double x, double y);
    void hedge(double x0, double x1, double y, double height);
    /// Low loose vegetation along x0..x1 at y (makeGroundCover), 0.8..3 m deep, 0.2..0.9 m tall.
    void groundCover(double x0, double x1, double y);
    /// A car-sized thing that is not a car (a bin, a box, a kiosk, a container, a trailer): one to
    /// three boxes, 0.4..4.5 m long, 0.4..2.5 m tall, stacked or side by side.
    void clutter(double x, double y);
    void pole(double x, double y, double height, bool lamp_arm_side);
    void sign(double x, double y);
    void trafficLight(double x, double y);
    void bollard(double x, double y);
    /// A fence along x from x0 to x1: posts every 2.5 m, two rails, and boards, pickets or a mesh
    /// panel.
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
