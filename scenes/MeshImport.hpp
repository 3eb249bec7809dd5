#pragma once
// Imported car or background meshes (OBJ, PLY, glTF, ... through Assimp) described by a JSON
// sidecar that maps mesh and material names to labels and materials and declares units and axes.
//
// Sidecar (docs/scene-file.md#imported-meshes):
// {"mesh": "car.obj",                      // relative to the sidecar
//  "units_m": 1.0,                          // metres per file unit (0.01 for centimetres)
//  "up_axis": "z",                          // "z" (ISO 8855) or "y" (glTF: +y up, +z forward, +x
//  left) "handedness": "right",                   // "left" for Unreal exports (y points right)
//  "default": {"label": "vehicle", "nir_reflectance": 0.5},
//  "materials": {"Paint": {"label": "vehicle", "nir_reflectance": 0.6, "specular": 0.3}},
//  "meshes": {"Wheel_FL": {"label": "vehicle", "nir_reflectance": 0.05}}}
// A mesh-name entry wins over a material-name entry, which wins over "default". A name with no
// entry and no default is an error.
#include <string>
#include <vector>

#include "core/geometry/Material.hpp"
#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

struct ImportedMesh {
    TriangleMesh mesh;  ///< ISO 8855 metres, triangle_part indexes materials
    std::vector<SurfaceMaterial> materials;
    std::vector<std::string> part_names;  ///< what each part was mapped from
};

/// Reads the sidecar and its mesh. ConfigError for sidecar mistakes, FileError for a mesh file
/// Assimp cannot read.
ImportedMesh importMesh(const std::string& sidecar_path);

/// Writes `mesh` as OBJ with one material group per part ("part_N"), plus a sidecar JSON mapping
/// each group to its material, so importMesh reads it back unchanged.
void exportMeshWithSidecar(const TriangleMesh& mesh, const std::vector<SurfaceMaterial>& materials,
                           const std::string& obj_path, const std::string& sidecar_path);

}  // namespace blindspot
