#pragma once
// A mesh placed in a RayScene, and what a ray hits: the plain data shared by the scene, the
// ray-caster and the camera.
#include <Eigen/Geometry>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/geometry/Material.hpp"

namespace blindspot {

using MeshId = int;

struct MeshInstance {
    MeshId mesh = 0;
    Eigen::Isometry3d world_from_mesh = Eigen::Isometry3d::Identity();
    std::vector<SurfaceMaterial> part_materials;  ///< one per mesh part
    std::uint16_t instance_id = 0;                ///< 0 for "stuff" (road, buildings, ...)
    /// Visible colour (sRGB) per part, for the camera; empty: the label's natural colour.
    std::vector<std::array<std::uint8_t, 3>> part_srgb;
};

/// A mesh with its materials, placed at the origin (the caller sets the pose and the id).
inline MeshInstance placedMesh(MeshId mesh, std::vector<SurfaceMaterial> materials) {
    MeshInstance inst;
    inst.mesh = mesh;
    inst.part_materials = std::move(materials);
    return inst;
}

/// What a single ray hit, in the world frame.
struct RayHit {
    double distance_m = 0.0;
    Eigen::Vector3d point_world_m;
    Eigen::Vector3d normal_world;  ///< unit, outward for meshes wound counter-clockwise
    SurfaceMaterial material;
    std::uint16_t instance_id = 0;
    int instance_index = -1;  ///< position in the scene's instance list
    int part = 0;             ///< the mesh part hit (index into the instance's materials)
};

}  // namespace blindspot
