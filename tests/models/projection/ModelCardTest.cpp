#include <gtest/gtest.h>

#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"
#include "models/projection/ModelCard.hpp"

using namespace blindspot;

TEST(ModelCard, ACardGivesOneLearningMapAndTheOtherIsDerived) {
    // A RangeNet++-style card names SemanticKITTI's map; sweep data (MATLAB palette) then reaches
    // the same 20 classes: road 7 -> 40 -> road, vehicle 10 -> car.
    nlohmann::json j = modelCardToJson(squeezeSegCard(true));
    j["learning_map"] = "semantickitti";
    const ModelCard card = modelCardFromJson(JsonObject(j, "card.json", ""));
    EXPECT_EQ(card.classCount(), 20);
    EXPECT_EQ(classOfLabel(card, LabelSet::kMatlab, label::kRoad), 9);
    EXPECT_EQ(classOfLabel(card, LabelSet::kMatlab, label::kVehicle), 1);
    EXPECT_EQ(classOfLabel(card, LabelSet::kMatlab, label::kCurb), 11);  // sidewalk
    EXPECT_EQ(classOfLabel(card, LabelSet::kSemanticKitti, 40), 9);
    EXPECT_EQ(classOfLabel(card, LabelSet::kSemanticKitti, 0), -1);
    // Written back, the card keeps its SemanticKITTI map and reads back the same.
    const nlohmann::json again = modelCardToJson(card);
    EXPECT_TRUE(again.contains("learning_map_semantickitti"));
    const ModelCard reread = modelCardFromJson(JsonObject(again, "card.json", ""));
    EXPECT_EQ(reread.semantickitti_map.class_of_label, card.semantickitti_map.class_of_label);
    EXPECT_EQ(reread.learning_map.class_of_label, card.learning_map.class_of_label);
    // Two maps with different classes are an error naming the key.
    nlohmann::json both = modelCardToJson(squeezeSegCard(true));
    both["learning_map_semantickitti"] = "semantickitti";
    try {
        modelCardFromJson(JsonObject(both, "card.json", ""));
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("card.json: /learning_map_semantickitti: expected "
                                             "the same classes"),
                  std::string::npos)
            << e.what();
    }
    // The bundled SqueezeSeg card is written as before: no second map.
    EXPECT_FALSE(modelCardToJson(squeezeSegCard(true)).contains("learning_map_semantickitti"));
}

TEST(ModelCard, EmptyCellsDefaultToTheReferenceConvention) {
    nlohmann::json j = modelCardToJson(squeezeSegCard(true));
    EXPECT_EQ(j["empty_cells"], "normalised");  // the bundled baseline's training
    j.erase("empty_cells");
    EXPECT_EQ(modelCardFromJson(JsonObject(j, "card.json", "")).empty_cells, EmptyCells::kZero);
    j["empty_cells"] = "masked";
    try {
        modelCardFromJson(JsonObject(j, "card.json", ""));
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("card.json: /empty_cells: expected \"zero\""),
                  std::string::npos)
            << e.what();
    }
}

TEST(ModelCard, EmptyCellsEnterAsZeroOrNormalised) {
    // Two cells, one empty; channel means 1 and 10, stds 2 and 5.
    RangeImage image;
    image.grid.rows = 1;
    image.grid.cols = 2;
    image.channels = {InputChannel::kX, InputChannel::kRange};
    image.raw = {3.0f, 0.0f, 20.0f, 0.0f};
    image.mask = {1, 0};
    const std::vector<double> mean = {1.0, 10.0}, std = {2.0, 5.0};
    EXPECT_EQ(normalisedInput(image, mean, std, EmptyCells::kZero),
              (std::vector<float>{1.0f, 0.0f, 2.0f, 0.0f}));
    EXPECT_EQ(normalisedInput(image, mean, std, EmptyCells::kNormalised),
              (std::vector<float>{1.0f, -0.5f, 2.0f, -2.0f}));
}

namespace {

std::string cardError(const nlohmann::json& j) {
    try {
        modelCardFromJson(JsonObject(j, "card.json", ""));
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace

TEST(ModelCard, IgnoredClassesAreNotScoredAndWrongConventionsAreNamed) {
    nlohmann::json j = modelCardToJson(squeezeSegCard(true));
    j["learning_map"] = "semantickitti";
    j["ignore_classes"] = {"unlabeled"};
    const ModelCard card = modelCardFromJson(JsonObject(j, "card.json", ""));
    EXPECT_TRUE(isIgnored(card, 0));
    EXPECT_FALSE(isIgnored(card, 1));
    EXPECT_TRUE(isIgnored(card, -1));
    EXPECT_EQ(modelCardToJson(card)["ignore_classes"], nlohmann::json({"unlabeled"}));
    // A name the card has no class for, a wrong outside rule, a mean of the wrong length.
    j["ignore_classes"] = {"background"};
    EXPECT_NE(cardError(j).find("card.json: /ignore_classes: expected names of the card's "
                                "classes; got \"background\""),
              std::string::npos)
        << cardError(j);
    j.erase("ignore_classes");
    j["grid"]["outside"] = "wrap";
    EXPECT_NE(cardError(j).find("card.json: /grid/outside: expected \"drop\" or \"clamp\""),
              std::string::npos)
        << cardError(j);
    j["grid"].erase("outside");
    j["mean"] = {12.12, 10.88, 0.23, -1.04};
    EXPECT_NE(cardError(j).find("card.json: /mean: expected one value per input channel (5)"),
              std::string::npos)
        << cardError(j);
}

TEST(ModelCard, BatchNormIsWrittenOnlyWhenOnSoOlderCardsKeepTheirIdentity) {
    nlohmann::json j = modelCardToJson(squeezeSegCard(true));
    // The network hash covers the card's JSON: a key added to every card would change them all.
    EXPECT_FALSE(j.contains("batch_norm"));
    EXPECT_FALSE(modelCardFromJson(JsonObject(j, "card.json", "")).batch_norm);
    j["batch_norm"] = true;
    const ModelCard card = modelCardFromJson(JsonObject(j, "card.json", ""));
    EXPECT_TRUE(card.batch_norm);
    EXPECT_EQ(modelCardToJson(card)["batch_norm"], true);
    j["architecture"] = "torchscript";
    EXPECT_NE(cardError(j).find("card.json: /batch_norm: batch normalisation is a choice of "
                                "architecture \"squeezeseg\" only"),
              std::string::npos)
        << cardError(j);
}
