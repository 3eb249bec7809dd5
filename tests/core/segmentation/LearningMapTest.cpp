#include <gtest/gtest.h>

#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"
#include "core/segmentation/LearningMap.hpp"

using namespace blindspot;

TEST(LearningMap, SqueezeSegMapsPaletteToClasses) {
    const LearningMap m = squeezeSegLearningMap();
    EXPECT_EQ(m.classes.size(), 4u);
    EXPECT_EQ(m.classOf(label::kVehicle), 1);
    EXPECT_EQ(m.classOf(label::kPedestrian), 2);
    EXPECT_EQ(m.classOf(label::kBicyclist), 3);
    EXPECT_EQ(m.classOf(label::kRoad), 0);
    EXPECT_EQ(m.classOf(65535), 0);
}

TEST(LearningMap, NumericKeysAndErrors) {
    const nlohmann::json j = {{"classes", {"bg", "car"}}, {"map", {{"10", 1}}}};
    EXPECT_EQ(learningMapFromJson(JsonObject(j, "map.json", "")).classOf(10), 1);
    const nlohmann::json bad = {{"classes", {"bg", "car"}}, {"map", {{"vehicle", 2}}}};
    try {
        learningMapFromJson(JsonObject(bad, "map.json", ""));
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(), "map.json: /map/vehicle: expected a class index in [0, 1]");
    }
    const nlohmann::json unknown = {{"classes", {"bg"}}, {"map", {{"unicorn", 0}}}};
    EXPECT_THROW(learningMapFromJson(JsonObject(unknown, "map.json", "")), ConfigError);
}
