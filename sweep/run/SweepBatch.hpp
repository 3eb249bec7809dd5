#pragma once
// One worker's share of a sweep: a batch of samples -> scans (from the scan cache or cast) -> one
// batched forward pass -> per-class counts, with predictions, cached scans and (optionally)
// camera images written through the RunDirectory. Not thread-safe: one per worker.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/segmentation/Segmenter.hpp"
#include "drive/DriveSample.hpp"
#include "sweep/run/ScenarioScanner.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "sweep/store/ResultsStore.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot {

struct BatchOptions {
    bool cache_scans = true;  ///< reuse and keep scans by scene id
    bool images = false;      ///< camera outputs per scene
    int cast_threads = 0;     ///< 0: all cores (one worker); 1 when workers run in parallel
    bool full_scans = false;  ///< cast every column, not only what the network and cars need
};

/// A batch's scans, ready for the forward pass (SweepBatch::prepare), with the time the
/// preparing stages took.
struct PreparedBatch {
    std::vector<const Sample*> samples;
    std::vector<SceneRow> rows;
    /// Per sample: its scan, or a drive sample's frames (never cached: a sequence per scene).
    std::vector<std::vector<ScanGrid>> scans;
    std::map<std::string, double> stage_seconds;
    std::size_t cache_hits = 0;
    double seconds = 0.0;
};

class SweepBatch {
  public:
    SweepBatch(const SweepConfig& config, std::vector<CarModelSpec> models, const RunDirectory& run,
               std::unique_ptr<Segmenter> segmenter, BatchOptions options);

    /// The scenes of `samples`, scored when there is a segmenter, in order: finish(prepare()).
    std::vector<SceneRow> run(const std::vector<const Sample*>& samples);

    /// Scenes, scans (from the cache or cast; new ones are cached), camera outputs. May run on
    /// another thread than finish(), one batch ahead of it (SceneWorkers' pipeline).
    PreparedBatch prepare(const std::vector<const Sample*>& samples);
    /// The forward pass, the scores and the predictions' files.
    std::vector<SceneRow> finish(PreparedBatch batch);

    std::size_t cache_hits = 0;
    /// Seconds per stage: cache, scene, scan, visibility, cache write, camera, segment,
    /// predictions.
    std::map<std::string, double> stage_seconds;

  private:
    ScannedScene castAndMeasure(const Sample& sample, SceneRow& row,
                                const std::function<void(const char*)>& lap);
    /// A cached scan this run can use: every column it needs was cast.
    bool usable(const CachedScan& cached) const;
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
    std::optional<AzimuthSpan> seen_;  ///< the network's azimuths, when it culls columns
};

}  // namespace blindspot
