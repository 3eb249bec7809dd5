#include "core/raycast/RayCaster.hpp"

#include <atomic>
#include <cmath>
#include <limits>
#include <string>

#include "core/base/ParallelFor.hpp"
#include "core/lidar/BeamTable.hpp"
#include "core/raycast/EmbreeScene.hpp"

namespace blindspot {
namespace {

// Fills one coherent packet: `lanes` (1..16) beams of one row, lane k at column col_of(k). Every
// lane is valid: lanes from `lanes` on repeat the last beam, and callers read only the first
// `lanes`. Embree 3 on an AVX2-only CPU (Debian's libembree3) lost the hits of the valid lanes of
// a packet whose other lanes were masked off (a culled scan's last 4 columns read as no return,
// where the full scan hit a facade at 15 m), while AVX-512 ones did not; a packet that is always
// full gives each beam the same result on both, and a culled scan the full scan's bits.
template <typename ColOf>
void fillPacket(const BeamTable& beams, int row, int lanes, ColOf col_of, RTCRayHit16& rh,
                int valid[kPacket]) {
    const float* m = beams.world_from_sensor;
    float o[3];
    beams.worldOrigin(row, o);
    for (int k = 0; k < kPacket; ++k) {
        valid[k] = -1;
        float d[3];
        beams.sensorDir(row, col_of(std::min(k, lanes - 1)), d);
        rh.ray.org_x[k] = o[0];
        rh.ray.org_y[k] = o[1];
        rh.ray.org_z[k] = o[2];
        rh.ray.dir_x[k] = m[0] * d[0] + m[1] * d[1] + m[2] * d[2];
        rh.ray.dir_y[k] = m[3] * d[0] + m[4] * d[1] + m[5] * d[2];
        rh.ray.dir_z[k] = m[6] * d[0] + m[7] * d[1] + m[8] * d[2];
        rh.ray.tnear[k] = 0.0f;
        rh.ray.tfar[k] = beams.max_range;
        rh.ray.time[k] = 0.0f;
        rh.ray.mask[k] = 0xFFFFFFFFu;
        rh.ray.id[k] = unsigned(k);
        rh.ray.flags[k] = 0;
        rh.hit.geomID[k] = RTC_INVALID_GEOMETRY_ID;
        rh.hit.instID[0][k] = RTC_INVALID_GEOMETRY_ID;
    }
}

// A row's packet starting at column col0 of a contiguous row.
void fillRowPacket(const BeamTable& beams, int row, int col0, int cols, RTCRayHit16& rh,
                   int valid[kPacket]) {
    fillPacket(
        beams, row, std::min(kPacket, cols - col0), [col0](int k) { return col0 + k; }, rh, valid);
}

// Runs body(row) for every row on `threads` workers. Rows are independent, so the result does not
// depend on which worker takes which row.
template <typename Body>
void forEachRow(int rows, int threads, Body body) {
    parallelFor(std::size_t(rows), std::min(threadCount(threads), std::max(rows, 1)),
                [&](std::size_t row, int) { body(int(row)); });
}

}  // namespace

ScanGrid castScan(const RayScene& scene, const LidarSpec& spec,
                  const Eigen::Isometry3d& world_from_sensor, const CastOptions& options) {
    ScanGrid scan;
    castScanInto(scene, spec, world_from_sensor, options, scan);
    return scan;
}

void castScanInto(const RayScene& scene, const LidarSpec& spec,
                  const Eigen::Isometry3d& world_from_sensor, const CastOptions& options,
                  ScanGrid& scan) {
    const EmbreeScene& s = scene.embree();
    requireCommitted(s);
    const std::size_t cells = std::size_t(spec.rows()) * spec.cols();
    if (scan.range_m.size() != cells) {
        scan = makeEmptyScan(spec, world_from_sensor);
    } else {
        scan.spec = spec;
        scan.world_from_sensor = world_from_sensor;
    }
    const BeamTable beams(spec, world_from_sensor);
    const int cols = spec.cols();
    const double res = spec.range_resolution_m;
    const double inv_res = 1.0 / res;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const InstanceShading* shading = s.shading.data();
    float* xyz = scan.xyz_sensor_m.data();
    float* range_out = scan.range_m.data();
    float* refl_out = scan.reflectivity.data();
    std::uint16_t* label_out = scan.label.data();
    std::uint16_t* inst_out = scan.instance.data();

    const int col_begin = std::clamp(options.first_col, 0, cols);
    const int col_end =
        options.col_count < 0 ? cols : std::min(cols, col_begin + options.col_count);

    forEachRow(spec.rows(), options.threads, [&](int row) {
        RTCIntersectContext context;
        rtcInitIntersectContext(&context);
        context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
        alignas(64) RTCRayHit16 rh;
        alignas(64) int valid[kPacket];
        for (int col0 = col_begin; col0 < col_end; col0 += kPacket) {
            fillRowPacket(beams, row, col0, col_end, rh, valid);
            rtcIntersect16(valid, s.top, &context, &rh);
            const int lanes = std::min(kPacket, col_end - col0);
            const std::size_t cell0 = std::size_t(row) * cols + col0;
            for (int k = 0; k < lanes; ++k) {
                const std::size_t cell = cell0 + k;
                if (rh.hit.geomID[k] == RTC_INVALID_GEOMETRY_ID) {
                    xyz[3 * cell] = xyz[3 * cell + 1] = xyz[3 * cell + 2] = nan;
                    range_out[cell] = refl_out[cell] = nan;
                    label_out[cell] = inst_out[cell] = 0;
                    continue;
                }
                const InstanceShading& sh = shading[rh.hit.instID[0][k]];
                const unsigned prim = rh.hit.primID[k];
                const SurfaceMaterial& mat =
                    sh.materials[sh.triangle_part ? sh.triangle_part[prim] : 0];
                const float* n = sh.normal_world_from_mesh;
                const float gx = rh.hit.Ng_x[k], gy = rh.hit.Ng_y[k], gz = rh.hit.Ng_z[k];
                const float nx = n[0] * gx + n[1] * gy + n[2] * gz;
                const float ny = n[3] * gx + n[4] * gy + n[5] * gz;
                const float nz = n[6] * gx + n[7] * gy + n[8] * gz;
                const float dot =
                    nx * rh.ray.dir_x[k] + ny * rh.ray.dir_y[k] + nz * rh.ray.dir_z[k];
                const float cos_incidence = std::fabs(dot) / std::sqrt(nx * nx + ny * ny + nz * nz);
                // Quantise to the range resolution, rounding to the nearest step. t >= 0, so the
                // truncating conversion of t + 0.5 rounds; it inlines, unlike std::nearbyint.
                const auto steps = std::int64_t(double(rh.ray.tfar[k]) * inv_res + 0.5);
                const float range = float(double(steps) * res);
                float d[3];
                beams.sensorDir(row, col0 + k, d);
                beams.sensorPoint(row, d, range, &xyz[3 * cell]);
                range_out[cell] = range;
                refl_out[cell] = phongReflectivity(mat, cos_incidence);
                label_out[cell] = mat.label;
                inst_out[cell] = sh.instance_id;
            }
        }
    });
}

namespace {
// Rows and columns of the beams that can lie within `half_angle_deg` of the cone axis (plus a
// margin): a rectangle of the grid, as elevation and azimuth are separable.
std::pair<std::vector<int>, std::vector<int>> beamsInCone(const LidarSpec& spec,
                                                          const Eigen::Vector3d& axis_sensor,
                                                          double half_angle_deg) {
    const double d = axis_sensor.norm();
    const double el_c = std::asin(std::clamp(axis_sensor.z() / d, -1.0, 1.0)) * 180 / M_PI;
    const double az_c = std::atan2(axis_sensor.y(), axis_sensor.x()) * 180 / M_PI;
    double margin = 0.5;
    for (double off : spec.row_azimuth_offset_deg) margin = std::max(margin, 0.5 + std::fabs(off));
    // A laser whose origin sits h above the sensor's sees a point at distance D from the origin
    // about h / D rad higher or lower than the origin does; widen the rows by that much.
    double lift_m = 0.0;
    for (double z : spec.row_origin_z_m) lift_m = std::max(lift_m, std::fabs(z));
    const double nearest_m = d * (1.0 - std::sin(std::min(half_angle_deg, 90.0) * M_PI / 180));
    const double lift_deg =
        lift_m == 0.0 ? 0.0 : std::atan(lift_m / std::max(nearest_m, 1e-3)) * 180 / M_PI;
    const double cos_el = std::cos(std::min(89.0, std::fabs(el_c) + half_angle_deg) * M_PI / 180);
    const double az_half = std::min(180.0, (half_angle_deg + margin) / std::max(cos_el, 1e-3));
    std::vector<int> rows, cols;
    for (int r = 0; r < spec.rows(); ++r)
        if (std::fabs(spec.elevation_deg[r] - el_c) <= half_angle_deg + margin + lift_deg)
            rows.push_back(r);
    for (int c = 0; c < spec.cols(); ++c)
        if (std::fabs(std::remainder(spec.azimuth_deg[c] - az_c, 360.0)) <= az_half)
            cols.push_back(c);
    return {rows, cols};
}

// The beams that can hit an instance: its bounding sphere's cone seen from the sensor.
std::pair<std::vector<int>, std::vector<int>> beamsAtInstance(
    const RayScene& scene, int instance_index, const LidarSpec& spec,
    const Eigen::Isometry3d& world_from_sensor) {
    const EmbreeScene& s = scene.embree();
    const MeshInstance& inst = scene.instance(instance_index);
    const auto box = bounds(s.meshes[inst.mesh]);
    const Eigen::Vector3d centre_mesh = ((box[0] + box[1]) / 2).cast<double>();
    const double radius = double((box[1] - box[0]).norm()) / 2;
    const Eigen::Vector3d centre_sensor =
        world_from_sensor.inverse() * (inst.world_from_mesh * centre_mesh);
    const double half_angle = centre_sensor.norm() <= radius
                                  ? 360.0
                                  : std::asin(radius / centre_sensor.norm()) * 180 / M_PI;
    return beamsInCone(spec, centre_sensor, half_angle);
}
}  // namespace

ColumnRange instanceColumns(const RayScene& scene, int instance_index, const LidarSpec& spec,
                            const Eigen::Isometry3d& world_from_sensor) {
    const std::vector<int> cols =
        beamsAtInstance(scene, instance_index, spec, world_from_sensor).second;
    if (cols.empty()) return {0, 0};
    // Columns on both sides of the seam (a car behind the sensor): the whole row covers them.
    for (std::size_t k = 1; k < cols.size(); ++k)
        if (cols[k] != cols[k - 1] + 1) return allColumns(spec);
    return {cols.front(), int(cols.size())};
}

std::size_t countUnoccludedHits(const RayScene& scene, int instance_index, const LidarSpec& spec,
                                const Eigen::Isometry3d& world_from_sensor) {
    const EmbreeScene& s = scene.embree();
    const MeshInstance& inst = scene.instance(instance_index);
    // References, not structured bindings: C++17 lambdas cannot capture bindings (clang).
    const auto cone = beamsAtInstance(scene, instance_index, spec, world_from_sensor);
    const auto& rows = cone.first;
    const auto& cols = cone.second;

    RTCScene alone = rtcNewScene(s.device);
    RTCGeometry geom = rtcNewGeometry(s.device, RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(geom, s.mesh_scenes[inst.mesh]);
    const Eigen::Matrix4f world_from_mesh = inst.world_from_mesh.matrix().cast<float>();
    rtcSetGeometryTransform(geom, 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR, world_from_mesh.data());
    rtcCommitGeometry(geom);
    rtcAttachGeometry(alone, geom);
    rtcReleaseGeometry(geom);
    rtcCommitScene(alone);

    // The same rays as castScan (same beam table and packet filling), in packets of 16 along a row.
    const BeamTable beams(spec, world_from_sensor);
    std::size_t hits = 0;
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
    alignas(64) RTCRayHit16 rh;
    alignas(64) int valid[kPacket];
    for (int row : rows) {
        for (std::size_t c0 = 0; c0 < cols.size(); c0 += kPacket) {
            const int lanes = int(std::min<std::size_t>(kPacket, cols.size() - c0));
            fillPacket(
                beams, row, lanes, [&, c0](int k) { return cols[c0 + std::size_t(k)]; }, rh, valid);
            rtcIntersect16(valid, alone, &context, &rh);
            for (int k = 0; k < lanes; ++k) hits += rh.hit.geomID[k] != RTC_INVALID_GEOMETRY_ID;
        }
    }
    rtcReleaseScene(alone);
    s.check("casting against one instance");
    return hits;
}

std::size_t castRawPackets(const RayScene& scene, const LidarSpec& spec,
                           const Eigen::Isometry3d& world_from_sensor, const CastOptions& options) {
    const EmbreeScene& s = scene.embree();
    requireCommitted(s);
    const BeamTable beams(spec, world_from_sensor);
    const int cols = spec.cols();
    std::atomic<std::size_t> hits{0};
    forEachRow(spec.rows(), options.threads, [&](int row) {
        RTCIntersectContext context;
        rtcInitIntersectContext(&context);
        context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
        alignas(64) RTCRayHit16 rh;
        alignas(64) int valid[kPacket];
        std::size_t row_hits = 0;
        for (int col0 = 0; col0 < cols; col0 += kPacket) {
            fillRowPacket(beams, row, col0, cols, rh, valid);
            rtcIntersect16(valid, s.top, &context, &rh);
            for (int k = 0; k < std::min(kPacket, cols - col0); ++k)
                row_hits += rh.hit.geomID[k] != RTC_INVALID_GEOMETRY_ID;
        }
        hits += row_hits;
    });
    return hits;
}

}  // namespace blindspot
