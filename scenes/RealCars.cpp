#include "scenes/RealCars.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace blindspot {
namespace {

constexpr std::uint16_t kCar = 10, kMovingCar = 252;  // SemanticKITTI

// The heading (rad, in [0, pi/2)) of the smallest-area rectangle around the points' x-y, searched
// in 0.25 deg steps: a car seen from one corner shows two sides (an L), whose principal axis runs
// along the diagonal, not along the car (Zhang et al., "Efficient L-shape fitting for vehicle
// detection using laser scanners", IV 2017, fit rectangles by search the same way).
double minimumAreaHeading(const std::vector<Eigen::Vector2d>& xy) {
    double best = 0.0, best_area = INFINITY;
    for (int step = 0; step < 360; ++step) {
        const double h = step * 0.25 * M_PI / 180.0, c = std::cos(h), s = std::sin(h);
        double u0 = INFINITY, u1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
        for (const auto& p : xy) {
            const double u = c * p.x() + s * p.y(), v = -s * p.x() + c * p.y();
            u0 = std::min(u0, u), u1 = std::max(u1, u), v0 = std::min(v0, v), v1 = std::max(v1, v);
        }
        const double area = (u1 - u0) * (v1 - v0);
        if (area < best_area) best_area = area, best = h;
    }
    return best;
}

FittedBox fitBox(const RealFrame& frame, const std::vector<std::size_t>& idx) {
    const auto& p = frame.points.xyzi;
    std::vector<Eigen::Vector2d> xy;
    double z1 = -INFINITY;
    for (std::size_t i : idx) {
        xy.emplace_back(p[4 * i], p[4 * i + 1]);
        z1 = std::max(z1, double(p[4 * i + 2]));
    }
    double heading = minimumAreaHeading(xy);
    // Extents along the heading (u) and across it (v).
    double u0, u1, v0, v1;
    const auto extents = [&] {
        const Eigen::Vector2d a(std::cos(heading), std::sin(heading)), b(-a.y(), a.x());
        u0 = v0 = INFINITY, u1 = v1 = -INFINITY;
        for (const auto& q : xy)
            u0 = std::min(u0, q.dot(a)), u1 = std::max(u1, q.dot(a)), v0 = std::min(v0, q.dot(b)),
            v1 = std::max(v1, q.dot(b));
    };
    extents();
    if (v1 - v0 > u1 - u0) {  // the rectangle's longer side is the car's axis
        heading += M_PI / 2;
        extents();
    }
    const Eigen::Vector2d a(std::cos(heading), std::sin(heading)), b(-a.y(), a.x());
    FittedBox box;
    box.centre_m = a * (u0 + u1) / 2 + b * (v0 + v1) / 2;
    box.yaw_deg = std::atan2(a.y(), a.x()) * 180.0 / M_PI;
    box.length_m = u1 - u0;
    box.width_m = v1 - v0;
    const GroundUnder ground = groundUnder(
        frame,
        {box.centre_m, {box.length_m / 2, box.width_m / 2}, box.yaw_deg * M_PI / 180.0, "car"});
    box.ground_z_m = std::isnan(ground.z_m) ? z1 - 1.5 : ground.z_m;
    box.height_m = z1 - box.ground_z_m;
    return box;
}

// Where a library car of `size_m` along an axis goes so that its face nearest the sensor is the
// box's: the offset of its centre from the box's centre along that axis.
double nearFaceOffset(double box_centre_along, double box_size, double size_m) {
    const double grow = std::max(0.0, size_m - box_size) / 2;
    // The sensor at the origin lies at -box_centre_along from the centre along the axis.
    return box_centre_along > 0 ? grow : -grow;
}

}  // namespace

std::vector<RealCar> realCars(const RealFrame& frame, std::size_t min_points) {
    std::map<int, std::vector<std::size_t>> by_instance;
    const auto& pts = frame.points;
    for (std::size_t i = 0; i < pts.size(); ++i)
        if ((pts.label[i] == kCar || pts.label[i] == kMovingCar) && pts.instance[i] != 0)
            by_instance[pts.instance[i]].push_back(i);
    std::vector<RealCar> cars;
    for (auto& [instance, idx] : by_instance)
        if (idx.size() >= min_points) cars.push_back({instance, idx, fitBox(frame, idx)});
    return cars;
}

ScenarioCar libraryCarAt(const FittedBox& box, const std::vector<CarModelSpec>& models) {
    const CarModelSpec* best = nullptr;
    double best_d = std::numeric_limits<double>::infinity();
    for (const auto& m : models) {
        const double d = std::pow(m.length_m - box.length_m, 2) +
                         std::pow(m.width_m - box.width_m, 2) +
                         std::pow(m.height_m - box.height_m, 2);
        if (d < best_d) best_d = d, best = &m;
    }
    const double yaw = box.yaw_deg * M_PI / 180.0;
    const Eigen::Vector2d a(std::cos(yaw), std::sin(yaw)), b(-a.y(), a.x());
    const Eigen::Vector2d centre =
        box.centre_m + a * nearFaceOffset(box.centre_m.dot(a), box.length_m, best->length_m) +
        b * nearFaceOffset(box.centre_m.dot(b), box.width_m, best->width_m);
    ScenarioCar car;
    car.model = best->name;
    car.color = "white";
    car.x_m = centre.x();
    car.y_m = centre.y();
    car.yaw_deg = box.yaw_deg;
    return car;
}

RealFrame withoutPoints(const RealFrame& frame, const std::vector<std::size_t>& removed) {
    std::vector<char> drop(frame.points.size(), 0);
    for (std::size_t i : removed) drop[i] = 1;
    RealFrame out = frame;
    out.points = PointList{};
    for (std::size_t i = 0; i < frame.points.size(); ++i) {
        if (drop[i]) continue;
        out.points.xyzi.insert(out.points.xyzi.end(),
                               frame.points.xyzi.begin() + std::ptrdiff_t(4 * i),
                               frame.points.xyzi.begin() + std::ptrdiff_t(4 * i + 4));
        out.points.label.push_back(frame.points.label[i]);
        out.points.instance.push_back(frame.points.instance[i]);
    }
    return out;
}

}  // namespace blindspot
