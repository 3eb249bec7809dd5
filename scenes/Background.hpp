#pragma once
// Procedural backgrounds: deterministic worlds generated from (type, seed), so that urban-01 ...
// urban-15 always mean the same world.
//
// The background frame is the ego frame of the scenario: ISO 8855, metres, the ego vehicle's
// origin at (0, 0) on the ground looking along +x. Target car positions are given in this frame.
#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry/Material.hpp"
#include "core/geometry/Pose.hpp"
#include "core/geometry/TriangleMesh.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/RoadNetwork.hpp"

namespace blindspot {

/// An axis-aligned rectangle in the background frame (m).
struct Rect {
    double x_min = 0, x_max = 0, y_min = 0, y_max = 0;
    bool contains(double x, double y) const {
        return x >= x_min && x <= x_max && y >= y_min && y <= y_max;
    }
};

/// An oriented footprint on the ground plane (m, rad), for overlap checks.
struct Footprint {
    Eigen::Vector2d centre = Eigen::Vector2d::Zero();
    Eigen::Vector2d half_size = Eigen::Vector2d::Zero();  ///< along its own x and y
    double yaw_rad = 0.0;
    std::string kind;  ///< "building", "vegetation", "pole", "fence", "guard_rail", "car", ...
};
bool overlaps(const Footprint& a, const Footprint& b);  ///< separating-axis test

/// A parked car that belongs to the background (label vehicle, its own instance id).
struct ParkedCar {
    std::string model;
    std::string color;
    Pose world_from_car;
    std::uint16_t instance_id = 0;
};

/// A pedestrian or cyclist that belongs to the background: its own mesh in the background frame
/// (parts index Background::materials) and instance id, so its points carry both label and
/// instance.
struct BackgroundActor {
    std::string kind;  ///< "pedestrian" or "cyclist"
    TriangleMesh mesh;
    std::uint16_t instance_id = 0;
};

/// How much of each kind of content a generated background holds: multipliers of the type's own
/// amounts (0 = none, 1 = the type's default, 2 = twice as much).
struct ContentDensity {
    double vegetation = 1.0;   ///< trees, bushes and hedges
    double furniture = 1.0;    ///< poles, signs, bollards, fences and walls
    double people = 1.0;       ///< pedestrians and cyclists
    double parked_cars = 1.0;  ///< parked cars
    /// true: parked cars, furniture, clutter and cyclists stay out of the sweep area (x 2..22 m,
    /// |y| < 7 m), where sweeps place their targets. false (training worlds): the near street is
    /// as full as the rest, or a network learns that whatever stands near the sensor is a car.
    bool clear_sweep_area = true;
};

struct Background {
    std::string id;    ///< "urban-03", or "TYPE:SEED"
    std::string type;  ///< urban, suburban, boulevard, intersection, highway, parking, alley
    std::uint64_t seed = 0;
    /// Road, lane markings, sidewalks, curbs and terrain: what cars stand on.
    TriangleMesh ground;
    /// Everything else that does not move: buildings, vegetation, poles, signs, fences, rails.
    TriangleMesh fixtures;
    /// Materials indexed by the meshes' triangle_part (shared by ground and fixtures).
    std::vector<SurfaceMaterial> materials;
    std::vector<ParkedCar> parked_cars;
    std::vector<BackgroundActor> actors;
    Pose world_from_ego;               ///< where the LiDAR-carrying vehicle stands
    std::vector<Rect> drivable;        ///< union of rectangles
    Rect extent;                       ///< the generated area; cars must stay inside
    std::vector<Footprint> obstacles;  ///< fixtures and parked cars, for overlap checks
    /// Street-lamp heads (world frame, m), lit at night by the camera renderer.
    std::vector<Eigen::Vector3d> lamps_m;
    /// Lane centre lines for drive mode. Derived from the layout, so not part of the hash; empty
    /// for scene files and the parking lot.
    RoadNetwork roads;
};

/// A stable 64-bit hash of everything a background contains (FNV-1a over its bytes).
std::uint64_t backgroundHash(const Background& background);

}  // namespace blindspot
