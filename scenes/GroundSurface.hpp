#pragma once
// The ground of a background as a height field for placing cars: heights by a vertical ray, and
// wheels-on-the-ground poses (ground following) in the background's world frame (ISO 8855, m).
#include <array>
#include <string>

#include "core/geometry/Mounting.hpp"
#include "core/geometry/Pose.hpp"
#include "core/geometry/TriangleMesh.hpp"
#include "core/raycast/RayCaster.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

/// A vehicle's pose with its wheels at heights wheel_z_m (FL, FR, RL, RR, m) at (x, y) with yaw:
/// z from the mean contact height, pitch from front vs rear axle, roll from left vs right wheels.
Pose poseOnWheels(const std::array<double, 4>& wheel_z_m, double wheelbase_m, double track_m,
                  double x_m, double y_m, double yaw_deg);

/// Height of the ground at (x, y) and car placement by ground following.
class GroundSurface {
  public:
    explicit GroundSurface(const TriangleMesh& ground, int build_threads = 0);
    /// Ground height (m) under (x, y), or NaN where there is no ground.
    double heightAt(double x_m, double y_m) const;
    /// The car's pose with its wheels on the ground: z from the mean contact height, pitch from
    /// front vs rear axle, roll from left vs right wheels. Throws ConfigError off the ground.
    Pose placeCar(const CarModelSpec& model, double x_m, double y_m, double yaw_deg) const;
    /// The ego vehicle's pose by the same rule, its wheels at +-wheelbase/2 and +-track/2. Throws
    /// ConfigError at /route off the ground.
    Pose placeEgo(const EgoVehicle& ego, double x_m, double y_m, double yaw_deg) const;

  private:
    /// Wheel contacts FL, FR, RL, RR (m, vehicle frame) onto the ground; errors name `json_path`.
    Pose placeOnContacts(const std::array<std::array<double, 2>, 4>& contacts, double wheelbase_m,
                         double track_m, double x_m, double y_m, double yaw_deg,
                         const std::string& json_path, const std::string& what) const;
    RayScene scene_;
};

}  // namespace blindspot
