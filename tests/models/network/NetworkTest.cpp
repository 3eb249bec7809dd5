#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "models/network/Network.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

std::vector<float> readFloats(const fs::path& path) {
    const std::string bytes = readFileBytes(path.string());
    std::vector<float> out(bytes.size() / sizeof(float));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(float));
    return out;
}

std::vector<float> pattern(std::size_t n, float scale) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = scale * std::sin(0.37f * float(i));
    return v;
}

}  // namespace

TEST(SqueezeSeg, ParameterCountMatchesTheReference) {
    EXPECT_EQ(SegmentationNetwork::create(squeezeSegCard(true), 1)->parameterCount(), 906308u);
    ModelCard crf = squeezeSegCard(true);
    crf.crf = true;  // two 4 x 4 compatibility transforms
    EXPECT_EQ(SegmentationNetwork::create(crf, 1)->parameterCount(), 906308u + 32u);
    EXPECT_EQ(SegmentationNetwork::create(squeezeSegCard(false), 1)->parameterCount(),
              906308u - 9u * 64u - 64u);  // conv1 and conv1_skip lose one input channel
    // SqueezeSegV2's batch norms: a scale and a shift per output channel of every convolution
    // but conv14: conv1 and its skip 2 x 64, the fires' squeeze + expand1x1 + expand3x3 (fire2-3:
    // 144, fire4-5: 288, fire6-7: 432, fire8-9: 576) and the deconvolution fires' squeeze, deconv
    // and expands (384, 192, 96, 96): 3,776 channels. The running statistics are buffers.
    ModelCard bn = squeezeSegCard(true);
    bn.batch_norm = true;
    EXPECT_EQ(SegmentationNetwork::create(bn, 1)->parameterCount(), 906308u + 2u * 3776u);
}

TEST(SqueezeSeg, OutputKeepsTheHeightAndTheWidth) {
    // 7 rows: any downsampling of the height would break the shape; 64 columns go down to 4.
    ModelCard card = squeezeSegCard(true);
    card.grid.rows = 7;
    card.grid.cols = 64;
    const auto net = SegmentationNetwork::create(card, 3);
    const std::size_t cells = 7 * 64;
    const auto logits =
        net->logits(pattern(2 * 5 * cells, 1.0f), std::vector<float>(2 * cells, 1.f), 2);
    EXPECT_EQ(logits.size(), 2u * 4u * cells);
    card.crf = true;
    const auto with_crf = SegmentationNetwork::create(card, 3);
    EXPECT_EQ(with_crf->logits(pattern(5 * cells, 1.0f), std::vector<float>(cells, 1.f), 1).size(),
              4u * cells);
}

TEST(SqueezeSeg, SaveLoadRoundTripGivesIdenticalOutputs) {
    const auto dir = blindspot::testing::freshTempDir("ckpt-roundtrip");
    const auto net = SegmentationNetwork::create(squeezeSegCard(true), 5);
    net->save((dir / "ckpt").string());
    const auto loaded = SegmentationNetwork::load((dir / "ckpt").string());
    const std::size_t cells = 64 * 512;
    const auto input = pattern(5 * cells, 2.0f);
    const std::vector<float> mask(cells, 1.0f);
    EXPECT_EQ(net->logits(input, mask, 1), loaded->logits(input, mask, 1));
    EXPECT_EQ(loaded->card().classCount(), 4);
    EXPECT_EQ(loaded->hash().size(), 16u);
}

TEST(SqueezeSeg, Bf16AgreesWithFp32AndChangesTheHash) {
    if (!cpuHasBf16()) GTEST_SKIP() << "this CPU reports no bf16 (avx512_bf16, amx_bf16)";
    const auto dir = blindspot::testing::freshTempDir("ckpt-bf16");
    SegmentationNetwork::create(squeezeSegCard(true), 5)->save((dir / "ckpt").string());
    const auto net = SegmentationNetwork::load((dir / "ckpt").string());
    const std::size_t cells = 64 * 512;
    const auto input = pattern(2 * 5 * cells, 2.0f);
    const std::vector<float> mask(2 * cells, 1.0f);
    const std::string fp32_hash = net->hash();
    const auto fp32 = net->logits(input, mask, 2);
    net->setPrecision(Precision::kBf16);
    EXPECT_EQ(net->hash(), fp32_hash + "+bf16");
    const auto bf16 = net->logits(input, mask, 2);
    ASSERT_EQ(bf16.size(), fp32.size());  // the transposed convolutions keep their width
    // bf16 keeps 8 bits of mantissa: each logit within a few per cent of the logits' spread.
    double spread = 0.0, worst = 0.0;
    for (float v : fp32) spread = std::max(spread, double(std::fabs(v)));
    for (std::size_t i = 0; i < fp32.size(); ++i)
        worst = std::max(worst, double(std::fabs(fp32[i] - bf16[i])));
    EXPECT_GT(spread, 0.0);
    EXPECT_LT(worst, 0.05 * spread);
    EXPECT_NE(fp32, bf16);  // it did run in bf16
    net->setPrecision(Precision::kFp32);
    EXPECT_EQ(net->logits(input, mask, 2), fp32);  // and FP32 is back, bit for bit
}

TEST(SqueezeSeg, LossEqualsTheHandComputedValue) {
    // 2 classes, weights [0.5, 2], a 2 x 2 image with one masked cell:
    //   cell 0: logits (0, ln 3), label 1 -> CE = ln(4/3), weight 2
    //   cell 1: logits (0, 0),    label 0 -> CE = ln 2,    weight 0.5
    //   cell 2: masked out
    //   cell 3: logits (ln 3, 0), label 0 -> CE = ln(4/3), weight 0.5
    // loss = 15 * (2 ln(4/3) + 0.5 ln 2 + 0.5 ln(4/3)) / 3
    const float l3 = std::log(3.0f);
    const std::vector<float> logits = {0, 0, 5, l3, l3, 0, -5, 0};  // class-major: K x H x W
    const double expected = 15.0 * (2.5 * std::log(4.0 / 3.0) + 0.5 * std::log(2.0)) / 3.0;
    EXPECT_NEAR(maskedCrossEntropy(logits, {1, 0, 1, 0}, {1, 1, 0, 1}, {0.5f, 2.0f}, 1, 2, 2, 2),
                expected, 1e-6);
}

TEST(TorchScript, FixtureLoadsAndMatchesPython) {
    const fs::path fixture = BLINDSPOT_TS_FIXTURE;
    const auto net = SegmentationNetwork::load(fixture.string());
    EXPECT_EQ(net->card().architecture, "torchscript");
    EXPECT_EQ(net->parameterCount(), 906308u);
    const auto input = readFloats(fixture / "input.bin");
    const auto expected = readFloats(fixture / "expected.bin");
    const auto got = net->logits(input, std::vector<float>(2 * 64 * 512, 1.0f), 2);
    ASSERT_EQ(got.size(), expected.size());
    double worst = 0;
    for (std::size_t i = 0; i < got.size(); ++i)
        worst = std::max(worst, double(std::fabs(got[i] - expected[i])));
    EXPECT_LT(worst, 1e-5);
}

TEST(Checkpoint, CorruptOrMismatchedCheckpointsRaiseClearErrors) {
    const auto dir = blindspot::testing::freshTempDir("ckpt-corrupt");
    // No card at all.
    EXPECT_THROW(SegmentationNetwork::load((dir / "none").string()), FileError);
    // A valid card, garbage weights.
    const auto good = SegmentationNetwork::create(squeezeSegCard(true), 1);
    good->save((dir / "garbage").string());
    writeFileAtomic((dir / "garbage" / "weights.pt").string(), "not a zip archive");
    try {
        SegmentationNetwork::load((dir / "garbage").string());
        FAIL() << "garbage weights loaded";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("weights.pt"), std::string::npos) << e.what();
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
    // 5-channel weights under a 4-channel card: the shapes disagree.
    good->save((dir / "mismatch").string());
    saveModelCard(squeezeSegCard(false), (dir / "mismatch").string());
    EXPECT_THROW(SegmentationNetwork::load((dir / "mismatch").string()), FileError);
    // A truncated archive.
    good->save((dir / "truncated").string());
    const std::string bytes = readFileBytes((dir / "truncated" / "weights.pt").string());
    writeFileAtomic((dir / "truncated" / "weights.pt").string(), bytes.substr(0, bytes.size() / 2));
    EXPECT_THROW(SegmentationNetwork::load((dir / "truncated").string()), FileError);
    // A TorchScript card pointing at garbage, and a card with an unknown key.
    fs::create_directories(dir / "ts");
    fs::copy_file(fs::path(BLINDSPOT_TS_FIXTURE) / "model_card.json",
                  dir / "ts" / "model_card.json");
    writeFileAtomic((dir / "ts" / "model.ts").string(), "garbage");
    EXPECT_THROW(SegmentationNetwork::load((dir / "ts").string()), FileError);
    nlohmann::json card = modelCardToJson(squeezeSegCard(true));
    card["colour"] = "red";
    fs::create_directories(dir / "badcard");
    writeFileAtomic((dir / "badcard" / "model_card.json").string(), card.dump());
    EXPECT_THROW(SegmentationNetwork::load((dir / "badcard").string()), ConfigError);
}

TEST(TorchScript, AnOutputNarrowerThanItsInputIsAClearError) {
    // A module that halves the width, written by Debian's python3-torch: the load-time probe
    // (batch 2) names the shape and the rule it breaks.
    const auto dir = blindspot::testing::freshTempDir("ts-narrow");
    const fs::path card_dir = fs::path(BLINDSPOT_TS_FIXTURE);
    fs::copy_file(card_dir / "model_card.json", dir / "model_card.json");
    const std::string script =
        "import torch\n"
        "class Narrow(torch.nn.Module):\n"
        "    def forward(self, x):\n"
        "        return x[:, :4, :, ::2]\n"
        "torch.jit.script(Narrow()).save('" +
        (dir / "model.ts").string() + "')\n";
    std::ofstream(dir / "narrow.py") << script;
    ASSERT_EQ(std::system(("/usr/bin/python3 " + (dir / "narrow.py").string()).c_str()), 0);
    try {
        SegmentationNetwork::load(dir.string());
        FAIL() << "a module whose output is half as wide loaded";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("model.ts: TorchScript output has shape [2, 4, 64, "
                                             "256] for a [2, 5, 64, 512] input, the model card "
                                             "implies [2, 4, 64, 512] (the output width must "
                                             "equal the input width, 512 columns)"),
                  std::string::npos)
            << e.what();
    }
}
