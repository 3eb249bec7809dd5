#include "models/runtime/TorchRuntime.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#include "core/base/DataDir.hpp"
#include "core/base/Error.hpp"
#include "models/network/ConvPeak.hpp"

// Resolves to the table when this binary links the LibTorch half itself, to null otherwise.
extern "C" const blindspot::TorchRuntime* blindspot_torch_runtime() __attribute__((weak));

namespace blindspot {

namespace fs = std::filesystem;

namespace {

const TorchRuntime& checked(const TorchRuntime* runtime, const std::string& path) {
    if (!runtime || runtime->size != sizeof(TorchRuntime) || runtime->abi != kTorchRuntimeAbi)
        throw FileError(path, "built from another version of blindspot (rebuild or reinstall)");
    return *runtime;
}

const TorchRuntime& openTorchRuntime() {
    if (blindspot_torch_runtime) return checked(blindspot_torch_runtime(), "(linked)");
    const std::string path = torchLibraryPath(executablePath());
    // Never closed: networks, their vtables and thrown exceptions live in its code.
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
        throw FileError(path, std::string("cannot load blindspot's LibTorch half: ") + dlerror());
    using Entry = const TorchRuntime* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(library, "blindspot_torch_runtime"));
    if (!entry) throw FileError(path, "not blindspot's LibTorch half (no blindspot_torch_runtime)");
    return checked(entry(), path);
}

}  // namespace

std::string torchLibraryPath(const std::string& executable_path) {
    return (fs::path(executable_path).parent_path().parent_path() / "lib" / "blindspot" /
            "libblindspot_torch.so")
        .string();
}

const TorchRuntime& torchRuntime() {
    // The one process-wide value in models/: what the dynamic loader holds is process-wide too.
    // A static's initialisation is thread-safe, and one that throws is tried again next call.
    static const TorchRuntime& runtime = openTorchRuntime();
    return runtime;
}

std::unique_ptr<SegmentationNetwork> SegmentationNetwork::load(const std::string& checkpoint_dir) {
    return torchRuntime().load_network(checkpoint_dir);
}

std::unique_ptr<SegmentationNetwork> SegmentationNetwork::create(const ModelCard& card,
                                                                 std::uint64_t seed) {
    return torchRuntime().create_network(card, seed);
}

void preferSleepingTorchThreads() { ::setenv("OMP_WAIT_POLICY", "PASSIVE", 0); }

void setTorchThreads(int threads) { torchRuntime().set_threads(threads); }

double maskedCrossEntropy(const std::vector<float>& logits, const std::vector<int>& labels,
                          const std::vector<float>& mask, const std::vector<float>& weights,
                          int batch, int classes, int rows, int cols) {
    return torchRuntime().masked_cross_entropy(logits, labels, mask, weights, batch, classes, rows,
                                               cols);
}

TrainReport trainNetwork(const TrainOptions& options, std::ostream& log) {
    return torchRuntime().train_network(options, log);
}

double convolutionPeakGflops(int repeats) {
    return torchRuntime().convolution_peak_gflops(repeats);
}

}  // namespace blindspot
