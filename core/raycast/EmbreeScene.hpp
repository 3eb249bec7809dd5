#pragma once
// The Embree objects behind a RayScene, released by RAII, and the per-instance data the hit loops
// read. Only core/raycast/RayScene.cpp and core/raycast/RayCaster.cpp include it.
#include <embree3/rtcore.h>

#include <string>
#include <vector>

#include "core/base/Error.hpp"
#include "core/geometry/MeshInstance.hpp"
#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

// Per-instance data the hit loop needs, flattened so a hit costs a few loads.
struct InstanceShading {
    float normal_world_from_mesh[9];  // row-major rotation (rigid transforms: the normal matrix)
    const std::uint16_t* triangle_part = nullptr;
    const SurfaceMaterial* materials = nullptr;
    std::uint16_t instance_id = 0;
};

struct EmbreeScene {
    RTCDevice device = nullptr;
    RTCScene top = nullptr;
    std::vector<RTCScene> mesh_scenes;
    std::vector<TriangleMesh> meshes;
    std::vector<MeshInstance> instances;
    std::vector<InstanceShading> shading;
    // Set by Embree's error callback (also during const casts), turned into BackendError by
    // check().
    mutable std::string error;
    bool committed = false;

    void check(const char* what) const {
        if (error.empty()) return;
        const std::string message = std::string("Embree: ") + what + ": " + error;
        error.clear();
        throw BackendError(message);
    }
    ~EmbreeScene() {
        if (top) rtcReleaseScene(top);
        for (RTCScene s : mesh_scenes) rtcReleaseScene(s);
        if (device) rtcReleaseDevice(device);
    }
};

/// Throws BackendError when the scene was changed and not committed since.
inline void requireCommitted(const EmbreeScene& s) {
    if (!s.committed) throw BackendError("RayScene: commit() must be called before casting rays");
}

}  // namespace blindspot
