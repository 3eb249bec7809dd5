#include "core/geometry/TriangleMesh.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace blindspot {

int TriangleMesh::partCount() const {
    if (triangle_part.empty()) return 1;
    return 1 + *std::max_element(triangle_part.begin(), triangle_part.end());
}

void TriangleMesh::append(const TriangleMesh& other, std::uint16_t part_offset) {
    const int base = static_cast<int>(vertices_m.size());
    // Track parts once either side has them (an empty or part-less mesh is all part 0).
    const bool track_parts =
        !triangle_part.empty() || part_offset != 0 || !other.triangle_part.empty();
    if (track_parts && triangle_part.empty()) triangle_part.assign(triangles.size(), 0);
    vertices_m.insert(vertices_m.end(), other.vertices_m.begin(), other.vertices_m.end());
    for (std::size_t t = 0; t < other.triangles.size(); ++t) {
        triangles.push_back(other.triangles[t] + Eigen::Vector3i::Constant(base));
        if (track_parts) {
            const std::uint16_t p = other.triangle_part.empty() ? 0 : other.triangle_part[t];
            triangle_part.push_back(p + part_offset);
        }
    }
}

double signedVolume(const TriangleMesh& mesh) {
    double six_v = 0.0;
    for (const auto& t : mesh.triangles) {
        const Eigen::Vector3d a = mesh.vertices_m[t[0]].cast<double>();
        const Eigen::Vector3d b = mesh.vertices_m[t[1]].cast<double>();
        const Eigen::Vector3d c = mesh.vertices_m[t[2]].cast<double>();
        six_v += a.dot(b.cross(c));
    }
    return six_v / 6.0;
}

bool isClosedAndOriented(const TriangleMesh& mesh) {
    std::map<std::pair<int, int>, int> directed;
    for (const auto& t : mesh.triangles)
        for (int k = 0; k < 3; ++k) ++directed[{t[k], t[(k + 1) % 3]}];
    for (const auto& [edge, count] : directed) {
        if (count != 1) return false;
        auto reverse = directed.find({edge.second, edge.first});
        if (reverse == directed.end() || reverse->second != 1) return false;
    }
    return !directed.empty();
}

void flipWinding(TriangleMesh& mesh) {
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
}

void orientOutward(TriangleMesh& mesh) {
    if (signedVolume(mesh) < 0.0) flipWinding(mesh);
}

std::array<Eigen::Vector3f, 2> bounds(const TriangleMesh& mesh) {
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(std::numeric_limits<float>::max());
    Eigen::Vector3f hi = -lo;
    for (const auto& v : mesh.vertices_m) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
    }
    return {lo, hi};
}

TriangleMesh makePlane(double size_x_m, double size_y_m, int cells_per_side) {
    TriangleMesh mesh;
    const int n = std::max(1, cells_per_side);
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            mesh.vertices_m.emplace_back(float(size_x_m * (double(i) / n - 0.5)),
                                         float(size_y_m * (double(j) / n - 0.5)), 0.0f);
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
            const int a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
            mesh.triangles.emplace_back(a, b, d);
            mesh.triangles.emplace_back(a, d, c);
        }
    }
    return mesh;
}

TriangleMesh makeBox(double size_x_m, double size_y_m, double size_z_m) {
    TriangleMesh mesh;
    const float hx = float(size_x_m / 2), hy = float(size_y_m / 2), hz = float(size_z_m / 2);
    for (int k = 0; k < 8; ++k)
        mesh.vertices_m.emplace_back((k & 1) ? hx : -hx, (k & 2) ? hy : -hy, (k & 4) ? hz : -hz);
    // Each face as two CCW triangles seen from outside.
    const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                             {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& f : faces) {
        mesh.triangles.emplace_back(f[0], f[1], f[2]);
        mesh.triangles.emplace_back(f[0], f[2], f[3]);
    }
    return mesh;
}

TriangleMesh makeCylinder(double radius_m, double height_m, int segments) {
    TriangleMesh mesh;
    const int n = std::max(3, segments);
    const float hz = float(height_m / 2);
    for (int i = 0; i < n; ++i) {
        const double a = 2.0 * M_PI * i / n;
        const float x = float(radius_m * std::cos(a)), y = float(radius_m * std::sin(a));
        mesh.vertices_m.emplace_back(x, y, -hz);
        mesh.vertices_m.emplace_back(x, y, hz);
    }
    const int bottom = 2 * n, top = 2 * n + 1;
    mesh.vertices_m.emplace_back(0.f, 0.f, -hz);
    mesh.vertices_m.emplace_back(0.f, 0.f, hz);
    for (int i = 0; i < n; ++i) {
        const int j = (i + 1) % n;
        const int b0 = 2 * i, t0 = 2 * i + 1, b1 = 2 * j, t1 = 2 * j + 1;
        mesh.triangles.emplace_back(b0, b1, t1);
        mesh.triangles.emplace_back(b0, t1, t0);
        mesh.triangles.emplace_back(bottom, b1, b0);
        mesh.triangles.emplace_back(top, t0, t1);
    }
    return mesh;
}

TriangleMesh transformed(TriangleMesh mesh, const Eigen::Isometry3d& parent_from_mesh) {
    for (auto& v : mesh.vertices_m) v = (parent_from_mesh * v.cast<double>()).cast<float>();
    return mesh;
}

TriangleMesh withPart(TriangleMesh mesh, std::uint16_t part) {
    mesh.triangle_part.assign(mesh.triangles.size(), part);
    return mesh;
}

TriangleMesh makeSphere(double radius_m, int rings, int segments) {
    // One vertex per pole, so the mesh is closed.
    TriangleMesh mesh;
    const int nr = std::max(2, rings), ns = std::max(3, segments);
    const float r = float(radius_m);
    mesh.vertices_m.emplace_back(0.f, 0.f, r);  // north pole
    for (int i = 1; i < nr; ++i) {
        const double theta = M_PI * i / nr;
        for (int j = 0; j < ns; ++j) {
            const double phi = 2.0 * M_PI * j / ns;
            mesh.vertices_m.emplace_back(float(radius_m * std::sin(theta) * std::cos(phi)),
                                         float(radius_m * std::sin(theta) * std::sin(phi)),
                                         float(radius_m * std::cos(theta)));
        }
    }
    const int south = int(mesh.vertices_m.size());
    mesh.vertices_m.emplace_back(0.f, 0.f, -r);
    auto at = [ns](int ring, int j) { return 1 + (ring - 1) * ns + (j % ns); };
    for (int j = 0; j < ns; ++j) {
        mesh.triangles.emplace_back(0, at(1, j), at(1, j + 1));
        mesh.triangles.emplace_back(south, at(nr - 1, j + 1), at(nr - 1, j));
    }
    for (int i = 1; i < nr - 1; ++i) {
        for (int j = 0; j < ns; ++j) {
            mesh.triangles.emplace_back(at(i, j), at(i + 1, j), at(i + 1, j + 1));
            mesh.triangles.emplace_back(at(i, j), at(i + 1, j + 1), at(i, j + 1));
        }
    }
    return mesh;
}

}  // namespace blindspot
