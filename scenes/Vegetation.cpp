#include "scenes/Vegetation.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {
namespace {

using Eigen::Vector3d;

// A low-poly sphere whose vertices are pushed in or out by up to `roughness` of the radius, so
// that no two blobs look alike and the surface is not a smooth ellipsoid.
TriangleMesh leafBlob(const Vector3d& centre, const Vector3d& radii, double roughness, Rng& rng,
                      std::uint16_t part) {
    TriangleMesh blob = makeSphere(1.0, 5, 8);
    for (auto& v : blob.vertices_m) {
        const double k = 1.0 + rng.uniform(-roughness, roughness);
        v = Eigen::Vector3f(float(centre.x() + v.x() * radii.x() * k),
                            float(centre.y() + v.y() * radii.y() * k),
                            float(centre.z() + v.z() * radii.z() * k));
    }
    return withPart(blob, part);
}

// A cylinder from `a` to `b` (m) of radius `r`.
TriangleMesh limb(const Vector3d& a, const Vector3d& b, double r, std::uint16_t part) {
    const Vector3d d = b - a;
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    T.linear() =
        Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), d.normalized()).toRotationMatrix();
    T.translation() = (a + b) / 2;
    return withPart(transformed(makeCylinder(r, d.norm(), 8), T), part);
}

// Leaves scattered through the ellipsoid (centre, semi-axes, m): single triangles 0.15..0.4 m
// across with random orientation, `per_m3` of them per cubic metre. A beam then stops at a depth
// that varies from beam to beam, as in real crowns (Beer-Lambert: extinction ~ per_m3 * mean leaf
// area / 2, about 0.5 /m at 20 per m3), and real vegetation's neighbourhoods are twice as
// scattered as blob surfaces (facts.md, "Real against simulated, per class").
void addLeafCloud(TriangleMesh& plant, const Vector3d& centre, const Vector3d& semi, double per_m3,
                  Rng& rng, std::uint16_t part) {
    const double volume_m3 = 4.0 / 3.0 * M_PI * semi.x() * semi.y() * semi.z();
    const int leaves = std::clamp(int(per_m3 * volume_m3), 4, 4000);
    TriangleMesh cloud;
    cloud.vertices_m.reserve(std::size_t(leaves) * 3);
    cloud.triangles.reserve(std::size_t(leaves));
    for (int i = 0; i < leaves; ++i) {
        Vector3d u;
        do u = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
        while (u.squaredNorm() > 1.0);
        const Vector3d c = centre + u.cwiseProduct(semi);
        const double size = rng.uniform(0.15, 0.4);
        const int first = int(cloud.vertices_m.size());
        for (int k = 0; k < 3; ++k) {
            const Vector3d v(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
            cloud.vertices_m.push_back((c + v * size * 0.6).cast<float>());
        }
        cloud.triangles.push_back({first, first + 1, first + 2});
    }
    plant.append(withPart(cloud, part));
}

// A crown: `blobs` blobs inside the ellipsoid (centre, semi-axes), each a fraction of the
// crown's size, so that gaps remain between them, and loose leaves around and between them.
void addCrown(TriangleMesh& tree, const Vector3d& centre, const Vector3d& semi, int blobs, Rng& rng,
              std::uint16_t part) {
    for (int i = 0; i < blobs; ++i) {
        Vector3d u;
        do u = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
        while (u.squaredNorm() > 1.0);
        const double s = rng.uniform(0.25, 0.45);
        tree.append(leafBlob(centre + u.cwiseProduct(semi) * 0.6, semi * s, 0.3, rng, part));
    }
    addLeafCloud(tree, centre, semi, rng.uniform(12, 30), rng, part);
}

TriangleMesh broadleaf(Rng& rng, const PlantParts& p, double height, double crown_w, double trunk_r,
                       int blobs) {
    TriangleMesh tree;
    const double crown_h = height * rng.uniform(0.45, 0.65);
    const double bole = height - crown_h;
    const Vector3d top(rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), bole + crown_h * 0.3);
    tree.append(limb({0, 0, -0.2}, top, trunk_r, p.trunk));
    const int branches = 2 + rng.index(3);
    for (int i = 0; i < branches; ++i) {
        const double a = rng.uniform(0, 2 * M_PI);
        const Vector3d tip =
            top + Vector3d(std::cos(a) * crown_w * 0.3, std::sin(a) * crown_w * 0.3,
                           crown_h * rng.uniform(0.1, 0.35));
        tree.append(limb(top - Vector3d(0, 0, 0.3), tip, trunk_r * 0.5, p.trunk));
    }
    const Vector3d centre(top.x(), top.y(), bole + crown_h / 2);
    addCrown(tree, centre, {crown_w / 2, crown_w / 2 * rng.uniform(0.8, 1.1), crown_h / 2}, blobs,
             rng, p.foliage);
    return tree;
}

TriangleMesh conifer(Rng& rng, const PlantParts& p) {
    TriangleMesh tree;
    const double height = rng.uniform(6, 14), width = height * rng.uniform(0.3, 0.45);
    tree.append(limb({0, 0, -0.2}, {0, 0, height}, rng.uniform(0.12, 0.25), p.trunk));
    const int tiers = 4 + rng.index(3);
    const double base = rng.uniform(0.8, 2.0);
    for (int t = 0; t < tiers; ++t) {
        const double f = double(t) / tiers;  // 0 at the bottom tier
        const double z = base + (height - base) * f, r = width / 2 * (1.0 - 0.8 * f);
        const int n = 3 + rng.index(3);
        for (int k = 0; k < n; ++k) {
            const double a = 2 * M_PI * (k + rng.uniform(0, 0.5)) / n;
            tree.append(leafBlob({std::cos(a) * r * 0.45, std::sin(a) * r * 0.45, z + r * 0.3},
                                 {r * 0.6, r * 0.6, (height - base) / tiers * 0.7}, 0.25, rng,
                                 p.foliage));
        }
    }
    return tree;
}

TriangleMesh columnar(Rng& rng, const PlantParts& p) {
    TriangleMesh tree;
    const double height = rng.uniform(9, 18), width = rng.uniform(1.5, 3.0);
    tree.append(limb({0, 0, -0.2}, {0, 0, height * 0.6}, rng.uniform(0.15, 0.3), p.trunk));
    addCrown(tree, {0, 0, height * 0.58}, {width / 2, width / 2, height * 0.42}, 8 + rng.index(5),
             rng, p.foliage);
    return tree;
}

}  // namespace

TriangleMesh makeTree(TreeSpecies species, Rng& rng, const PlantParts& parts) {
    switch (species) {
        case TreeSpecies::Conifer:
            return conifer(rng, parts);
        case TreeSpecies::Columnar:
            return columnar(rng, parts);
        case TreeSpecies::Young:
            return broadleaf(rng, parts, rng.uniform(3.0, 5.0), rng.uniform(1.5, 2.5),
                             rng.uniform(0.05, 0.09), 5 + rng.index(3));
        case TreeSpecies::Broadleaf:
        default:
            return broadleaf(rng, parts, rng.uniform(5.0, 11.0), rng.uniform(3.0, 7.0),
                             rng.uniform(0.12, 0.3), 8 + rng.index(7));
    }
}

TriangleMesh makeBush(Rng& rng, std::uint16_t foliage_part) {
    TriangleMesh bush;
    const double h = rng.uniform(0.3, 1.4), w = rng.uniform(0.8, 2.5);
    const int n = 2 + rng.index(4);
    for (int i = 0; i < n; ++i) {
        const double r = w / 2 * rng.uniform(0.3, 0.55);
        bush.append(leafBlob({rng.uniform(-w / 4, w / 4), rng.uniform(-w / 4, w / 4), h / 2},
                             {r, r * rng.uniform(0.8, 1.2), h / 2 * rng.uniform(0.6, 0.8)}, 0.3,
                             rng, foliage_part));
    }
    addLeafCloud(bush, {0, 0, h / 2}, {w / 2, w / 2 * rng.uniform(0.8, 1.1), h / 2},
                 rng.uniform(25, 50), rng, foliage_part);
    return bush;
}

TriangleMesh makeHedge(double length_m, double height_m, double depth_m, Rng& rng,
                       std::uint16_t foliage_part) {
    TriangleMesh hedge;
    const int n = std::max(1, int(std::ceil(length_m / (depth_m * 0.9))));
    for (int i = 0; i < n; ++i) {
        const double x = (i + 0.5) * length_m / n;
        hedge.append(leafBlob({x, 0, height_m / 2},
                              {length_m / n * 0.75, depth_m / 2, height_m / 2}, 0.12, rng,
                              foliage_part));
    }
    for (auto& v : hedge.vertices_m) v.z() = std::max(v.z(), -0.1f);  // clipped, sits on the soil
    // Twigs and leaves stand out of the clipped surface by a few centimetres to 0.3 m.
    addLeafCloud(hedge, {length_m / 2, 0, height_m / 2},
                 {length_m / 2, depth_m / 2 + 0.15, height_m / 2 + 0.1}, rng.uniform(15, 35), rng,
                 foliage_part);
    return hedge;
}

TriangleMesh makeGroundCover(double length_m, double depth_m, double height_m, Rng& rng,
                             std::uint16_t foliage_part) {
    TriangleMesh bed;
    addLeafCloud(bed, {length_m / 2, 0, height_m / 2}, {length_m / 2, depth_m / 2, height_m / 2},
                 rng.uniform(40, 90), rng, foliage_part);
    return bed;
}

}  // namespace blindspot
