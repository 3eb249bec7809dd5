#include "core/scan/ScanInsertion.hpp"

#include <cmath>
#include <limits>
#include <optional>

#include "core/geometry/Material.hpp"
#include "core/geometry/TriangleMesh.hpp"
#include "core/lidar/LaserFit.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "core/segmentation/LabelSet.hpp"

namespace blindspot {
namespace {

constexpr std::size_t kNoSource = std::numeric_limits<std::size_t>::max();

// A ray from a laser's origin (sensor frame, m) along a unit direction.
struct Ray {
    int row = 0;
    Eigen::Vector3d origin_m, direction;
};

// The target return along `ray`, if a target is hit within `max_m` and the sensor keeps it:
// the point (at the quantised, noisy range), its remission and its labels.
struct TargetReturn {
    bool hit = false;
    std::optional<SensedReturn> sensed;
    Eigen::Vector3d point_m;
    std::uint16_t label = 0, palette = 0, instance = 0;
};

// The targets' bounding spheres (sensor frame): a ray that passes outside all of them cannot hit
// a target, so it skips Embree (most of a scan's 120,000 rays; the result is the same).
struct TargetSpheres {
    std::vector<Eigen::Vector3d> centre_m;
    std::vector<double> radius_m;
    explicit TargetSpheres(const RayScene& targets) {
        for (int k = 0; k < targets.instanceCount(); ++k) {
            const MeshInstance& inst = targets.instance(k);
            const auto b = bounds(targets.mesh(inst.mesh));
            const Eigen::Vector3d lo = b[0].cast<double>(), hi = b[1].cast<double>();
            centre_m.push_back(inst.world_from_mesh * ((lo + hi) / 2));
            radius_m.push_back((hi - lo).norm() / 2 + 1e-3);  // rigid: the radius is kept
        }
    }
    bool mayHit(const Eigen::Vector3d& origin_m, const Eigen::Vector3d& direction) const {
        for (std::size_t k = 0; k < centre_m.size(); ++k) {
            const Eigen::Vector3d to = centre_m[k] - origin_m;
            const double along = to.dot(direction);
            if (along < -radius_m[k]) continue;
            if ((to - along * direction).squaredNorm() <= radius_m[k] * radius_m[k]) return true;
        }
        return false;
    }
};

// `real_m`: the range of the ray's real return (infinity for an empty ray): a target hit beyond it
// is occluded, but counts as unoccluded.
TargetReturn castTarget(const RayScene& targets, const TargetSpheres& spheres,
                        const LidarSpec& lasers, const Ray& ray, double real_m, std::uint64_t seed,
                        std::uint64_t key, std::map<std::uint16_t, std::size_t>& unoccluded) {
    TargetReturn out;
    if (!spheres.mayHit(ray.origin_m, ray.direction)) return out;
    const auto hit = targets.intersect(ray.origin_m, ray.direction, lasers.max_range_m);
    if (!hit) return out;
    ++unoccluded[hit->instance_id];
    if (hit->distance_m > real_m) return out;
    out.hit = true;
    const double cos_incidence = std::fabs(hit->normal_world.dot(ray.direction));
    const CleanReturn clean{ray.row, double(phongReflectivity(hit->material, float(cos_incidence))),
                            hit->distance_m, hit->material.label, hit->instance_id};
    out.sensed = senseReturn(lasers.response, clean, seed, key);
    if (!out.sensed) return out;
    const double res = lasers.range_resolution_m;
    const double range = std::round(out.sensed->range_m / res) * res;
    out.point_m = ray.origin_m + ray.direction * range;
    out.label = semanticKittiIdOf(hit->material.label);
    out.palette = hit->material.label;
    out.instance = hit->instance_id;
    return out;
}

void append(ComposedScan& scan, const TargetReturn& t, std::size_t source, std::int64_t cell) {
    auto& p = scan.points;
    p.xyzi.insert(p.xyzi.end(), {float(t.point_m.x()), float(t.point_m.y()), float(t.point_m.z()),
                                 t.sensed->remission});
    p.label.push_back(t.label);
    p.instance.push_back(t.instance);
    scan.inserted.push_back(1);
    scan.source.push_back(source);
    scan.cell.push_back(cell);
    scan.palette.push_back(t.palette);
}

void copyReal(ComposedScan& scan, const PointList& real, std::size_t i, std::int64_t cell) {
    auto& p = scan.points;
    p.xyzi.insert(p.xyzi.end(), real.xyzi.begin() + std::ptrdiff_t(4 * i),
                  real.xyzi.begin() + std::ptrdiff_t(4 * i + 4));
    p.label.push_back(real.label.empty() ? 0 : real.label[i]);
    p.instance.push_back(real.instance.empty() ? 0 : real.instance[i]);
    scan.inserted.push_back(0);
    scan.source.push_back(i);
    scan.cell.push_back(cell);
    scan.palette.push_back(paletteIdOfSemanticKitti(p.label.back()));
}

// The ray of real point i: from its laser's origin through the point (an unfitted point: from
// the sensor's origin, with the nearest laser's response).
Ray realRay(const PointList& real, const ScanRays& rays, const LidarSpec& lasers, std::size_t i,
            double& range_m) {
    const Eigen::Vector3d p(real.xyzi[4 * i], real.xyzi[4 * i + 1], real.xyzi[4 * i + 2]);
    Ray ray;
    ray.row = rays.point_row[i];
    if (ray.row < 0) {
        ray.row = std::max(0, nearestLaser(lasers, std::hypot(p.x(), p.y()), p.z()).row);
        ray.origin_m = Eigen::Vector3d::Zero();
    } else {
        ray.origin_m = Eigen::Vector3d(0.0, 0.0, lasers.originZM(ray.row));
    }
    const Eigen::Vector3d to_point = p - ray.origin_m;
    range_m = to_point.norm();
    ray.direction = range_m > 0.0 ? Eigen::Vector3d(to_point / range_m) : Eigen::Vector3d::UnitX();
    return ray;
}

}  // namespace

ComposedScan insertTargets(const PointList& real, const ScanRays& rays, const LidarSpec& lasers,
                           const RayScene& targets, std::uint64_t seed) {
    ComposedScan scan;
    const TargetSpheres spheres(targets);
    const std::size_t n = real.size();
    for (std::size_t i = 0; i < n; ++i) {
        double range_m = 0.0;
        const Ray ray = realRay(real, rays, lasers, i, range_m);
        const TargetReturn t =
            castTarget(targets, spheres, lasers, ray, range_m, seed, i, scan.unoccluded);
        const std::int64_t cell =
            rays.point_row[i] < 0 ? -1
                                  : std::int64_t(rays.point_row[i]) * rays.cols + rays.point_col[i];
        if (!t.hit) {
            copyReal(scan, real, i, cell);
            ++scan.kept;
        } else if (t.sensed) {
            append(scan, t, i, cell);
            ++scan.replaced;
        } else {
            ++scan.vanished;
        }
    }
    for (int row = 0; row < rays.rows; ++row)
        for (int col = 0; col < rays.cols; ++col) {
            const std::size_t cell = std::size_t(row) * std::size_t(rays.cols) + std::size_t(col);
            if (rays.cell_returned[cell]) continue;
            const Ray ray{
                row, Eigen::Vector3d(0.0, 0.0, lasers.originZM(row)),
                beamDirection(lasers.elevation_deg[std::size_t(row)],
                              lasers.azimuth_deg[std::size_t(col)] + lasers.azimuthOffsetDeg(row))};
            const TargetReturn t =
                castTarget(targets, spheres, lasers, ray, std::numeric_limits<double>::infinity(),
                           seed, n + cell, scan.unoccluded);
            if (t.sensed) {
                append(scan, t, kNoSource, std::int64_t(cell));
                ++scan.added;
            }
        }
    return scan;
}

}  // namespace blindspot
