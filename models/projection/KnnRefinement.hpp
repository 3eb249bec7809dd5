#pragma once
// lidar-bonnetal's k-NN post-processing (RangeNet++, "with k-NN" in its tables;
// train/tasks/semantic/postproc/KNN.py): back-projection gives a point hidden behind a nearer
// one the nearer point's class, and k-NN lets each point's range-image neighbours vote instead.
//
// For each point: the S x S window around its pixel (zero range and class 0 beyond the image
// edge, as F.unfold pads, and no vote there; an empty pixel has infinite range), the centre taking
// the point's own range; distance = |neighbour range - point range| x (1 - normalised Gaussian(S,
// sigma)) at the neighbour's place in the window; the k nearest vote with their pixel's class,
// except those farther than the cutoff and the card's ignored classes; the most votes win, ties to
// the lower class. One difference from the reference: a point without a valid vote keeps its
// pixel's class (the reference's argmax over all-zero votes would give class 1).
#include <vector>

#include "models/projection/RangeProjection.hpp"

namespace blindspot {

struct KnnParams {  ///< lidar-bonnetal's defaults (config/arch/*.yaml, post.KNN.params)
    int k = 5;
    int search = 5;  ///< window side in pixels, odd
    double sigma = 1.0;
    double cutoff_m = 1.0;
};

/// Per point (the image's sources): its refined class. `point_range_m` per point, `cell_class`
/// per image cell (the network's prediction), `ignored[c]` for classes that never win a vote.
/// Points without a cell get -1.
std::vector<int> knnRefined(const RangeImage& image, const std::vector<float>& point_range_m,
                            const std::vector<int>& cell_class, const std::vector<bool>& ignored,
                            const KnnParams& params);

}  // namespace blindspot
