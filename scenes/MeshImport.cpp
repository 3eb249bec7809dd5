#include "scenes/MeshImport.hpp"

#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <assimp/Importer.hpp>
#include <filesystem>
#include <map>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/geometry/MaterialJson.hpp"

namespace blindspot {
namespace {

struct Sidecar {
    std::string mesh_path;
    double units_m = 1.0;
    bool y_up = false;
    bool left_handed = false;
    bool has_default = false;
    SurfaceMaterial fallback;
    std::map<std::string, SurfaceMaterial> by_material, by_mesh;
};

std::map<std::string, SurfaceMaterial> materialMap(const JsonObject& j, const std::string& key) {
    std::map<std::string, SurfaceMaterial> out;
    if (!j.has(key)) return out;
    const auto& entries = j.raw(key);
    if (!entries.is_object()) j.fail(key, "expected an object of name -> material");
    for (const auto& [name, value] : entries.items())
        out[name] = materialFromJson(JsonObject(value, j.file(), j.pathOf(key) + "/" + name));
    return out;
}

Sidecar readSidecar(const std::string& path) {
    const nlohmann::json json = readJsonFile(path);
    const JsonObject j(json, path, "");
    Sidecar s;
    // The mesh lies next to its sidecar: an absolute path or ".." would let a shared scene read
    // any file on the machine.
    const std::filesystem::path mesh(j.string("mesh"));
    const bool escapes =
        std::any_of(mesh.begin(), mesh.end(), [](const auto& p) { return p == ".."; });
    if (mesh.empty() || mesh.is_absolute() || escapes)
        j.fail("mesh", "expected a path relative to the sidecar's folder, without \"..\", got \"" +
                           mesh.string() + "\"");
    s.mesh_path = (std::filesystem::path(path).parent_path() / mesh).string();
    s.units_m = j.number("units_m", 1.0);
    if (!(s.units_m > 0)) j.fail("units_m", "must be > 0");
    const std::string up = j.string("up_axis", "z"), hand = j.string("handedness", "right");
    if (up != "z" && up != "y") j.fail("up_axis", "expected \"z\" or \"y\", got \"" + up + "\"");
    if (hand != "right" && hand != "left")
        j.fail("handedness", "expected \"right\" or \"left\", got \"" + hand + "\"");
    s.y_up = up == "y";
    s.left_handed = hand == "left";
    if (j.has("default")) {
        s.has_default = true;
        s.fallback = materialFromJson(j.object("default"));
    }
    s.by_material = materialMap(j, "materials");
    s.by_mesh = materialMap(j, "meshes");
    j.rejectUnknownKeys();
    return s;
}

// File axes -> ISO 8855 (x forward, y left, z up), in metres.
Eigen::Vector3f toIso(const Sidecar& s, const aiVector3D& v) {
    Eigen::Vector3f p = s.y_up ? Eigen::Vector3f(v.z, v.x, v.y) : Eigen::Vector3f(v.x, v.y, v.z);
    if (s.left_handed) p.y() = -p.y();
    return p * float(s.units_m);
}

}  // namespace

ImportedMesh importMesh(const std::string& sidecar_path) {
    const Sidecar s = readSidecar(sidecar_path);
    Assimp::Importer importer;
    const aiScene* scene =
        importer.ReadFile(s.mesh_path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                           aiProcess_PreTransformVertices | aiProcess_SortByPType);
    if (!scene || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || scene->mNumMeshes == 0)
        throw FileError(s.mesh_path,
                        std::string("cannot import mesh: ") +
                            (scene ? "it holds no triangle mesh" : importer.GetErrorString()));
    ImportedMesh out;
    std::map<std::string, std::uint16_t> part_of;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh* mesh = scene->mMeshes[m];
        if (!(mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
        const std::string mesh_name = mesh->mName.C_Str();
        const std::string mat_name = scene->mMaterials[mesh->mMaterialIndex]->GetName().C_Str();
        std::string key;
        SurfaceMaterial material;
        if (s.by_mesh.count(mesh_name))
            key = "mesh:" + mesh_name, material = s.by_mesh.at(mesh_name);
        else if (s.by_material.count(mat_name))
            key = "material:" + mat_name, material = s.by_material.at(mat_name);
        else if (s.has_default)
            key = "default", material = s.fallback;
        else
            throw ConfigError(ErrorSource::file(sidecar_path, "/materials"),
                              "no entry for mesh \"" + mesh_name + "\" or material \"" + mat_name +
                                  "\" and no default");
        if (!part_of.count(key)) {
            part_of[key] = std::uint16_t(out.materials.size());
            out.materials.push_back(material);
            out.part_names.push_back(key);
        }
        TriangleMesh piece;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            piece.vertices_m.push_back(toIso(s, mesh->mVertices[v]));
            if (!piece.vertices_m.back().allFinite())  // Embree's BVH would hold NaN bounds
                throw FileError(s.mesh_path, "mesh \"" + mesh_name + "\" vertex " +
                                                 std::to_string(v) + " is not finite (NaN or Inf)");
        }
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace& face = mesh->mFaces[f];
            if (face.mNumIndices != 3) continue;
            // A mirror (left-handed source) reverses the winding; swap to keep it outward.
            if (s.left_handed)
                piece.triangles.emplace_back(face.mIndices[0], face.mIndices[2], face.mIndices[1]);
            else
                piece.triangles.emplace_back(face.mIndices[0], face.mIndices[1], face.mIndices[2]);
        }
        piece.triangle_part.assign(piece.triangles.size(), part_of[key]);
        out.mesh.append(piece);
    }
    if (out.mesh.triangles.empty())
        throw FileError(s.mesh_path, "cannot import mesh: no triangles");
    return out;
}

void exportMeshWithSidecar(const TriangleMesh& mesh, const std::vector<SurfaceMaterial>& materials,
                           const std::string& obj_path, const std::string& sidecar_path) {
    std::ostringstream obj;
    obj.precision(9);
    obj << "# blindspot mesh, ISO 8855 (x forward, y left, z up), metres\n";
    for (const auto& v : mesh.vertices_m)
        obj << "v " << v.x() << " " << v.y() << " " << v.z() << "\n";
    const int parts = mesh.partCount();
    for (int p = 0; p < parts; ++p) {
        bool any = false;
        for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
            if ((mesh.triangle_part.empty() ? 0 : mesh.triangle_part[t]) != p) continue;
            if (!any) obj << "g part_" << p << "\nusemtl part_" << p << "\n";
            any = true;
            const auto& tri = mesh.triangles[t];
            obj << "f " << tri[0] + 1 << " " << tri[1] + 1 << " " << tri[2] + 1 << "\n";
        }
    }
    writeFileAtomic(obj_path, obj.str());
    nlohmann::json by_material = nlohmann::json::object();
    for (int p = 0; p < parts; ++p) {
        const SurfaceMaterial& m = materials.at(std::size_t(p));
        by_material["part_" + std::to_string(p)] = {{"label", int(m.label)},
                                                    {"nir_reflectance", m.nir_reflectance},
                                                    {"specular", m.specular},
                                                    {"shininess", m.shininess}};
    }
    const nlohmann::json sidecar = {{"mesh", std::filesystem::path(obj_path).filename().string()},
                                    {"units_m", 1.0},
                                    {"up_axis", "z"},
                                    {"handedness", "right"},
                                    {"materials", by_material}};
    writeFileAtomic(sidecar_path, sidecar.dump(2) + "\n");
}

}  // namespace blindspot
