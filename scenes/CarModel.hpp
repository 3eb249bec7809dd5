#pragma once
// Procedural car models built from data (scenes/cars/*.json, schema in docs/cars.md).
//
// A car mesh is in the MATLAB vehicle frame: ISO 8855, origin on the ground at the geometric
// centre, x forward. The body is a loft of superellipse cross-sections along x (curved panels),
// with wheel arches cut into its sides; wheels are tyre tori with chrome rims; lights and the
// grille are separate closed parts. Every component is a closed, outward-wound triangle mesh.
#include <string>
#include <vector>

#include "core/base/Json.hpp"
#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

/// Part indices of every car mesh; an instance supplies one material per part.
enum CarPart : std::uint16_t {
    kPaint = 0,
    kGlass = 1,
    kTyre = 2,
    kChrome = 3,
    kLights = 4,
    kCarPartCount = 5
};

struct CarModelSpec {
    std::string name;
    std::string description;
    double length_m = 4.7, width_m = 1.8, height_m = 1.45;
    double ground_clearance_m = 0.15;
    double beltline_m = 0.92;  ///< height of the window sill
    double wheelbase_m = 2.8;
    double axle_offset_m = 0.0;  ///< wheelbase centre ahead of the body centre
    double wheel_radius_m = 0.32;
    double wheel_width_m = 0.22;
    double tumblehome = 0.8;  ///< roof width / body width
    /// Side silhouette: (u, top / height), u = 0 at the rear bumper, 1 at the front.
    std::vector<std::array<double, 2>> profile;
    /// Documented plausible ranges for the class: [min, max] of length, width and height (m).
    std::array<double, 2> length_range_m{}, width_range_m{}, height_range_m{};
    /// Glass is allowed only for u in this range (a box truck has windows in its cab alone).
    std::array<double, 2> windows_u{0.0, 1.0};
    int sections = 64;  ///< cross-sections along x
    int ring = 48;      ///< vertices per cross-section
};

CarModelSpec carModelSpecFromJson(const JsonObject& json);
/// Reads every *.json in `dir`, sorted by file name.
std::vector<CarModelSpec> loadCarModels(const std::string& dir);

/// Builds the closed car mesh, with per-triangle CarPart indices.
TriangleMesh buildCarMesh(const CarModelSpec& spec);
/// The model called `name`; throws ConfigError (value /cars/model) naming the known ones.
const CarModelSpec& carModelNamed(const std::vector<CarModelSpec>& models, const std::string& name);

/// Where the four wheels touch the ground, in the car frame (x, y): FL, FR, RL, RR.
std::array<std::array<double, 2>, 4> wheelContacts(const CarModelSpec& spec);
double trackWidth(const CarModelSpec& spec);

}  // namespace blindspot
