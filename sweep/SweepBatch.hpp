#pragma once
// One worker's share of a sweep: a batch of samples -> scans (from the scan cache or cast) -> one
// batched forward pass -> per-class counts, with predictions, cached scans and (optionally)
// camera images written through the RunDirectory. Not thread-safe: one per worker.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/Segmenter.hpp"
#include "drive/DriveSample.hpp"
#include "sweep/ResultsStore.hpp"
#include "sweep/RunDirectory.hpp"
#include "sweep/ScenarioScanner.hpp"
#include "sweep/SweepConfig.hpp"

namespace blindspot {

struct BatchOptions {
    bool cache_scans = true;  ///< reuse and keep scans by scene id
    bool images = false;      ///< camera outputs per scene
    int cast_threads = 0;     ///< 0: all cores (one worker); 1 when workers run in parallel
};

class SweepBatch {
  public:
    SweepBatch(const SweepConfig& config, std::vector<CarModelSpec> models, const RunDirectory& run,
               std::unique_ptr<Segmenter> segmenter, BatchOptions options);

    /// The scenes of `samples`, scored when there is a segmenter, in order.
    std::vector<SceneRow> run(const std::vector<const Sample*>& samples);

    std::size_t cache_hits = 0;
    /// Seconds per stage: cache, scene, scan, visibility, segment, write, camera.
    std::map<std::string, double> stage_seconds;

  private:
    ScanGrid castAndMeasure(const Sample& sample, SceneRow& row,
                            const std::function<void(const char*)>& lap);
    /// A drive sample's frames (Scenario::drive), cast in memory.
    std::vector<ScanGrid> castDrive(const Sample& sample, const std::string& scene_id);
    /// One row per class of the network over the scene's scans (one, or a drive sample's frames,
    /// pooled), then "target" (eval/TargetMetrics.hpp) when the scene placed targets.
    std::vector<ClassRow> score(const std::vector<ScanGrid>& scans,
                                const std::vector<std::vector<int>>& predicted,
                                const std::vector<CarRow>& targets) const;
    void writeImages(const Sample& sample, const std::string& scene_id, const ScanGrid& scan);

    const SweepConfig& config_;
    ScenarioScanner scanner_;
    DriveSampleScanner drive_scanner_;
    const RunDirectory& run_;
    std::unique_ptr<Segmenter> segmenter_;
    BatchOptions options_;
};

}  // namespace blindspot
