#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

#include "core/base/Error.hpp"
#include "models/external/ExternalPredictor.hpp"
#include "models/external/ExternalSegmenter.hpp"
#include "models/projection/ModelCard.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

std::string specError(const fs::path& dir, const std::string& json) {
    const fs::path path = dir / "cmd.json";
    std::ofstream(path) << json;
    try {
        loadExternalPredictor(path.string());
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(accepted)";
}

const std::string kBaselineCard =
    std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline/model_card.json";

}  // namespace

TEST(ExternalPredictor, TheShippedSpecReadsAndMapsSemanticKittiIds) {
    const ExternalPredictor p = loadExternalPredictor(std::string(BLINDSPOT_SOURCE_DIR) +
                                                      "/models/external/pointwise.json");
    EXPECT_EQ(p.command.front(), "/usr/bin/python3");
    EXPECT_EQ(p.learning_map.classOf(40), 9);  // road
    EXPECT_EQ(p.learning_map.classOf(10), 1);  // car
    EXPECT_EQ(p.palette_map.classes, p.learning_map.classes);
    EXPECT_EQ(p.identity.rfind("external-", 0), 0u);
    EXPECT_EQ(externalPredictorPath("external:a/b.json"), "a/b.json");
    EXPECT_EQ(externalPredictorPath("checkpoints/x"), "");
}

TEST(ExternalPredictor, BadSpecsNameTheKey) {
    const auto dir = blindspot::testing::freshTempDir("external-spec");
    EXPECT_NE(specError(dir, R"({"command": [], "learning_map": "semantickitti"})")
                  .find("cmd.json: /command: expected a non-empty array"),
              std::string::npos);
    EXPECT_NE(specError(dir, R"({"command": ["x"], "learning_map": "squeezeseg"})")
                  .find("cmd.json: /learning_map: a map over semantickitti ids"),
              std::string::npos);
    EXPECT_NE(specError(dir, R"({"command": ["x"], "learning_map": "semantickitti", "gpu": 1})")
                  .find("cmd.json: /gpu"),
              std::string::npos);
    EXPECT_NE(specError(dir, R"({"command": ["x"], "learning_map": "semantickitti",
                                "input_labels": "kitti"})")
                  .find("cmd.json: /input_labels: expected \"none\""),
              std::string::npos);
    EXPECT_NE(specError(dir, R"({"command": ["x"], "learning_map": "semantickitti",
                                "protocol": "socket"})")
                  .find("cmd.json: /protocol: expected \"per-batch\" or \"persistent\""),
              std::string::npos);
    EXPECT_NE(specError(dir, R"({"command": ["x"], "learning_map": "semantickitti",
                                "worker_env": {"CUDA_VISIBLE_DEVICES": [0, 1]}})")
                  .find("cmd.json: /worker_env/CUDA_VISIBLE_DEVICES: expected a non-empty list"),
              std::string::npos);
}

TEST(ExternalPredictor, PersistentSpecsReadTheirProtocolAndWorkerEnvironment) {
    const auto dir = blindspot::testing::freshTempDir("external-persistent");
    const std::string path = (dir / "cmd.json").string();
    std::ofstream(path) << R"({"command": ["x"], "learning_map": "semantickitti",
        "protocol": "persistent", "worker_env": {"CUDA_VISIBLE_DEVICES": ["0", "1"]}})";
    const ExternalPredictor p = loadExternalPredictor(path);
    EXPECT_EQ(p.protocol, ExternalPredictor::Protocol::kPersistent);
    EXPECT_EQ(p.worker_env.at("CUDA_VISIBLE_DEVICES"), (std::vector<std::string>{"0", "1"}));
    const std::string shipped =
        std::string(BLINDSPOT_SOURCE_DIR) + "/models/external/pointwise.json";
    EXPECT_EQ(loadExternalPredictor(shipped).protocol, ExternalPredictor::Protocol::kPerBatch);
}

// "input": "range_image" (issue 34): the model card names the classes and is part of the identity.
TEST(ExternalPredictor, RangeImageSpecTakesTheCardsClasses) {
    const auto dir = blindspot::testing::freshTempDir("external-range-image");
    const std::string spec = (dir / "cmd.json").string();
    std::ofstream(spec) << R"({"command": ["x"], "input": "range_image", "model_card": ")" +
                               kBaselineCard + R"("})";
    const ExternalPredictor p = loadExternalPredictor(spec);
    ASSERT_TRUE(p.range_image_card.has_value());
    const ModelCard card = loadModelCard(fs::path(kBaselineCard).parent_path().string());
    EXPECT_EQ(p.learning_map.classes, card.learning_map.classes);
    EXPECT_EQ(p.palette_map.classOf(1), card.learning_map.classOf(1));
    // The card is part of the identity: the same CMD.json over another card is another network.
    fs::copy_file(kBaselineCard, dir / "card.json");
    std::ofstream(dir / "card.json", std::ios::app) << "\n";
    std::ofstream(spec) << R"({"command": ["x"], "input": "range_image", "model_card": ")" +
                               (dir / "card.json").string() + R"("})";
    EXPECT_NE(loadExternalPredictor(spec).identity, p.identity);

    const std::string card_key = R"(, "model_card": ")" + kBaselineCard + R"(")";
    const std::vector<std::pair<std::string, std::string>> bad = {
        {R"("input": "voxels")", "cmd.json: /input: expected \"points\" or \"range_image\""},
        {R"("input": "range_image")", "cmd.json: /model_card: expected the model card"},
        {R"("input": "range_image")" + card_key + R"(, "learning_map": "semantickitti")",
         "cmd.json: /learning_map: not with \"input\": \"range_image\""},
        {R"("input": "range_image", "model_card": "missing.json")", "missing.json is none"}};
    for (const auto& [keys, expected] : bad)
        EXPECT_NE(specError(dir, R"({"command": ["x"], )" + keys + "}").find(expected),
                  std::string::npos)
            << keys;
}
