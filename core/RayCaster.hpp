#pragma once
// The Embree 3 ray-caster. Every rtc* call of the project lives in RayCaster.cpp, behind RAII.
//
// A RayScene holds meshes (each built once into its own BVH) and instances of them (a mesh placed
// with a world_from_mesh transform, a material table indexed by the mesh's parts, and an instance
// id). Changing the instances only rebuilds the small top-level BVH.
#include <Eigen/Geometry>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "core/LidarSpec.hpp"
#include "core/Material.hpp"
#include "core/ScanGrid.hpp"
#include "core/TriangleMesh.hpp"

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

    struct Impl;
    const Impl& impl() const { return *impl_; }

  private:
    std::unique_ptr<Impl> impl_;
};

struct CastOptions {
    int threads = 0;  ///< 0 = all cores. The output is identical whatever the count.
};

/// Casts every beam of `spec` from the sensor pose. Ranges beyond spec.max_range_m are NaN.
ScanGrid castScan(const RayScene& scene, const LidarSpec& spec,
                  const Eigen::Isometry3d& world_from_sensor, const CastOptions& options = {});

/// As castScan, but reuses `scan`'s buffers when its grid already has the right size (a sweep
/// casts thousands of scans of one spec). Every cell is overwritten.
void castScanInto(const RayScene& scene, const LidarSpec& spec,
                  const Eigen::Isometry3d& world_from_sensor, const CastOptions& options,
                  ScanGrid& scan);

/// How many beams of `spec` hit instance `instance_index` when it stands alone, with every other
/// instance removed: the returns the instance would give if nothing occluded it. Only beams inside
/// the instance's angular bounding cone are cast.
std::size_t countUnoccludedHits(const RayScene& scene, int instance_index, const LidarSpec& spec,
                                const Eigen::Isometry3d& world_from_sensor);

/// The same rays through rtcIntersect16 and nothing else, for the benchmark. Returns the hit count.
std::size_t castRawPackets(const RayScene& scene, const LidarSpec& spec,
                           const Eigen::Isometry3d& world_from_sensor,
                           const CastOptions& options = {});

}  // namespace blindspot
