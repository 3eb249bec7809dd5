#include <gtest/gtest.h>

#include "core/segmentation/LabelSet.hpp"
#include "eval/ClassMapping.hpp"

using namespace blindspot;

TEST(ClassMapping, TwoLabelSetsShareCarButNotTheirMeans) {
    // SqueezeSeg's 4 classes against SemanticKITTI's 20 as the sweep scores them (palette ids).
    const LearningMap a = squeezeSegLearningMap();
    const LearningMap b = paletteMapFrom(semanticKittiLearningMap());
    const ClassMapping car = classMappingOf(a, b, "target");
    EXPECT_EQ(car.class_name, "car");
    EXPECT_EQ(car.labels_a, std::vector<std::string>{"vehicle (10)"});
    EXPECT_EQ(car.labels_b, car.labels_a);
    EXPECT_TRUE(car.same);
    // "pedestrian" is a SqueezeSeg class only: no ground truth on B's side.
    const ClassMapping pedestrian = classMappingOf(a, b, "pedestrian");
    EXPECT_FALSE(pedestrian.same);
    EXPECT_TRUE(pedestrian.labels_b.empty());
    EXPECT_NE(pedestrian.note.find("no label in B (20 classes): NOT the same"), std::string::npos)
        << pedestrian.note;
    const ClassMapping miou = classMappingOf(a, b, "miou");
    EXPECT_FALSE(miou.same);
    EXPECT_EQ(miou.note,
              "mIoU averages A's 4 classes and B's 20: not the same quantity; compare a shared "
              "class instead.");
}
