#include "models/network/TorchNetwork.hpp"

#include <ATen/Parallel.h>
#include <ATen/autocast_mode.h>
#include <torch/csrc/jit/frontend/error_report.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <new>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/process/IsolatedCall.hpp"
#include "models/network/CheckpointManifest.hpp"
#include "models/network/TorchArchive.hpp"
#include "models/projection/CardInput.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// LibTorch's loaders throw c10::Error, and on malformed archives also std::out_of_range and
// others from the unpickler (found by fuzz_weights): every one of them means a bad file.
std::string loaderMessage(const std::exception& e) {
    if (const auto* c10_error = dynamic_cast<const c10::Error*>(&e))
        return firstLine(c10_error->what_without_backtrace());
    // ErrorReport::what() formats the archive's source around the error and, on mangled code,
    // throws from inside a noexcept function: std::terminate (found by fuzz_weights). Its text
    // cannot be had safely, so the message says what it means.
    if (dynamic_cast<const torch::jit::ErrorReport*>(&e))
        return "the TorchScript code in the archive does not compile";
    // LibTorch's unpickler allocates whatever length a record declares (found by fuzz_weights:
    // 32 GB declared in a 4 kB file).
    if (dynamic_cast<const std::bad_alloc*>(&e))
        return "a record in the archive declares more bytes than memory holds (std::bad_alloc)";
    return firstLine(e.what());
}

std::string weightsPath(const ModelCard& card, const std::string& dir) {
    return (fs::path(dir) / card.weights).string();
}

// The card fields that change what the weights mean (not the training record).
std::string cardIdentity(const ModelCard& card) {
    nlohmann::json j = modelCardToJson(card);
    j.erase("training");
    return j.dump();
}

// One call that LibTorch may crash on, and how its failures read.
struct ProbeStep {
    std::string what;                  ///< the message when the call throws
    std::string doing = "reading it";  ///< what LibTorch was doing when it crashed or hung
    std::string verdict = "not a loadable archive";  ///< what a crash means for the file
    std::size_t extra_bytes = std::size_t(1) << 30;  ///< address space beyond what is mapped
};

// LibTorch's readers can crash on a corrupt file (a null dereference in the TorchScript type
// parser, found by fuzz_weights) or zero gigabytes for a corrupt length field, so each file is
// read in a child process first, with a bounded address space, and in this one only after the
// child read it cleanly. The timeout only stops a hang: a large model under ASan loads in seconds.
void probeInChild(const std::string& path, const ProbeStep& step,
                  const std::function<void()>& call) {
    using Kind = IsolatedOutcome::Kind;
    IsolationLimits limits;
    limits.extra_address_space_bytes = step.extra_bytes + 8 * fs::file_size(path);
    const IsolatedOutcome o = runIsolated(
        [&] {
            try {
                call();
            } catch (const std::exception& e) {
                throw std::runtime_error(loaderMessage(e));
            }
        },
        limits);
    if (o.kind == Kind::kThrew) throw FileError(path, step.what + " (" + o.message + ")");
    if (o.kind == Kind::kCrashed)
        throw FileError(
            path, "LibTorch crashed " + step.doing + " (" + o.describe() + "): " + step.verdict);
    if (o.kind == Kind::kTimedOut)
        throw FileError(path, "LibTorch did not finish " + step.doing + " in " +
                                  std::to_string(limits.timeout.count()) + " s");
}

void loadNative(NetworkState& impl, const std::string& path) {
    impl.native = makeSqueezeSeg(impl.card);
    std::map<std::string, std::vector<std::int64_t>> expected;
    for (const auto& p : impl.native->named_parameters())
        expected[p.key()] = p.value().sizes().vec();
    const std::string what = "not a LibTorch SqueezeSeg archive matching its model card";
    probeInChild(path, {what}, [&] { torch::load(impl.native, path); });
    try {
        torch::load(impl.native, path);
    } catch (const std::exception& e) {
        throw FileError(path, what + " (" + loaderMessage(e) + ")");
    }
    // torch::load does not check shapes; weights for other channels or classes must not pass.
    for (const auto& p : impl.native->named_parameters()) {
        const auto want = expected.at(p.key());
        if (p.value().sizes().vec() != want)
            throw FileError(path, "weights do not match the model card: \"" + p.key() +
                                      "\" has shape " + c10::str(p.value().sizes()) +
                                      ", the card implies " + c10::str(c10::IntArrayRef(want)));
    }
    impl.native->eval();
}

void loadScripted(NetworkState& impl, const std::string& path) {
    const std::string what = "not a TorchScript module";
    probeInChild(path, {what}, [&] { torch::jit::load(path); });
    try {
        impl.scripted = torch::jit::load(path);
    } catch (const std::exception& e) {
        throw FileError(path, what + " (" + loaderMessage(e) + ")");
    }
    impl.scripted.eval();
    // A dry run on zeros: the output must be B x K x H x W for the card's classes and grid. B = 2:
    // sweeps and evaluation run batches, and a module traced at batch 1 may have baked it in.
    const ModelCard& c = impl.card;
    constexpr std::int64_t kProbeBatch = 2;
    const torch::Tensor probe =
        torch::zeros({kProbeBatch, c.channelCount(), c.grid.rows, c.grid.cols});
    const std::string fails = "TorchScript module fails on a " + std::to_string(kProbeBatch) +
                              " x " + std::to_string(c.channelCount()) + " x " +
                              std::to_string(c.grid.rows) + " x " + std::to_string(c.grid.cols) +
                              " input";
    // A module that loads cleanly can still crash LibTorch when it runs (mangled code or
    // constants), so the dry run goes through a child first too. One intra-op thread there:
    // OpenMP's thread pool does not survive a fork. 4 GiB more address space: activations of a
    // large network at batch 2, while a corrupt size still fails at once.
    probeInChild(path, {fails, "running it on zeros", "not a usable module", std::size_t(4) << 30},
                 [&] {
                     at::set_num_threads(1);
                     torch::InferenceMode guard;
                     impl.scripted.forward({probe});
                 });
    torch::Tensor out;
    try {
        torch::InferenceMode guard;
        out = impl.scripted.forward({probe}).toTensor();
    } catch (const std::exception& e) {
        throw FileError(path, fails + " (" + loaderMessage(e) + ")");
    }
    const std::vector<std::int64_t> want = {kProbeBatch, c.classCount(), c.grid.rows, c.grid.cols};
    if (out.sizes().vec() == want) return;
    std::string why;
    if (out.dim() == 4 && out.size(3) != c.grid.cols)
        why = " (the output width must equal the input width, " + std::to_string(c.grid.cols) +
              " columns)";
    else if (out.dim() == 4 && out.size(0) != kProbeBatch)
        why = " (the batch size must pass through; was the module traced at batch 1?)";
    throw FileError(path, "TorchScript output has shape " + c10::str(out.sizes()) + " for a " +
                              c10::str(probe.sizes()) + " input, the model card implies " +
                              c10::str(c10::IntArrayRef(want)) + why);
}

}  // namespace

std::vector<int> xyzChannels(const ModelCard& card) {
    std::vector<int> out;
    for (InputChannel want : {InputChannel::kX, InputChannel::kY, InputChannel::kZ})
        for (int c = 0; c < card.channelCount(); ++c)
            if (card.input_channels[std::size_t(c)] == want) out.push_back(c);
    return out.size() == 3 ? out : std::vector<int>{};
}

SqueezeSeg makeSqueezeSeg(const ModelCard& card) {
    const auto xyz = xyzChannels(card);
    if (card.crf && xyz.empty())
        throw ConfigError(ErrorSource::value("/crf"),
                          "the CRF needs the x, y and z input channels");
    return SqueezeSeg(card.channelCount(), card.classCount(), card.crf, xyz, card.batch_norm);
}

std::pair<torch::Tensor, torch::Tensor> batchTensors(const ModelCard& card,
                                                     const std::vector<const RangeImage*>& images) {
    const auto b = std::int64_t(images.size());
    const RangeGrid& g = card.grid;
    torch::Tensor input = torch::empty({b, card.channelCount(), g.rows, g.cols});
    torch::Tensor mask = torch::empty({b, 1, g.rows, g.cols});
    for (std::int64_t i = 0; i < b; ++i) {
        const RangeImage& image = *images[std::size_t(i)];
        const std::vector<float> x = cardInput(image, card);
        std::copy(x.begin(), x.end(), input[i].data_ptr<float>());
        std::transform(image.mask.begin(), image.mask.end(), mask[i].data_ptr<float>(),
                       [](std::uint8_t m) { return float(m); });
    }
    return {input, mask};
}

namespace {
// CPU autocast to bfloat16 for one forward pass (thread-local state, restored on exit). Autocast
// keeps the ops it lists as FP32-only in FP32, among them the transposed convolutions, whose bf16
// CPU kernel in LibTorch 1.13 returns the wrong width for SqueezeSeg's (1, 2) stride.
class Bf16Autocast {
  public:
    Bf16Autocast()
        : was_enabled_(at::autocast::is_cpu_enabled()),
          was_dtype_(at::autocast::get_autocast_cpu_dtype()) {
        at::autocast::set_cpu_enabled(true);
        at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
        at::autocast::increment_nesting();
    }
    ~Bf16Autocast() {
        if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
        at::autocast::set_cpu_enabled(was_enabled_);
        at::autocast::set_autocast_cpu_dtype(was_dtype_);
    }
    Bf16Autocast(const Bf16Autocast&) = delete;
    Bf16Autocast& operator=(const Bf16Autocast&) = delete;

  private:
    bool was_enabled_;
    at::ScalarType was_dtype_;
};

torch::Tensor forwardFp32(const NetworkState& s, const torch::Tensor& input,
                          const torch::Tensor& mask) {
    if (s.native) {
        SqueezeSeg model = s.native;  // the holder is shared; forward() is not const
        return model->forward(input, mask);
    }
    return s.scripted.forward({input}).toTensor();
}
}  // namespace

torch::Tensor NetworkState::forward(const torch::Tensor& input, const torch::Tensor& mask) const {
    if (precision == Precision::kFp32) return forwardFp32(*this, input, mask);
    // Channels-last input lets oneDNN's bf16 convolutions skip a layout reorder per layer, and
    // the pass stays channels-last (SqueezeSeg.cpp's deconvolutions): 0.45 of FP32's time per
    // frame at batch 4 here, against 0.77 in NCHW (bench infer). A copy of the weights held in
    // bf16 and channels-last measured no better than autocast.
    const Bf16Autocast autocast;
    return forwardFp32(*this, input.contiguous(at::MemoryFormat::ChannelsLast), mask)
        .to(torch::kFloat)
        .contiguous();
}

namespace torch_half {

void setThreads(int threads) {
    if (threads > 0) torch::set_num_threads(threads);
}

namespace {

std::unique_ptr<TorchNetwork> loadFrom(const std::string& dir) {
    checkCheckpointManifest(dir);
    auto impl = std::make_unique<NetworkState>();
    impl->card = loadModelCard(dir);
    const std::string path = weightsPath(impl->card, dir);
    if (!fs::is_regular_file(path))
        throw FileError(path, "weights file named by model_card.json is missing");
    if (impl->card.architecture == "squeezeseg")
        loadNative(*impl, path);
    else
        loadScripted(*impl, path);
    impl->weights_hash = hex64(fnv1a64(readFileBytes(path), fnv1a64(cardIdentity(impl->card))));
    return std::make_unique<TorchNetwork>(std::move(impl));
}

}  // namespace

std::unique_ptr<TorchNetwork> loadNetwork(const std::string& dir) {
    try {
        return loadFrom(dir);
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::file((fs::path(dir) / "model_card.json").string()));
    }
}

std::unique_ptr<TorchNetwork> createNetwork(const ModelCard& card, std::uint64_t seed) {
    if (card.architecture != "squeezeseg")
        throw ConfigError(ErrorSource::value("/architecture"),
                          "only \"squeezeseg\" can be created");
    auto impl = std::make_unique<NetworkState>();
    impl->card = card;
    torch::manual_seed(seed);
    impl->native = makeSqueezeSeg(card);
    impl->native->eval();
    impl->weights_hash = "untrained-" + std::to_string(seed);
    return std::make_unique<TorchNetwork>(std::move(impl));
}

}  // namespace torch_half

std::string TorchNetwork::hash() const {
    return hashWithPrecision(state_->weights_hash, state_->precision);
}

std::size_t TorchNetwork::parameterCount() const {
    std::size_t n = 0;
    if (state_->native)
        for (const auto& p : state_->native->parameters()) n += std::size_t(p.numel());
    else
        for (const auto& p : state_->scripted.parameters()) n += std::size_t(p.numel());
    return n;
}

std::vector<float> TorchNetwork::logits(const std::vector<const RangeImage*>& images) const {
    torch::InferenceMode guard;
    const auto [input, mask] = batchTensors(state_->card, images);
    const torch::Tensor out = state_->forward(input, mask).contiguous();
    return std::vector<float>(out.data_ptr<float>(), out.data_ptr<float>() + out.numel());
}

std::vector<float> TorchNetwork::logits(const std::vector<float>& input,
                                        const std::vector<float>& mask, int batch) const {
    torch::InferenceMode guard;
    const ModelCard& c = state_->card;
    const auto in = torch::from_blob(const_cast<float*>(input.data()),
                                     {batch, c.channelCount(), c.grid.rows, c.grid.cols});
    const auto m =
        torch::from_blob(const_cast<float*>(mask.data()), {batch, 1, c.grid.rows, c.grid.cols});
    const torch::Tensor out = state_->forward(in, m).contiguous();
    return std::vector<float>(out.data_ptr<float>(), out.data_ptr<float>() + out.numel());
}

std::vector<std::vector<int>> TorchNetwork::classify(
    const std::vector<const RangeImage*>& images) const {
    torch::InferenceMode guard;
    const auto [input, mask] = batchTensors(state_->card, images);
    const torch::Tensor best =
        state_->forward(input, mask).argmax(1).to(torch::kInt32).contiguous();
    std::vector<std::vector<int>> out;
    const std::size_t plane = state_->card.grid.cellCount();
    for (std::size_t i = 0; i < images.size(); ++i) {
        const std::int32_t* p = best[std::int64_t(i)].data_ptr<std::int32_t>();
        out.push_back(maskEmptyCells(*images[i], std::vector<int>(p, p + plane)));
    }
    return out;
}

void TorchNetwork::save(const std::string& dir) const {
    if (!state_->native)
        throw ConfigError(ErrorSource::value("/architecture"),
                          "only \"squeezeseg\" weights are saved");
    makeDirectories(dir);
    // torch::save writes in place; through a temporary, a crash leaves the old weights.
    saveTorchArchive(state_->native, weightsPath(state_->card, dir));
    saveModelCard(state_->card, dir);
}

double torch_half::maskedCrossEntropy(const std::vector<float>& logits,
                                      const std::vector<int>& labels,
                                      const std::vector<float>& mask,
                                      const std::vector<float>& weights, int batch, int classes,
                                      int rows, int cols) {
    const auto l = torch::tensor(logits).view({batch, classes, rows, cols});
    const auto y = torch::tensor(std::vector<std::int64_t>(labels.begin(), labels.end()))
                       .view({batch, rows, cols});
    const auto m = torch::tensor(mask).view({batch, rows, cols});
    return maskedWeightedCrossEntropy(l, y, m, torch::tensor(weights)).item<double>();
}

}  // namespace blindspot
