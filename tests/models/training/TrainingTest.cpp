#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "core/base/Error.hpp"
#include "core/segmentation/ConfusionMatrix.hpp"
#include "models/network/Network.hpp"
#include "models/training/Dataset.hpp"
#include "models/training/DatasetGenerator.hpp"
#include "models/training/Training.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

fs::path tinyDataset(const fs::path& dir, int scans) {
    GenerateOptions g;
    g.models = blindspot::testing::carModels();
    g.backgrounds = {"train-01", "train-02"};
    g.scans = scans;
    g.output = (dir / "data").string();
    g.seed = 3;
    generateDataset(g);
    return dir / "data";
}

// One epoch on `scans` tiny scans, batch 2, 32-column crops, into dir/ckpt.
TrainOptions oneEpoch(const fs::path& dir, int scans) {
    TrainOptions o;
    o.data_dirs = {tinyDataset(dir, scans).string()};
    o.output = (dir / "ckpt").string();
    o.batch = 2;
    o.crop_cols = 32;
    o.epochs = 1;
    o.threads = 2;
    o.progress = false;
    return o;
}

double mean(const std::vector<double>& v, std::size_t first, std::size_t count) {
    return std::accumulate(v.begin() + long(first), v.begin() + long(first + count), 0.0) /
           double(count);
}

}  // namespace

TEST(Dataset, GeneratedScansLoadInTheSemanticKittiLayout) {
    const auto dir = blindspot::testing::freshTempDir("dataset");
    const fs::path data = tinyDataset(dir, 3);
    EXPECT_TRUE(fs::exists(data / "sequences/00/velodyne/000002.bin"));
    EXPECT_TRUE(fs::exists(data / "sequences/00/labels/000002.label"));
    EXPECT_TRUE(fs::exists(data / "sequences/00/poses.txt"));
    const auto files = findLabelledScans(data.string());
    ASSERT_EQ(files.size(), 3u);
    const LabelledSet set = loadLabelledSet({data.string()}, squeezeSegCard(true), 2);
    ASSERT_EQ(set.images.size(), 3u);
    // Every scan has traffic: car cells (class 1) and background cells (class 0).
    for (const auto& image : set.images) {
        const auto cars = std::count(image.cell_class.begin(), image.cell_class.end(), 1);
        const auto other = std::count(image.cell_class.begin(), image.cell_class.end(), 0);
        EXPECT_GT(cars, 50);
        EXPECT_GT(other, 5000);
    }
    // The same seed writes the same bytes.
    const LabelledSet again =
        loadLabelledSet({tinyDataset(dir / "again", 3).string()}, squeezeSegCard(true), 1);
    EXPECT_EQ(set.hash, again.hash);
    EXPECT_THROW(findLabelledScans((dir / "nothing").string()), FileError);
}

TEST(Training, TwentyStepsLowerTheLoss) {
    const auto dir = blindspot::testing::freshTempDir("train");
    TrainOptions o;
    o.data_dirs = {tinyDataset(dir, 4).string()};
    // No validation set: the 20 steps are 10 epochs, and the loss is what this test is about
    // (the validation IoU has its own tests below).
    o.output = (dir / "ckpt").string();
    o.optimizer = "adam";
    o.learning_rate = 2e-3;
    o.schedule = "constant";
    o.batch = 2;
    o.crop_cols = 64;
    o.epochs = 100;
    o.max_steps = 20;
    o.threads = 2;
    o.progress = false;
    std::ostringstream log;
    const TrainReport r = trainNetwork(o, log);
    ASSERT_EQ(r.steps, 20);
    EXPECT_LT(mean(r.step_loss, 15, 5), 0.7 * mean(r.step_loss, 0, 5));
    // A checkpoint was written after the (partial) epoch, with its recipe, and loads.
    const auto net = SegmentationNetwork::load(o.output);
    EXPECT_EQ(net->card().training.at("recipe").at("batch"), 2);
    EXPECT_TRUE(fs::exists(fs::path(o.output) / "optimizer.pt"));
}

TEST(Training, ResumeContinuesFromTheLastFinishedEpoch) {
    const auto dir = blindspot::testing::freshTempDir("train-resume");
    TrainOptions o = oneEpoch(dir, 4);  // 2 steps per epoch
    std::ostringstream log;
    EXPECT_EQ(trainNetwork(o, log).steps, 2);
    o.epochs = 3;
    o.resume = true;
    const TrainReport resumed = trainNetwork(o, log);
    EXPECT_EQ(resumed.steps, 4);  // epochs 2 and 3 only
    const auto net = SegmentationNetwork::load(o.output);
    EXPECT_EQ(net->card().training.at("epochs_done"), 3);
    EXPECT_EQ(net->card().training.at("history").size(), 3u);
}

TEST(Training, AdamResumedAfterAnEpochEqualsAnUninterruptedRun) {
    // Adam keeps two tensors per parameter; reading them back into one reused tensor failed
    // ("Trying to resize storage that is not resizable") on every Adam resume. The resumed run
    // must also train exactly as one that was never stopped.
    const auto dir = blindspot::testing::freshTempDir("train-resume-adam");
    TrainOptions o = oneEpoch(dir, 4);
    o.optimizer = "adam";
    o.learning_rate = 0.001;
    o.epochs = 2;
    o.output = (dir / "straight").string();
    std::ostringstream log;
    trainNetwork(o, log);
    o.output = (dir / "resumed").string();
    o.epochs = 1;
    trainNetwork(o, log);
    o.epochs = 2;
    o.resume = true;
    EXPECT_EQ(trainNetwork(o, log).steps, 2);
    EXPECT_EQ(SegmentationNetwork::load(o.output)->hash(),
              SegmentationNetwork::load((dir / "straight").string())->hash());
}

TEST(Training, UndefinedValidationIouIsNullNotZero) {
    // Issue 20: the bundled card showed pedestrian and cyclist IoU 0.0 for classes that never
    // occur. Class 2 occurs and is always missed (0); class 3 never occurs nor is predicted.
    ConfusionMatrix m(4);
    m.add(0, 0, 90);
    m.add(1, 1, 6);
    m.add(1, 0, 2);
    m.add(0, 1, 4);
    m.add(2, 0, 5);
    const nlohmann::json iou = iouPerClassJson(m);
    ASSERT_EQ(iou.size(), 4u);
    EXPECT_DOUBLE_EQ(iou[0].get<double>(), 90.0 / (90 + 4 + 2 + 5));
    EXPECT_DOUBLE_EQ(iou[1].get<double>(), 6.0 / (6 + 4 + 2));
    EXPECT_DOUBLE_EQ(iou[2].get<double>(), 0.0);
    EXPECT_TRUE(iou[3].is_null());
}

TEST(Training, CheckpointSetOutOfStepWithItsManifestIsRefused) {
    // Issue 20: an epoch writes weights, card and optimizer one after another. A crash between
    // two writes is simulated by changing the card after train_state.json (written last).
    const auto dir = blindspot::testing::freshTempDir("train-manifest");
    TrainOptions o = oneEpoch(dir, 2);
    std::ostringstream log;
    trainNetwork(o, log);
    EXPECT_NO_THROW(SegmentationNetwork::load(o.output));
    const fs::path card = fs::path(o.output) / "model_card.json";
    std::ofstream(card, std::ios::app) << "\n";  // still a valid card, but not this epoch's
    try {
        SegmentationNetwork::load(o.output);
        FAIL() << "a card that differs from the manifest loaded";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("model_card.json: hash"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("out of step"), std::string::npos) << e.what();
    }
    o.epochs = 2;
    o.resume = true;
    EXPECT_THROW(trainNetwork(o, log), FileError);
    // A damaged train_state.json is a FileError naming it and the JSON path (exit 4), where raw
    // .at() reads once made it an internal error.
    std::ofstream(fs::path(o.output) / "train_state.json") << R"({"epochs_done": "one"})";
    try {
        trainNetwork(o, log);
        FAIL() << "a damaged train_state.json was resumed";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("train_state.json: /epochs_done"), std::string::npos)
            << e.what();
    }
    // A checkpoint without train_state.json (bundled, exported) has no manifest to check.
    fs::remove(fs::path(o.output) / "train_state.json");
    EXPECT_NO_THROW(SegmentationNetwork::load(o.output));
}

TEST(Training, StreetLearningMapTrainsItsClassesAndKeepsCarFirst) {
    const auto dir = blindspot::testing::freshTempDir("train-street");
    const nlohmann::json recipe = {{"learning_map", "street"},
                                   {"class_weights", std::vector<double>(13, 1.0)}};
    const TrainOptions parsed = trainOptionsFromJson(recipe, "street.json");
    TrainOptions o = oneEpoch(dir, 2);
    o.learning_map = parsed.learning_map;
    o.class_weights = parsed.class_weights;
    std::ostringstream log;
    trainNetwork(o, log);
    const auto net = SegmentationNetwork::load(o.output);
    const auto& classes = net->card().learning_map.classes;
    ASSERT_EQ(classes.size(), 13u);
    EXPECT_EQ(classes[1], "car");  // sweeps and validation score class 1
    EXPECT_EQ(classes[7], "vegetation");
    // Palette ids and SemanticKITTI ids reach the same classes: a hedge, a kerb, a garden wall.
    const ModelCard& card = net->card();
    EXPECT_EQ(card.learning_map.classOf(9), 7);         // palette vegetation
    EXPECT_EQ(card.semantickitti_map.classOf(70), 7);   // SemanticKITTI vegetation
    EXPECT_EQ(card.learning_map.classOf(58), 5);        // curb -> sidewalk
    EXPECT_EQ(card.semantickitti_map.classOf(51), 11);  // fence
    EXPECT_EQ(card.semantickitti_map.classOf(44), 0);   // parking: no class of ours
    EXPECT_EQ(card.training.at("recipe").at("learning_map"), "street");

    // Four weights for thirteen classes, and a map that is not one, are refused up front.
    o.class_weights = {1, 1, 1, 1};
    EXPECT_THROW(trainNetwork(o, log), ConfigError);
    EXPECT_THROW(trainOptionsFromJson({{"learning_map", "kitti"}}, "bad.json"), ConfigError);
}

namespace {

// A copy of `data` in which every point's remission is `value` (KITTI .bin: x y z i, float32).
fs::path withRemission(const fs::path& data, const fs::path& copy, float value) {
    fs::copy(data, copy, fs::copy_options::recursive);
    for (const auto& entry : fs::recursive_directory_iterator(copy)) {
        if (entry.path().extension() != ".bin") continue;
        std::vector<float> xyzi(fs::file_size(entry.path()) / sizeof(float));
        std::ifstream(entry.path(), std::ios::binary)
            .read(reinterpret_cast<char*>(xyzi.data()), std::streamsize(xyzi.size() * 4));
        for (std::size_t i = 3; i < xyzi.size(); i += 4) xyzi[i] = value;
        std::ofstream(entry.path(), std::ios::binary | std::ios::trunc)
            .write(reinterpret_cast<const char*>(xyzi.data()), std::streamsize(xyzi.size() * 4));
    }
    return copy;
}

std::string fileBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Trains `o` into `output`; returns the bytes of the weights it wrote.
std::string weightsTrainedInto(TrainOptions o, const fs::path& output) {
    o.output = output.string();
    std::ostringstream log;
    trainNetwork(o, log);
    return fileBytes(output / "weights.pt");
}

}  // namespace

TEST(Training, IntensityDropoutTrainsAsIfEveryReturnReadTheMeanRemission) {
    // With dropout 1 each return's normalised intensity is 0, which is what a scan whose every
    // point reads the card's mean remission (0.21) gives: the two trainings match bit for bit.
    const auto dir = blindspot::testing::freshTempDir("train-dropout");
    TrainOptions dropped = oneEpoch(dir, 2);
    dropped.intensity_dropout = 1.0;
    std::ostringstream log;
    trainNetwork(dropped, log);

    TrainOptions flat = dropped;
    flat.intensity_dropout = 0.0;
    const float mean = float(squeezeSegCard(true).mean[3]);
    flat.data_dirs = {withRemission(dropped.data_dirs[0], dir / "flat", mean).string()};
    flat.output = (dir / "flat-ckpt").string();
    trainNetwork(flat, log);
    EXPECT_EQ(fileBytes(fs::path(dropped.output) / "weights.pt"),
              fileBytes(fs::path(flat.output) / "weights.pt"));

    // Not vacuous: the real remissions train other weights.
    TrainOptions kept = dropped;
    kept.intensity_dropout = 0.0;
    EXPECT_NE(fileBytes(fs::path(dropped.output) / "weights.pt"),
              weightsTrainedInto(kept, dir / "kept-ckpt"));
    EXPECT_EQ(SegmentationNetwork::load(dropped.output)
                  ->card()
                  .training.at("recipe")
                  .at("intensity_dropout"),
              1.0);

    // A share outside [0, 1], or dropout for a network without the channel (named in the
    // recipe or taken from --init's card), is refused.
    EXPECT_THROW(trainOptionsFromJson({{"intensity_dropout", 1.5}}, "r.json"), ConfigError);
    const TrainOptions parsed = trainOptionsFromJson({{"intensity_dropout", 0.3}}, "r.json");
    EXPECT_THROW(withArchitectureOf(parsed, squeezeSegCard(false)), ConfigError);
    TrainOptions named = parsed;
    named.intensity = false;
    EXPECT_THROW(withArchitectureOf(named, squeezeSegCard(false)), ConfigError);
    EXPECT_TRUE(*withArchitectureOf(parsed, squeezeSegCard(true)).intensity);
}

TEST(Training, HeadDropoutIsATrainingChoiceTheCardRecords) {
    const auto dir = blindspot::testing::freshTempDir("train-head-dropout");
    TrainOptions without = oneEpoch(dir, 2);
    const std::string reference = weightsTrainedInto(without, dir / "reference");
    without.head_dropout = 0.0;
    // SqueezeSeg's 0.5 zeroes half of conv14's inputs in every step; without it the same steps
    // train other weights.
    EXPECT_NE(reference, weightsTrainedInto(without, dir / "no-dropout"));
    const auto card = SegmentationNetwork::load((dir / "no-dropout").string())->card();
    EXPECT_EQ(card.training.at("recipe").at("head_dropout"), 0.0);
    EXPECT_EQ(trainOptionsFromJson(nlohmann::json::object(), "r.json").head_dropout, 0.5);
    EXPECT_THROW(trainOptionsFromJson({{"head_dropout", 1.0}}, "r.json"), ConfigError);
    EXPECT_THROW(trainOptionsFromJson({{"head_dropout", -0.1}}, "r.json"), ConfigError);
}

TEST(Training, FineTuningKeepsTheInitArchitectureAndRefusesARecipeThatNamesAnother) {
    // A fine-tuning recipe that leaves the architecture out gets --init's, and the card's recipe
    // records what was trained; one that names another is refused before any step.
    const auto dir = blindspot::testing::freshTempDir("train-architecture");
    TrainOptions base = oneEpoch(dir, 2);
    base.batch_norm = true;
    std::ostringstream log;
    trainNetwork(base, log);
    TrainOptions tune = base;
    tune.init = base.output;
    tune.batch_norm.reset();
    tune.output = (dir / "tuned").string();
    trainNetwork(tune, log);
    const ModelCard card = SegmentationNetwork::load(tune.output)->card();
    EXPECT_TRUE(card.batch_norm);
    EXPECT_EQ(card.training.at("recipe").at("batch_norm"), true);
    EXPECT_EQ(card.training.at("recipe").at("crf"), false);
    EXPECT_EQ(card.training.at("recipe").at("intensity"), true);

    tune.output = (dir / "refused").string();
    const auto refusedAt = [&](const std::string& json_path) {
        try {
            trainNetwork(tune, log);
            ADD_FAILURE() << "a recipe naming another architecture trained";
        } catch (const ConfigError& e) {
            EXPECT_EQ(e.source().json_path, json_path) << e.what();
        }
        EXPECT_FALSE(fs::exists(fs::path(tune.output) / "weights.pt"));
    };
    tune.batch_norm = false;
    refusedAt("/batch_norm");
    tune.batch_norm.reset();
    tune.crf = true;
    refusedAt("/crf");
    tune.crf.reset();
    tune.intensity = false;
    refusedAt("/intensity");

    // Parsed recipes leave unnamed keys unset; the options as JSON say so with null.
    const TrainOptions parsed = trainOptionsFromJson({{"crf", false}}, "r.json");
    EXPECT_FALSE(parsed.batch_norm.has_value());
    EXPECT_EQ(parsed.crf, false);
    EXPECT_TRUE(trainOptionsToJson(parsed).at("batch_norm").is_null());
}
