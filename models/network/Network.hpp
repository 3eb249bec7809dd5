#pragma once
// A segmentation network loaded from a checkpoint directory (model_card.json + weights), ready
// for batched inference. Torch stays behind this interface: nothing here includes torch headers,
// and a process that never loads a network never loads LibTorch (models/runtime/TorchRuntime.hpp).
//
// Checkpoint directory: model_card.json (docs/models.md) and the weights file it names, either a
// native LibTorch archive of SqueezeSeg ("squeezeseg") or a TorchScript module ("torchscript")
// mapping B x C x H x W normalised input to B x K x H x W logits.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/Precision.hpp"
#include "core/segmentation/Segmenter.hpp"
#include "models/projection/ModelCard.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

/// Asks LibTorch's OpenMP threads to sleep, not spin, between parallel regions (OMP_WAIT_POLICY
/// PASSIVE), unless the environment already sets a policy. libgomp reads it once, when it loads,
/// so this counts only before the first network is loaded. A pipelined sweep wants it: with the
/// default policy the two LibTorch threads spin for the CPU that the ray-casting thread needs
/// between forward passes (libgomp's wait loop: 24 % of a pipelined bf16 sweep's CPU samples on
/// the idle 2-core machine, 61 % while a training run shared it; docs/scale.md).
void preferSleepingTorchThreads();

/// Sets the intra-op thread count of every network in the process (LibTorch's pool is global).
void setTorchThreads(int threads);

/// A loaded network. The implementation lives in the LibTorch half of models/
/// (models/runtime/TorchRuntime.hpp), which load() and create() bring into the process on first
/// use.
class SegmentationNetwork {
  public:
    /// Loads and checks a checkpoint: a corrupt weights file, weights whose shapes disagree with
    /// the card, or a TorchScript net whose output is not B x K x H x W raise FileError /
    /// ConfigError naming the file.
    static std::unique_ptr<SegmentationNetwork> load(const std::string& checkpoint_dir);
    /// A freshly initialised SqueezeSeg for `card` (seeded).
    static std::unique_ptr<SegmentationNetwork> create(const ModelCard& card, std::uint64_t seed);
    virtual ~SegmentationNetwork() = default;

    virtual const ModelCard& card() const = 0;
    /// FNV-1a 64 (hex) of the weights and the card's input/output definition, plus "+bf16" when
    /// inference runs in bf16 (core/base/Precision.hpp).
    virtual std::string hash() const = 0;
    /// Inference precision (FP32 unless set); set it before sharing the network with workers.
    virtual void setPrecision(Precision precision) = 0;
    virtual Precision precision() const = 0;
    virtual std::size_t parameterCount() const = 0;
    /// Logits (B x K x H x W, row-major) of B images, in inference mode.
    virtual std::vector<float> logits(const std::vector<const RangeImage*>& images) const = 0;
    /// Logits of raw normalised input (B x C x H x W) with its mask (B x H x W).
    virtual std::vector<float> logits(const std::vector<float>& input,
                                      const std::vector<float>& mask, int batch) const = 0;
    /// Arg-max class per image cell; -1 where the cell is empty.
    virtual std::vector<std::vector<int>> classify(
        const std::vector<const RangeImage*>& images) const = 0;
    /// Writes the native archive and the card into `checkpoint_dir` (squeezeseg only).
    virtual void save(const std::string& checkpoint_dir) const = 0;
};

/// Scores scans with a shared, loaded network. Throws ConfigError at the first scan whose LiDAR
/// does not cover the card's grid.
std::unique_ptr<Segmenter> makeNetworkSegmenter(std::shared_ptr<const SegmentationNetwork> net);

/// The reference loss on plain arrays (for tests and tools): logits B x K x H x W, labels and mask
/// B x H x W, weights K. See maskedWeightedCrossEntropy.
double maskedCrossEntropy(const std::vector<float>& logits, const std::vector<int>& labels,
                          const std::vector<float>& mask, const std::vector<float>& weights,
                          int batch, int classes, int rows, int cols);

}  // namespace blindspot
