#include <gtest/gtest.h>

#include "models/projection/KnnRefinement.hpp"

using namespace blindspot;

namespace {

// A 3 x 3 image, one point per cell (point i in cell i), ranges and predicted classes given.
RangeImage fullImage() {
    RangeImage image;
    image.grid.rows = 3;
    image.grid.cols = 3;
    image.mask.assign(9, 1);
    for (int i = 0; i < 9; ++i) {
        image.source.push_back(i);
        image.cell.push_back(i);
    }
    return image;
}

}  // namespace

TEST(KnnRefinement, NeighboursAtTheSameRangeOutvoteTheCentre) {
    const RangeImage image = fullImage();
    const std::vector<int> cell_class = {2, 2, 2, 2, 1, 2, 2, 2, 2};
    const std::vector<bool> ignored = {true, false, false};
    KnnParams p;
    p.k = 5;
    p.search = 3;
    // All at 10 m: every distance is 0, the first five window places vote (four 2s and the
    // centre's 1), so the centre becomes 2.
    const std::vector<float> same(9, 10.0f);
    EXPECT_EQ(knnRefined(image, same, cell_class, ignored, p)[4], 2);
    // Neighbours 10 m behind: beyond the 1 m cutoff they do not vote; the centre keeps its 1.
    std::vector<float> far(9, 20.0f);
    far[4] = 10.0f;
    EXPECT_EQ(knnRefined(image, far, cell_class, ignored, p)[4], 1);
    // Ignored classes never win: neighbours of class 0 leave the centre its own class.
    const std::vector<int> unlabeled = {0, 0, 0, 0, 1, 0, 0, 0, 0};
    EXPECT_EQ(knnRefined(image, same, unlabeled, ignored, p)[4], 1);
    // A corner point: five of its nine window places lie beyond the edge and do not vote.
    EXPECT_EQ(knnRefined(image, same, cell_class, ignored, p)[0], 2);
}
