#pragma once
// Procedural plants for the generated backgrounds: trees of several species whose crowns are
// clusters of irregular leaf blobs with gaps between them and loose leaves scattered through them
// (a LiDAR sees into and through a real crown), bushes and hedges. Meshes are in the plant's own
// frame: origin on the ground at the trunk's foot, z up, metres. Every size is drawn from the
// caller's seeded Rng.
#include "core/base/Rng.hpp"
#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

enum class TreeSpecies { Broadleaf, Conifer, Columnar, Young };
constexpr int kTreeSpeciesCount = 4;

/// Triangle parts of a plant mesh; the caller maps them to its material table.
struct PlantParts {
    std::uint16_t trunk = 0;
    std::uint16_t foliage = 1;
};

/// A tree: trunk, a few branches and a crown of 6..14 leaf blobs among loose leaves.
/// Broadleaf: 5..11 m tall, crown 3..7 m wide; Conifer: stacked cones; Columnar: a poplar-like
/// narrow crown; Young: a thin 3..5 m street tree.
TriangleMesh makeTree(TreeSpecies species, Rng& rng, const PlantParts& parts);
/// A bush 0.3..1.4 m tall, 0.8..2.5 m wide: 2..5 small blobs inside a cloud of loose leaves.
TriangleMesh makeBush(Rng& rng, std::uint16_t foliage_part);
/// Ground cover, shrubs and tall weeds along x from 0 to `length_m`: loose leaves only, in a
/// flat ellipsoid `depth_m` deep and `height_m` tall. Real roadside vegetation is mostly this low
/// (SemanticKITTI 00: median 0.4 m above the ground; docs/fidelity.md).
TriangleMesh makeGroundCover(double length_m, double depth_m, double height_m, Rng& rng,
                             std::uint16_t foliage_part);
/// A clipped hedge along x from 0 to `length_m`: a row of overlapping blobs trimmed to a box of
/// `height_m` x `depth_m`, with an irregular surface and twigs standing out of it.
TriangleMesh makeHedge(double length_m, double height_m, double depth_m, Rng& rng,
                       std::uint16_t foliage_part);

}  // namespace blindspot
