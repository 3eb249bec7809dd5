// The Embree scene behind RAII: device, meshes, instances, commit and single-ray queries. Every
// rtc* call that builds or owns something is here; the scan loops are core/raycast/RayCaster.cpp.
#include "core/raycast/RayScene.hpp"

#include <cmath>
#include <string>

#include "core/raycast/EmbreeScene.hpp"

namespace blindspot {
namespace {

void recordEmbreeError(void* user, RTCError code, const char* message) {
    auto* impl = static_cast<EmbreeScene*>(user);
    impl->error =
        "error " + std::to_string(int(code)) + (message ? std::string(": ") + message : "");
}

void rebuildShading(EmbreeScene& s) {
    s.shading.resize(s.instances.size());
    for (std::size_t i = 0; i < s.instances.size(); ++i) {
        const MeshInstance& inst = s.instances[i];
        const TriangleMesh& mesh = s.meshes[inst.mesh];
        InstanceShading& sh = s.shading[i];
        // Normals transform with the inverse transpose of the linear part.
        const Eigen::Matrix3d n = inst.world_from_mesh.linear().inverse().transpose();
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) sh.normal_world_from_mesh[3 * r + c] = float(n(r, c));
        sh.triangle_part = mesh.triangle_part.empty() ? nullptr : mesh.triangle_part.data();
        sh.materials = inst.part_materials.data();
        sh.instance_id = inst.instance_id;
    }
}

}  // namespace

RayScene::RayScene(int build_threads) : impl_(std::make_unique<EmbreeScene>()) {
    const std::string config =
        build_threads > 0 ? "threads=" + std::to_string(build_threads) : std::string();
    impl_->device = rtcNewDevice(config.empty() ? nullptr : config.c_str());
    if (!impl_->device)
        throw BackendError("Embree: cannot create a device (error " +
                           std::to_string(int(rtcGetDeviceError(nullptr))) + ")");
    rtcSetDeviceErrorFunction(impl_->device, recordEmbreeError, impl_.get());
    impl_->top = rtcNewScene(impl_->device);
    impl_->check("creating the top-level scene");
}

RayScene::~RayScene() = default;
RayScene::RayScene(RayScene&&) noexcept = default;
RayScene& RayScene::operator=(RayScene&&) noexcept = default;

MeshId RayScene::addMesh(const TriangleMesh& mesh) {
    EmbreeScene& s = *impl_;
    if (mesh.triangles.empty()) throw BackendError("RayScene: a mesh needs at least one triangle");
    const auto vertex_count = mesh.vertices_m.size();
    for (const auto& t : mesh.triangles)
        if (t.minCoeff() < 0 || std::size_t(t.maxCoeff()) >= vertex_count)
            throw BackendError("RayScene: a triangle indexes a vertex that does not exist");
    if (!mesh.triangle_part.empty() && mesh.triangle_part.size() != mesh.triangles.size())
        throw BackendError("RayScene: triangle_part must have one entry per triangle");

    RTCGeometry geom = rtcNewGeometry(s.device, RTC_GEOMETRY_TYPE_TRIANGLE);
    // rtcSetNewGeometryBuffer pads the buffer for Embree's 16-byte vertex loads.
    auto* v = static_cast<float*>(rtcSetNewGeometryBuffer(
        geom, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), vertex_count));
    auto* idx = static_cast<unsigned*>(
        rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                3 * sizeof(unsigned), mesh.triangles.size()));
    s.check("allocating mesh buffers");
    for (std::size_t i = 0; i < vertex_count; ++i)
        for (int k = 0; k < 3; ++k) v[3 * i + k] = mesh.vertices_m[i][k];
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) idx[3 * t + k] = unsigned(mesh.triangles[t][k]);
    rtcCommitGeometry(geom);

    RTCScene scene = rtcNewScene(s.device);
    // Robust mode: watertight intersection, so no ray slips through a shared edge.
    rtcSetSceneFlags(scene, RTC_SCENE_FLAG_ROBUST);
    rtcSetSceneBuildQuality(scene, RTC_BUILD_QUALITY_HIGH);
    rtcAttachGeometry(scene, geom);
    rtcReleaseGeometry(geom);
    rtcCommitScene(scene);
    s.mesh_scenes.push_back(scene);
    s.check("building a mesh BVH");
    s.meshes.push_back(mesh);
    return MeshId(s.meshes.size() - 1);
}

int RayScene::addInstance(const MeshInstance& instance) {
    EmbreeScene& s = *impl_;
    if (instance.mesh < 0 || instance.mesh >= meshCount())
        throw BackendError("RayScene: instance refers to unknown mesh " +
                           std::to_string(instance.mesh));
    if (int(instance.part_materials.size()) < s.meshes[instance.mesh].partCount())
        throw BackendError("RayScene: instance has " +
                           std::to_string(instance.part_materials.size()) +
                           " materials but its mesh has " +
                           std::to_string(s.meshes[instance.mesh].partCount()) + " parts");
    RTCGeometry geom = rtcNewGeometry(s.device, RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(geom, s.mesh_scenes[instance.mesh]);
    const Eigen::Matrix4f world_from_mesh = instance.world_from_mesh.matrix().cast<float>();
    rtcSetGeometryTransform(geom, 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR, world_from_mesh.data());
    rtcCommitGeometry(geom);
    const int index = instanceCount();
    rtcAttachGeometryByID(s.top, geom, unsigned(index));
    rtcReleaseGeometry(geom);
    s.check("adding an instance");
    s.instances.push_back(instance);
    s.committed = false;
    return index;
}

void RayScene::clearInstances() {
    EmbreeScene& s = *impl_;
    // A fresh top-level scene is simpler than detaching and reusing geometry ids; the meshes'
    // BVHs are untouched.
    rtcReleaseScene(s.top);
    s.top = rtcNewScene(s.device);
    s.instances.clear();
    s.shading.clear();
    s.committed = false;
    s.check("clearing instances");
}

void RayScene::commit() {
    EmbreeScene& s = *impl_;
    rtcCommitScene(s.top);
    s.check("building the top-level BVH");
    rebuildShading(s);
    s.committed = true;
}

const MeshInstance& RayScene::instance(int index) const { return impl_->instances.at(index); }
int RayScene::instanceCount() const { return int(impl_->instances.size()); }
const TriangleMesh& RayScene::mesh(MeshId id) const { return impl_->meshes.at(id); }
int RayScene::meshCount() const { return int(impl_->meshes.size()); }

std::optional<RayHit> RayScene::intersect(const Eigen::Vector3d& origin_world_m,
                                          const Eigen::Vector3d& direction_world,
                                          double max_distance_m) const {
    const EmbreeScene& s = *impl_;
    requireCommitted(s);
    const Eigen::Vector3d dir = direction_world.normalized();
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit rh{};
    rh.ray.org_x = float(origin_world_m.x());
    rh.ray.org_y = float(origin_world_m.y());
    rh.ray.org_z = float(origin_world_m.z());
    rh.ray.dir_x = float(dir.x());
    rh.ray.dir_y = float(dir.y());
    rh.ray.dir_z = float(dir.z());
    rh.ray.tnear = 0.0f;
    rh.ray.tfar = float(max_distance_m);
    rh.ray.mask = 0xFFFFFFFFu;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(s.top, &context, &rh);
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;

    const int index = int(rh.hit.instID[0]);
    const InstanceShading& sh = s.shading[index];
    const float* n = sh.normal_world_from_mesh;
    Eigen::Vector3d normal(n[0] * rh.hit.Ng_x + n[1] * rh.hit.Ng_y + n[2] * rh.hit.Ng_z,
                           n[3] * rh.hit.Ng_x + n[4] * rh.hit.Ng_y + n[5] * rh.hit.Ng_z,
                           n[6] * rh.hit.Ng_x + n[7] * rh.hit.Ng_y + n[8] * rh.hit.Ng_z);
    RayHit hit;
    hit.distance_m = rh.ray.tfar;
    hit.point_world_m = origin_world_m + dir * hit.distance_m;
    hit.normal_world = normal.normalized();
    hit.part = sh.triangle_part ? sh.triangle_part[rh.hit.primID] : 0;
    hit.material = sh.materials[std::size_t(hit.part)];
    hit.instance_id = sh.instance_id;
    hit.instance_index = index;
    return hit;
}

}  // namespace blindspot
