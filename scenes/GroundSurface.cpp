#include "scenes/GroundSurface.hpp"

#include <array>
#include <cmath>
#include <limits>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

constexpr double kRadToDeg = 180.0 / M_PI;

}  // namespace

Pose poseOnWheels(const std::array<double, 4>& z, double wheelbase_m, double track_m, double x_m,
                  double y_m, double yaw_deg) {
    Pose pose;
    pose.yaw_deg = yaw_deg;
    // ISO 8855: positive pitch is nose-down (front lower), positive roll lifts the left side.
    // For a ground plane with slopes s_x (along the car) and s_y (across it), R = Ry(pitch)
    // Rx(roll) keeps the car's x and y axes in the plane when pitch = -atan(s_x) and roll =
    // atan(s_y / sqrt(1 + s_x^2)).
    const double s_x = ((z[0] + z[1]) / 2 - (z[2] + z[3]) / 2) / wheelbase_m;
    const double s_y = ((z[0] + z[2]) / 2 - (z[1] + z[3]) / 2) / track_m;
    pose.pitch_deg = -std::atan(s_x) * kRadToDeg;
    pose.roll_deg = std::atan(s_y / std::sqrt(1.0 + s_x * s_x)) * kRadToDeg;
    pose.translation_m = {x_m, y_m, (z[0] + z[1] + z[2] + z[3]) / 4};
    return pose;
}

GroundSurface::GroundSurface(const TriangleMesh& ground, int build_threads)
    : scene_(build_threads) {
    MeshInstance inst;
    inst.mesh = scene_.addMesh(ground);
    inst.part_materials.assign(std::size_t(ground.partCount()), SurfaceMaterial{});
    scene_.addInstance(inst);
    scene_.commit();
}

double GroundSurface::heightAt(double x_m, double y_m) const {
    const double top = 500.0;
    const auto hit = scene_.intersect({x_m, y_m, top}, {0, 0, -1}, 2 * top);
    return hit ? hit->point_world_m.z() : std::numeric_limits<double>::quiet_NaN();
}

Pose GroundSurface::placeCar(const CarModelSpec& model, double x_m, double y_m,
                             double yaw_deg) const {
    return placeOnContacts(wheelContacts(model), model.wheelbase_m, trackWidth(model), x_m, y_m,
                           yaw_deg, "/cars", "car " + model.name);
}

Pose GroundSurface::placeEgo(const EgoVehicle& ego, double x_m, double y_m, double yaw_deg) const {
    const double ax = ego.wheelbase_m / 2, ay = ego.track_m / 2;
    return placeOnContacts({{{ax, ay}, {ax, -ay}, {-ax, ay}, {-ax, -ay}}}, ego.wheelbase_m,
                           ego.track_m, x_m, y_m, yaw_deg, "/route", "the ego vehicle");
}

Pose GroundSurface::placeOnContacts(const std::array<std::array<double, 2>, 4>& contacts,
                                    double wheelbase_m, double track_m, double x_m, double y_m,
                                    double yaw_deg, const std::string& json_path,
                                    const std::string& what) const {
    const double c = std::cos(yaw_deg / kRadToDeg), s = std::sin(yaw_deg / kRadToDeg);
    std::array<double, 4> z{};
    for (int i = 0; i < 4; ++i) {
        const auto& [cx, cy] = contacts[i];
        z[i] = heightAt(x_m + c * cx - s * cy, y_m + s * cx + c * cy);
        if (std::isnan(z[i]))
            throw ConfigError(ErrorSource::value(json_path), what + " at x=" + std::to_string(x_m) +
                                                                 ", y=" + std::to_string(y_m) +
                                                                 " has a wheel off the ground");
    }
    return poseOnWheels(z, wheelbase_m, track_m, x_m, y_m, yaw_deg);
}

}  // namespace blindspot
