#include "scenes/SceneExport.hpp"

#include <cstring>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Bytes.hpp"

namespace blindspot {

void writeScenePly(const RayScene& scene, const std::string& path) {
    std::string vertices, faces;
    std::size_t vertex_count = 0, face_count = 0;
    for (int i = 0; i < scene.instanceCount(); ++i) {
        const MeshInstance& inst = scene.instance(i);
        const TriangleMesh& mesh = scene.mesh(inst.mesh);
        // Each vertex takes the label of the last triangle that uses it.
        std::vector<std::uint16_t> vertex_label(mesh.vertices_m.size(), 0);
        for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
            const std::uint16_t part = mesh.triangle_part.empty() ? 0 : mesh.triangle_part[t];
            for (int k = 0; k < 3; ++k)
                vertex_label[mesh.triangles[t][k]] = inst.part_materials[part].label;
        }
        for (std::size_t v = 0; v < mesh.vertices_m.size(); ++v) {
            const Eigen::Vector3d p = inst.world_from_mesh * mesh.vertices_m[v].cast<double>();
            for (int k = 0; k < 3; ++k) appendBytes(vertices, float(p[k]));
            for (std::uint8_t c : labelColor(vertex_label[v])) appendBytes(vertices, c);
            appendBytes(vertices, vertex_label[v]);
            appendBytes(vertices, inst.instance_id);
        }
        for (const auto& t : mesh.triangles) {
            appendBytes(faces, std::uint8_t(3));
            for (int k = 0; k < 3; ++k)
                appendBytes(faces, std::int32_t(vertex_count + std::size_t(t[k])));
        }
        vertex_count += mesh.vertices_m.size();
        face_count += mesh.triangles.size();
    }
    std::ostringstream header;
    header << "ply\nformat binary_little_endian 1.0\ncomment blindspot scene, world frame (ISO "
              "8855, m)\n"
           << "element vertex " << vertex_count
           << "\nproperty float x\nproperty float y\nproperty float z\nproperty uchar "
              "red\nproperty uchar green\n"
           << "property uchar blue\nproperty ushort label\nproperty ushort instance\nelement face "
           << face_count << "\nproperty list uchar int vertex_indices\nend_header\n";
    writeFileAtomic(path, header.str() + vertices + faces);
}

}  // namespace blindspot
