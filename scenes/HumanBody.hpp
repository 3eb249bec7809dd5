#pragma once
// An articulated human body: a skeleton of joints, posed by joint angles (HumanPose) or reaching
// for given points (a rider's saddle, pedals and grips), dressed in tapered tubes and ellipsoids.
// Segment lengths follow Drillis and Contini 1966 as tabulated by Winter 2009 (fractions of the
// height h: hip joint 0.530, knee 0.285, ankle 0.039, shoulder 0.818, chin 0.870; upper arm 0.186,
// forearm 0.146, hand 0.108; shoulder width 0.259, hip width 0.191, foot 0.152). A child's head
// is a larger share of its height (about 1/5 at 1.0 m against 1/7.5 for an adult; Ranke's
// proportions), its legs a smaller one. Frame: the body's own, origin on the ground under the
// pelvis, facing +x (ISO 8855), z up, metres.
#include <Eigen/Geometry>
#include <array>
#include <cstdint>

#include "core/geometry/TriangleMesh.hpp"
#include "scenes/HumanPose.hpp"

namespace blindspot {

struct BodyShape {
    double height_m = 1.75;  ///< 1.0 (a small child) .. 2.0
    double girth = 1.0;      ///< width and limb thickness scale, 0.8 .. 1.3
};

/// Materials of a body, as parts of an instance's material table.
struct BodyParts {
    std::uint16_t skin = 0;
    std::uint16_t upper = 1;  ///< shirt, jacket, the arms' sleeves
    std::uint16_t lower = 1;  ///< trousers, skirt, shoes
};

/// Segment lengths of one body (m), from its shape.
struct BodyLengths {
    double hip_height, thigh, shank, ankle_height, foot, trunk, neck, head, upper_arm, forearm,
        hand, hip_half_width, shoulder_half_width;
};
BodyLengths bodyLengths(const BodyShape& shape);

struct Skeleton {
    Eigen::Vector3d pelvis, neck, head;  ///< hip joints' midpoint, neck base, head centre
    std::array<Eigen::Vector3d, 2> hip, knee, ankle, heel, toe, shoulder, elbow, wrist, hand;
    Eigen::Matrix3d hips = Eigen::Matrix3d::Identity();   ///< columns: forward, left, up
    Eigen::Matrix3d trunk = Eigen::Matrix3d::Identity();  ///< the chest's forward, left, up
    double head_yaw_rad = 0.0;
};

/// The skeleton in `pose`, standing with its lowest foot on z = 0.
Skeleton posedSkeleton(const BodyShape& shape, const HumanPose& pose);

/// A seated rider: pelvis at `seat`, trunk leaning `lean_deg` forward, each foot on its
/// `pedals` point and each hand on its `grips` point where the limbs reach ([0] left, [1] right).
Skeleton riderSkeleton(const BodyShape& shape, const Eigen::Vector3d& seat, double lean_deg,
                       const std::array<Eigen::Vector3d, 2>& pedals,
                       const std::array<Eigen::Vector3d, 2>& grips);

/// The middle joint of a two-segment limb from `root` reaching for `target`, bending toward
/// `bend`; a target out of reach stretches the limb straight toward it.
Eigen::Vector3d middleJoint(const Eigen::Vector3d& root, const Eigen::Vector3d& target,
                            double first_m, double second_m, const Eigen::Vector3d& bend);

/// The body's surface over `skeleton`.
TriangleMesh bodyMesh(const BodyShape& shape, const Skeleton& skeleton, const BodyParts& parts);

}  // namespace blindspot
