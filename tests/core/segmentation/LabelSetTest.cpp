#include <gtest/gtest.h>

#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"
#include "core/segmentation/LabelSet.hpp"

using namespace blindspot;

TEST(LabelSet, NamesRoundTripAndUnknownNamesAreErrors) {
    for (auto set : {LabelSet::kMatlab, LabelSet::kSemanticKitti})
        EXPECT_EQ(labelSetFromName(labelSetName(set)), set);
    try {
        labelSetFromName("kitti");
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("matlab or semantickitti, not \"kitti\""),
                  std::string::npos);
    }
}

TEST(LabelSet, PaletteIdsBecomeSemanticKittiRawIds) {
    // semantic-kitti.yaml: car 10, person 30, bicyclist 31, road 40, sidewalk 48, building 50,
    // fence 51, lane-marking 60, vegetation 70, pole 80, traffic-sign 81, other-object 99.
    EXPECT_EQ(semanticKittiIdOf(label::kVehicle), 10);
    EXPECT_EQ(semanticKittiIdOf(label::kVehicle, true), 252);
    EXPECT_EQ(semanticKittiIdOf(label::kPedestrian), 30);
    EXPECT_EQ(semanticKittiIdOf(label::kPedestrian, true), 254);
    EXPECT_EQ(semanticKittiIdOf(label::kBicyclist), 31);
    EXPECT_EQ(semanticKittiIdOf(label::kBicyclist, true), 253);
    EXPECT_EQ(semanticKittiIdOf(label::kRoad), 40);
    EXPECT_EQ(semanticKittiIdOf(label::kSidewalk), 48);
    EXPECT_EQ(semanticKittiIdOf(label::kCurb), 48);
    EXPECT_EQ(semanticKittiIdOf(label::kBuilding), 50);
    EXPECT_EQ(semanticKittiIdOf(label::kGuardRail), 51);
    EXPECT_EQ(semanticKittiIdOf(label::kLaneMarking), 60);
    EXPECT_EQ(semanticKittiIdOf(label::kVegetation), 70);
    EXPECT_EQ(semanticKittiIdOf(label::kPole), 80);
    EXPECT_EQ(semanticKittiIdOf(label::kTrafficSign), 81);
    EXPECT_EQ(semanticKittiIdOf(label::kMotorcycle), 15);
    EXPECT_EQ(semanticKittiIdOf(label::kWeather), 1);  // outlier
    EXPECT_EQ(semanticKittiIdOf(label::kNone), 0);
    EXPECT_EQ(semanticKittiIdOf(label::kOther), 99);
    EXPECT_EQ(semanticKittiIdOf(12345), 99);  // a user's palette id
    EXPECT_EQ(labelIdIn(LabelSet::kMatlab, label::kRoad), label::kRoad);
    EXPECT_EQ(labelIdIn(LabelSet::kSemanticKitti, label::kRoad), 40);
}

TEST(LabelSet, EveryPaletteClassSurvivesTheRoundTripThroughSemanticKitti) {
    // What a SemanticKITTI-labelled dataset of ours is read back as: the same palette id, except
    // where SemanticKITTI merges several (curb into sidewalk, signs and signals into traffic-sign)
    // or has no class (other-object, other-structure: "other" to our palette).
    for (const auto& entry : defaultPalette()) {
        const std::uint16_t back = paletteIdOfSemanticKitti(semanticKittiIdOf(entry.id));
        switch (entry.id) {
            case label::kCurb:
                EXPECT_EQ(back, label::kSidewalk);
                break;
            case label::kTrafficSignal:
            case label::kStopSign:
            case label::kYieldSign:
            case label::kSpeedLimitSign:
                EXPECT_EQ(back, label::kTrafficSign);
                break;
            case label::kBarricade:
            case label::kFireHydrant:
            case label::kFlyoverRamp:
            case label::kDeer:
                EXPECT_EQ(back, label::kOther);
                break;
            case label::kGuardRail:  // SemanticKITTI counts crash barriers as fence
                EXPECT_EQ(back, label::kFence);
                break;
            case label::kSky:
            case label::kWeather:
                EXPECT_EQ(back, label::kNone);
                break;
            default:
                EXPECT_EQ(back, entry.id) << entry.name;
        }
    }
}

TEST(LabelSet, SemanticKittiLearningMapIsTheStandardOne) {
    const LearningMap m = semanticKittiLearningMap();
    ASSERT_EQ(m.classes.size(), 20u);
    EXPECT_EQ(m.classes[1], "car");
    EXPECT_EQ(m.classes[19], "traffic-sign");
    EXPECT_EQ(m.classOf(10), 1);
    EXPECT_EQ(m.classOf(252), 1);  // moving car
    EXPECT_EQ(m.classOf(13), 5);   // bus -> other-vehicle
    EXPECT_EQ(m.classOf(60), 9);   // lane marking -> road
    EXPECT_EQ(m.classOf(52), 0);   // other-structure -> unlabeled
    EXPECT_EQ(m.classOf(99), 0);   // other-object -> unlabeled
    EXPECT_EQ(m.classOf(258), 4);  // moving truck
    const auto inv = semanticKittiInverseMap();
    ASSERT_EQ(inv.size(), 20u);
    for (std::size_t c = 1; c < inv.size(); ++c) EXPECT_EQ(m.classOf(inv[c]), int(c)) << c;
}
