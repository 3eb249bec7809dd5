// DatasetConfusion: points of each dataset class per model class, counted by hand (issue 33).
#include <gtest/gtest.h>

#include "core/segmentation/DatasetConfusion.hpp"

using blindspot::DatasetConfusion;

TEST(DatasetConfusion, CountsEachRawIdPerModelClassInIdOrder) {
    DatasetConfusion d(4);                     // unknown, car, pedestrian, cyclist
    for (int i = 0; i < 5; ++i) d.add(70, 1);  // vegetation called car
    for (int i = 0; i < 3; ++i) d.add(70, 0);
    d.add(10, 1, 7);  // car called car
    d.add(252, 0);    // moving car missed
    d.add(50, 2, 2);  // building called pedestrian
    ASSERT_EQ(d.rows().size(), 4u);
    EXPECT_EQ(d.rows()[0].id, 10);
    EXPECT_EQ(d.rows()[1].id, 50);
    EXPECT_EQ(d.rows()[2].id, 70);
    EXPECT_EQ(d.rows()[3].id, 252);
    EXPECT_EQ(d.at(70, 1), 5);
    EXPECT_EQ(d.at(70, 0), 3);
    EXPECT_EQ(d.rows()[2].points(), 8);
    EXPECT_EQ(d.at(10, 1), 7);
    EXPECT_EQ(d.at(50, 2), 2);
    EXPECT_EQ(d.at(48, 1), 0);  // never seen
    // What was called car, most first: car 7, vegetation 5; building and the moving car were not.
    const auto called = d.rowsCalled(1);
    ASSERT_EQ(called.size(), 2u);
    EXPECT_EQ(called[0]->id, 10);
    EXPECT_EQ(called[1]->id, 70);
}

TEST(DatasetConfusion, MergeAddsScansTogether) {
    DatasetConfusion a(4), b(4), pooled;
    a.add(70, 1, 4);
    a.add(40, 0, 10);
    b.add(70, 1, 6);
    b.add(71, 1, 2);
    pooled.merge(a);
    pooled.merge(b);
    EXPECT_EQ(pooled.modelClasses(), 4);
    EXPECT_EQ(pooled.at(70, 1), 10);
    EXPECT_EQ(pooled.at(40, 0), 10);
    EXPECT_EQ(pooled.at(71, 1), 2);
    EXPECT_EQ(pooled.rows().size(), 3u);
}

TEST(DatasetConfusion, SemanticKittiNamesFollowTheYaml) {
    EXPECT_EQ(blindspot::semanticKittiClassName(70), "vegetation");
    EXPECT_EQ(blindspot::semanticKittiClassName(71), "trunk");
    EXPECT_EQ(blindspot::semanticKittiClassName(44), "parking");
    EXPECT_EQ(blindspot::semanticKittiClassName(252), "moving-car");
    EXPECT_EQ(blindspot::semanticKittiClassName(123), "id 123");
}
