// bench infer: LibTorch SqueezeSeg ms/frame at batch 1, 4 and 8, and the ratio against the same
// weights in PyTorch eager (bench/infer_eager.py under Debian's /usr/bin/python3). Then the
// external-command path (--model external:CMD.json): the shipped point-wise example on real
// squeezeseg-front scans of the bench scene, ms per batch of 1 and 8, so the per-batch cost of
// writing the sequence, starting the command and reading predictions back shows. With
// --precision bf16: bf16 against FP32 instead of PyTorch eager.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "bench/BenchScenes.hpp"
#include "bench/Benches.hpp"
#include "bench/Median.hpp"
#include "core/base/HeapBuffers.hpp"
#include "core/geometry/Pose.hpp"
#include "core/raycast/RayCaster.hpp"
#include "models/external/ExternalPredictor.hpp"
#include "models/external/ExternalSegmenter.hpp"
#include "models/network/ConvPeak.hpp"
#include "models/network/Network.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot::bench {

namespace {

double medianMs(const std::function<void()>& work, int repeats) {
    work();  // warm-up
    std::vector<double> ms;
    for (int r = 0; r < repeats; ++r) {
        const auto t = std::chrono::steady_clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t)
                         .count());
    }
    std::nth_element(ms.begin(), ms.begin() + long(ms.size() / 2), ms.end());
    return ms[ms.size() / 2];
}


// Forward passes of `batch` scans of synthetic input, ms per frame each (after a warm-up).
std::vector<double> msPerFrame(const SegmentationNetwork& net, int batch, int repeats) {
    const ModelCard& card = net.card();
    const std::size_t cells = card.grid.cellCount();
    std::vector<float> input(std::size_t(batch) * std::size_t(card.channelCount()) * cells);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = float((i * 7919) % 1000) / 500.0f - 1;
    const std::vector<float> mask(std::size_t(batch) * cells, 1.0f);
    net.logits(input, mask, batch);
    std::vector<double> ms;
    for (int r = 0; r < repeats; ++r) {
        const auto t = std::chrono::steady_clock::now();
        net.logits(input, mask, batch);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t)
                         .count() /
                     batch);
    }
    return ms;
}

nlohmann::json pythonEager(const std::string& checkpoint, int threads, int repeats,
                           const std::vector<int>& batches) {
    std::string command = "/usr/bin/python3 " + std::string(BLINDSPOT_SOURCE_DIR) +
                          "/bench/infer_eager.py " + checkpoint + " " + std::to_string(threads) +
                          " " + std::to_string(repeats);
    for (int b : batches) command += " " + std::to_string(b);
    std::string text;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[4096];
        while (std::fgets(buffer, sizeof buffer, pipe)) text += buffer;
        pclose(pipe);
    }
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception&) {
        return nullptr;
    }
}

// A CMD.json for bench/null_worker.py (no compute) in the temporary directory.
std::string nullWorkerSpec(const std::string& protocol) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("blindspot-bench-null-" + protocol + ".json"))
                                 .string();
    const nlohmann::json spec = {
        {"command", {"/usr/bin/python3", std::string(BLINDSPOT_SOURCE_DIR) + "/bench/null_worker.py"}},
        {"protocol", protocol},
        {"learning_map", "semantickitti"}};
    std::ofstream(path) << spec.dump();
    return path;
}

double firstCallMs(Segmenter& segmenter, const std::vector<const ScanGrid*>& scans) {
    const auto t = std::chrono::steady_clock::now();
    segmenter.predictBatch(scans);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

void timeSegmenter(const std::string& name, Segmenter& segmenter, const ScanGrid& scan,
                   int repeats) {
    const std::vector<const ScanGrid*> one{&scan}, eight(8, &scan);
    const double first = firstCallMs(segmenter, one);
    const double ms1 = medianMs([&] { segmenter.predictBatch(one); }, repeats);
    const double ms8 = medianMs([&] { segmenter.predictBatch(eight); }, repeats);
    std::printf("%-40s %10.1f %12.1f %12.1f %12.2f\n", name.c_str(), first, ms1, ms8, ms8 / 8);
}

// The external protocols: the shipped point-wise example per batch (a process per batch) and
// persistent in NumPy and in eager PyTorch (one process, a JSON line per batch), and a network
// that computes nothing through both, whose time per batch is the protocol's own overhead. Then
// the bundled baseline in process against the same weights served from PyTorch eager as a
// range-image worker (squeezeseg_eager.json), on hdl64e-kitti scans.
void externalBench(const InferBenchOptions& o) {
    const int repeats = o.repeats;
    std::size_t triangles = 0;
    const RayScene scene = makeRaycastBenchScene(&triangles);
    Pose sensor;
    sensor.translation_m = {0.0, 0.0, 1.73};
    const ScanGrid scan =
        castScan(scene, lidarPreset("squeezeseg-front"), sensor.parentFromLocal());
    std::cout << "external commands, " << scan.validCount() << " points per scan, median of "
              << repeats << "\n";
    std::printf("%-40s %10s %12s %12s %12s\n", "CMD.json", "first ms", "batch 1 ms", "batch 8 ms",
                "8: ms/frame");
    const std::string examples = std::string(BLINDSPOT_SOURCE_DIR) + "/models/external/";
    const std::vector<std::pair<std::string, std::string>> specs = {
        {"no compute, per batch", nullWorkerSpec("per-batch")},
        {"no compute, persistent", nullWorkerSpec("persistent")},
        {"pointwise.json (NumPy, per batch)", examples + "pointwise.json"},
        {"pointwise_persistent.json (NumPy)", examples + "pointwise_persistent.json"},
        {"pointwise_torch.json (eager PyTorch)", examples + "pointwise_torch.json"}};
    for (const auto& [name, spec] : specs)
        timeSegmenter(name, *makeExternalSegmenter(loadExternalPredictor(spec)), scan, repeats);
    const ScanGrid kitti = castScan(scene, lidarPreset("hdl64e-kitti"), sensor.parentFromLocal());
    std::cout << "the bundled baseline, " << kitti.validCount() << " points per hdl64e-kitti scan, "
              << o.threads << " threads\n";
    setTorchThreads(o.threads);
    timeSegmenter("in process (LibTorch)",
                  *makeNetworkSegmenter(SegmentationNetwork::load(o.checkpoint)), kitti, repeats);
    timeSegmenter("squeezeseg_eager.json (PyTorch eager)",
                  *makeExternalSegmenter(loadExternalPredictor(examples + "squeezeseg_eager.json")),
                  kitti, repeats);
}

// bf16 against FP32 on the same weights, alternating rounds of kPerRound passes per batch size,
// and the share of cells whose arg-max class differs on the scans of the bench scene.
int precisionBench(SegmentationNetwork& net, const InferBenchOptions& o, int rounds,
                   int per_round) {
    requirePrecisionSupported(precisionFromName(o.precision, "--precision"), "--precision");
    const std::vector<int> batches = {1, 4, 8};
    std::map<int, std::vector<double>> fp32, bf16;
    for (int r = 0; r < rounds; ++r)
        for (int batch : batches) {
            net.setPrecision(Precision::kFp32);
            const auto a = msPerFrame(net, batch, per_round);
            net.setPrecision(Precision::kBf16);
            const auto b = msPerFrame(net, batch, per_round);
            fp32[batch].insert(fp32[batch].end(), a.begin(), a.end());
            bf16[batch].insert(bf16[batch].end(), b.begin(), b.end());
        }
    std::printf("%-6s %14s %14s %8s\n", "batch", "fp32 ms/fr", "bf16 ms/fr", "ratio");
    for (int batch : batches)
        std::printf("%-6d %14.1f %14.1f %8.2f\n", batch, median(fp32[batch]), median(bf16[batch]),
                    median(bf16[batch]) / median(fp32[batch]));
    std::size_t triangles = 0;
    const RayScene scene = makeRaycastBenchScene(&triangles);
    Pose sensor;
    sensor.translation_m = {0.0, 0.0, 1.73};
    const ScanGrid scan = castScan(scene, lidarPreset("hdl64e-kitti"), sensor.parentFromLocal());
    const RangeImage image = projectScan(scan, net.card().grid, net.card().input_channels);
    net.setPrecision(Precision::kFp32);
    const auto a = net.classify({&image})[0];
    net.setPrecision(Precision::kBf16);
    const auto b = net.classify({&image})[0];
    std::size_t cells = 0, differ = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] >= 0) {
            ++cells;
            differ += a[i] != b[i];
        }
    std::printf("bench scene: %zu of %zu cells (%.3f %%) change class under bf16\n", differ, cells,
                100.0 * double(differ) / double(std::max<std::size_t>(cells, 1)));
    return 0;
}

}  // namespace

// LibTorch and PyTorch eager in alternating rounds of kPerRound passes each, so both see the same
// machine load; medians over all passes.
int runInferBench(const InferBenchOptions& o) {
    keepLargeBuffersOnHeap();
    if (o.external_only) {
        externalBench(o);
        return 0;
    }
    constexpr int kPerRound = 3;
    const std::vector<int> batches = {1, 4, 8};
    setTorchThreads(o.threads);
    const auto net = SegmentationNetwork::load(o.checkpoint);
    const int rounds = (std::max(1, o.repeats) + kPerRound - 1) / kPerRound;
    std::cout << "SqueezeSeg " << net->parameterCount() << " parameters, " << net->card().grid.rows
              << " x " << net->card().grid.cols << ", " << o.threads << " threads, " << rounds
              << " interleaved rounds of " << kPerRound << " passes each (median of "
              << rounds * kPerRound << ")\n";
    if (o.precision != "fp32") return precisionBench(*net, o, rounds, kPerRound);
    std::map<int, std::vector<double>> ours, theirs;
    double gflop = 0;
    bool eager_ok = true;
    for (int r = 0; r < rounds; ++r) {
        for (int batch : batches) {
            const auto ms = msPerFrame(*net, batch, kPerRound);
            ours[batch].insert(ours[batch].end(), ms.begin(), ms.end());
        }
        const nlohmann::json eager = pythonEager(o.checkpoint, o.threads, kPerRound, batches);
        if (eager.is_null()) {
            eager_ok = false;
            continue;
        }
        gflop = eager["gflop_per_frame"].get<double>();
        for (int batch : batches) {
            const auto ms = eager["ms_per_frame"][std::to_string(batch)].get<std::vector<double>>();
            theirs[batch].insert(theirs[batch].end(), ms.begin(), ms.end());
        }
    }
    if (!eager_ok) std::cout << "(PyTorch eager unavailable: no /usr/bin/python3 torch)\n";
    const double peak = convolutionPeakGflops(5);
    std::printf("%-6s %14s %16s %8s %12s %10s\n", "batch", "libtorch ms/fr", "pytorch ms/fr",
                "ratio", "GFLOP/s", "roofline");
    for (int batch : batches) {
        const double mine = median(ours[batch]);
        const double rate = gflop / (mine / 1000.0);
        if (!eager_ok) {
            std::printf("%-6d %14.1f %16s %8s\n", batch, mine, "-", "-");
            continue;
        }
        const double eager = median(theirs[batch]);
        std::printf("%-6d %14.1f %16.1f %8.2f %12.1f %9.0f%%\n", batch, mine, eager, mine / eager,
                    rate, 100.0 * rate / peak);
    }
    if (eager_ok)
        std::printf(
            "%.2f GFLOP per frame (convolutions); roofline: a 256-channel 3 x 3 "
            "convolution reaches %.1f GFLOP/s on %d threads here\n",
            gflop, peak, o.threads);
    externalBench(o);
    return 0;
}

}  // namespace blindspot::bench
