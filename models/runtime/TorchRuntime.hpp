#pragma once
// The LibTorch half of models/ as one table of entry points. LibTorch's shared libraries take
// about 0.75 s of CPU to load and statically initialise (280 libraries, 130,000 symbol relocations,
// its operator registry), which every process linked to them paid at start, also for the commands
// that never run a network (scene, scan, generate, report, merge, export ...). So the translation
// units that include torch live in libblindspot_torch.so (lib/blindspot/ beside bin/), which the
// first network load, network creation or training brings into the process (dlopen). Binaries that
// link those translation units themselves (the model tests, the benches, the fuzz targets) use
// their own copy instead and never open the file.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "models/network/Network.hpp"
#include "models/training/Training.hpp"

namespace blindspot {

/// Bumped whenever a member changes, so that a stale library beside a new CLI is refused.
constexpr int kTorchRuntimeAbi = 1;

struct TorchRuntime {
    std::size_t size;  ///< sizeof(TorchRuntime) in the half that filled it
    int abi;           ///< kTorchRuntimeAbi there
    std::unique_ptr<SegmentationNetwork> (*load_network)(const std::string& checkpoint_dir);
    std::unique_ptr<SegmentationNetwork> (*create_network)(const ModelCard& card,
                                                           std::uint64_t seed);
    void (*set_threads)(int threads);
    double (*masked_cross_entropy)(const std::vector<float>& logits, const std::vector<int>& labels,
                                   const std::vector<float>& mask,
                                   const std::vector<float>& weights, int batch, int classes,
                                   int rows, int cols);
    TrainReport (*train_network)(const TrainOptions& options, std::ostream& log);
    double (*convolution_peak_gflops)(int repeats);
};

/// Where the CLI at `executable_path` finds the library: EXE/../lib/blindspot/, in the build
/// tree (build/bin, build/lib) and once installed (/usr/bin, /usr/lib) alike.
std::string torchLibraryPath(const std::string& executable_path);

/// The process's LibTorch half, loaded on the first call (thread-safe). A missing or stale
/// library raises FileError naming its path; the next call tries again.
const TorchRuntime& torchRuntime();

}  // namespace blindspot

/// The one symbol libblindspot_torch.so exports (models/runtime/TorchRuntimeEntry.cpp).
extern "C" const blindspot::TorchRuntime* blindspot_torch_runtime();
