#include "core/TriangleMesh.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {

int TriangleMesh::partCount() const {
    if (triangle_part.empty()) return 1;
    return 1 + *std::max_element(triangle_part.begin(), triangle_part.end());
}

void TriangleMesh::append(const TriangleMesh& other, std::uint16_t part_offset) {
    const int base = static_cast<int>(vertices_m.size());
    if (triangle_part.empty() && (part_offset != 0 || !other.triangle_part.empty()))
        triangle_part.assign(triangles.size(), 0);
    vertices_m.insert(vertices_m.end(), other.vertices_m.begin(), other.vertices_m.end());
    for (std::size_t t = 0; t < other.triangles.size(); ++t) {
        triangles.push_back(other.triangles[t] + Eigen::Vector3i::Constant(base));
        if (!triangle_part.empty()) {
            const std::uint16_t p = other.triangle_part.empty() ? 0 : other.triangle_part[t];
            triangle_part.push_back(p + part_offset);
        }
    }
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

TriangleMesh makeSphere(double radius_m, int rings, int segments) {
    TriangleMesh mesh;
    const int nr = std::max(2, rings), ns = std::max(3, segments);
    for (int r = 0; r <= nr; ++r) {
        const double theta = M_PI * r / nr;  // from the north pole
        for (int s = 0; s < ns; ++s) {
            const double phi = 2.0 * M_PI * s / ns;
            mesh.vertices_m.emplace_back(float(radius_m * std::sin(theta) * std::cos(phi)),
                                         float(radius_m * std::sin(theta) * std::sin(phi)),
                                         float(radius_m * std::cos(theta)));
        }
    }
    for (int r = 0; r < nr; ++r) {
        for (int s = 0; s < ns; ++s) {
            const int a = r * ns + s, b = r * ns + (s + 1) % ns;
            const int c = a + ns, d = b + ns;
            if (r != 0) mesh.triangles.emplace_back(a, c, b);
            if (r != nr - 1) mesh.triangles.emplace_back(b, c, d);
        }
    }
    return mesh;
}

}  // namespace blindspot
