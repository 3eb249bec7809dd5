#pragma once
// A RayScene holds meshes (each built once into its own BVH) and instances of them (a mesh placed
// with a world_from_mesh transform, a material table indexed by the mesh's parts, and an instance
// id). Changing the instances only rebuilds the small top-level BVH. The Embree objects behind it
// live in core/raycast/EmbreeScene.hpp, released by RAII.
#include <Eigen/Geometry>
#include <memory>
#include <optional>

#include "core/geometry/MeshInstance.hpp"
#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

struct EmbreeScene;

class RayScene {
  public:
    /// build_threads: threads Embree may use to build BVHs (0 = all cores).
    explicit RayScene(int build_threads = 0);
    ~RayScene();
    RayScene(RayScene&&) noexcept;
    RayScene& operator=(RayScene&&) noexcept;
    RayScene(const RayScene&) = delete;
    RayScene& operator=(const RayScene&) = delete;

    /// Builds the mesh's BVH once; it can then be instanced any number of times.
    MeshId addMesh(const TriangleMesh& mesh);
    /// Places a mesh. Throws BackendError if the material table is shorter than the mesh's parts.
    int addInstance(const MeshInstance& instance);
    /// Drops every instance (the meshes stay built), e.g. between two sweep samples.
    void clearInstances();
    /// Builds the top-level BVH; call after adding instances and before casting.
    void commit();

    const MeshInstance& instance(int index) const;
    int instanceCount() const;
    const TriangleMesh& mesh(MeshId id) const;
    int meshCount() const;

    /// The first hit along a ray (direction need not be unit), or {} for a miss.
    std::optional<RayHit> intersect(const Eigen::Vector3d& origin_world_m,
                                    const Eigen::Vector3d& direction_world,
                                    double max_distance_m) const;

    /// The Embree objects behind the scene, for the scan loops in core/raycast/RayCaster.cpp.
    const EmbreeScene& embree() const { return *impl_; }

  private:
    std::unique_ptr<EmbreeScene> impl_;
};

}  // namespace blindspot
