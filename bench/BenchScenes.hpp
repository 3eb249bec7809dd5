#pragma once
// Scenes the benchmarks share.
#include "core/raycast/RayCaster.hpp"

namespace blindspot::bench {

/// A street-sized test scene of about 180k instanced triangles: a finely tessellated ground, high
/// resolution spheres, cylinders (poles) and boxes (buildings, cars) around the origin.
RayScene makeRaycastBenchScene(std::size_t* triangle_count);

}  // namespace blindspot::bench
