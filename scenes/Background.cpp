#include "scenes/Background.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/Hash.hpp"

namespace blindspot {
namespace {
void fnv(std::uint64_t& h, const void* data, std::size_t n) { h = fnv1a64(data, n, h); }

void hashMesh(std::uint64_t& h, const TriangleMesh& m) {
    fnv(h, m.vertices_m.data(), m.vertices_m.size() * sizeof(m.vertices_m[0]));
    fnv(h, m.triangles.data(), m.triangles.size() * sizeof(m.triangles[0]));
    fnv(h, m.triangle_part.data(), m.triangle_part.size() * sizeof(std::uint16_t));
}

}  // namespace

bool overlaps(const Footprint& a, const Footprint& b) {
    auto axes = [](const Footprint& f) {
        const double c = std::cos(f.yaw_rad), s = std::sin(f.yaw_rad);
        return std::array<Eigen::Vector2d, 2>{Eigen::Vector2d(c, s), Eigen::Vector2d(-s, c)};
    };
    auto radius = [&](const Footprint& f, const Eigen::Vector2d& axis) {
        const auto ax = axes(f);
        return f.half_size.x() * std::fabs(ax[0].dot(axis)) +
               f.half_size.y() * std::fabs(ax[1].dot(axis));
    };
    const Eigen::Vector2d d = b.centre - a.centre;
    for (const auto& f : {a, b})
        for (const auto& axis : axes(f))
            if (std::fabs(d.dot(axis)) > radius(a, axis) + radius(b, axis)) return false;
    return true;
}

std::uint64_t backgroundHash(const Background& bg) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    fnv(h, bg.id.data(), bg.id.size());
    hashMesh(h, bg.ground);
    hashMesh(h, bg.fixtures);
    for (const auto& m : bg.materials) {
        fnv(h, &m.label, sizeof m.label);
        fnv(h, &m.nir_reflectance, sizeof(float) * 3);
    }
    for (const auto& c : bg.parked_cars) {
        fnv(h, c.model.data(), c.model.size());
        fnv(h, c.color.data(), c.color.size());
        fnv(h, c.world_from_car.translation_m.data(), sizeof(double) * 3);
        fnv(h, &c.world_from_car.yaw_deg, sizeof(double));
    }
    for (const auto& a : bg.actors) {
        fnv(h, a.kind.data(), a.kind.size());
        hashMesh(h, a.mesh);
        fnv(h, &a.instance_id, sizeof a.instance_id);
    }
    fnv(h, bg.world_from_ego.translation_m.data(), sizeof(double) * 3);
    fnv(h, &bg.world_from_ego.roll_deg, sizeof(double));
    fnv(h, &bg.world_from_ego.pitch_deg, sizeof(double));
    fnv(h, &bg.world_from_ego.yaw_deg, sizeof(double));
    return h;
}

}  // namespace blindspot
