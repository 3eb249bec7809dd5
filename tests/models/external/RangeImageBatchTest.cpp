// An external range-image network's batch (issue 34): it holds the card's normalised input as .npy
// files that read back value for value, and the answers are class indices per cell, checked
// against the card (CMD.json's "input": "range_image":
// tests/models/external/ExternalPredictorTest.cpp).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/NpyFile.hpp"
#include "models/external/ExternalBatch.hpp"
#include "models/external/ExternalPredictor.hpp"
#include "models/projection/CardInput.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

// Three points in SqueezeSeg's front view: 10 m ahead, 20 m ahead and left, 5 m ahead and low.
PointList threePoints() {
    PointList p;
    p.xyzi = {10.0f, 0.0f, -1.0f, 0.5f, 20.0f, 5.0f, 0.0f, 0.25f, 5.0f, -1.0f, -1.5f, 0.75f};
    return p;
}

void writeAnswers(const fs::path& file, const std::vector<std::uint32_t>& values) {
    std::string bytes(values.size() * 4, '\0');
    std::memcpy(bytes.data(), values.data(), bytes.size());
    writeFileAtomic(file.string(), bytes);
}

}  // namespace

TEST(NpyFile, Float32ArraysReadBackAsWritten) {
    const auto dir = blindspot::testing::freshTempDir("npy-roundtrip");
    for (const NpyArray& a : {NpyArray{{2, 3, 4}, std::vector<float>(24, 0.0f)},
                              NpyArray{{5}, {1.5f, -2.0f, 0.0f, 3.25f, 1e-7f}}}) {
        NpyArray written = a;
        for (std::size_t i = 0; i < written.data.size(); ++i) written.data[i] += float(i) * 0.5f;
        const std::string bytes = encodeNpyFloat32(written);
        EXPECT_EQ(bytes.compare(0, 6, "\x93NUMPY"), 0);
        EXPECT_EQ((bytes.size() - written.data.size() * 4) % 64, 0u);  // numpy's header padding
        writeFileAtomic((dir / "a.npy").string(), bytes);
        const NpyArray read = readNpyFloat32((dir / "a.npy").string());
        EXPECT_EQ(read.shape, written.shape);
        EXPECT_EQ(read.data, written.data);
    }
}

TEST(ExternalBatch, RangeImagesAreTheCardsInputAndAnswersAreClassIndices) {
    ExternalPredictor p;
    p.spec_path = "cmd.json";
    p.range_image_card = squeezeSegCard(true);
    const ModelCard& card = *p.range_image_card;
    p.learning_map = card.learning_map;
    const RangeImage image = projectPoints(threePoints(), card.grid, card.input_channels);
    ASSERT_EQ(std::count(image.mask.begin(), image.mask.end(), 1), 3);
    const ExternalBatch batch(p, std::vector<const RangeImage*>{&image, &image});
    EXPECT_EQ(batch.frames(), (std::vector<std::string>{"000000", "000001"}));

    const NpyArray input = readNpyFloat32((batch.dir() / "range_image" / "000001.npy").string());
    EXPECT_EQ(input.shape, (std::vector<std::size_t>{5, 64, 512}));
    EXPECT_EQ(input.data, cardInput(image, card));  // bit for bit what the network is fed

    std::vector<std::uint32_t> answers(card.grid.cellCount(), 0);
    answers[7] = 3;
    writeAnswers(batch.dir() / "predictions" / "000000.label", answers);
    writeAnswers(batch.dir() / "predictions" / "000001.label", answers);
    const auto classes = batch.predictions({"a", "b"});
    ASSERT_EQ(classes.size(), 2u);
    EXPECT_EQ(classes[1][7], 3);
    EXPECT_EQ(classes[1][8], 0);

    answers[9] = 4;  // the card has classes 0..3
    writeAnswers(batch.dir() / "predictions" / "000001.label", answers);
    try {
        batch.predictions({"a", "b"});
        FAIL() << "class index 4 accepted";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("cmd.json: scene b: predictions/000001.label holds "
                                             "class index 4; the model card has 4 classes"),
                  std::string::npos)
            << e.what();
    }
    answers.pop_back();
    writeAnswers(batch.dir() / "predictions" / "000001.label", answers);
    EXPECT_THROW(batch.predictions({"a", "b"}), FileError);  // 32,767 labels for 32,768 cells
}

TEST(CardInput, EmptyCellsHaveNoClass) {
    const ModelCard card = squeezeSegCard(true);
    const RangeImage image = projectPoints(threePoints(), card.grid, card.input_channels);
    const std::vector<int> classes =
        maskEmptyCells(image, std::vector<int>(card.grid.cellCount(), 2));
    EXPECT_EQ(std::count(classes.begin(), classes.end(), 2), 3);
    EXPECT_EQ(valuesForSources(image, classes), (std::vector<int>{2, 2, 2}));
    ASSERT_TRUE(gridAzimuthSpan(card.grid).has_value());  // a front view sees its 90 deg
    EXPECT_NEAR(gridAzimuthSpan(card.grid)->left_deg - gridAzimuthSpan(card.grid)->right_deg, 90.0,
                1e-9);
}
