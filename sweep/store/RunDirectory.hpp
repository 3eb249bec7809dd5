#pragma once
// A run directory's layout, and the only code that knows it (docs/results-store.md):
//
//   RUN/results.sqlite               the results store
//   RUN/scans/SCENE_ID/scan.zst      scan cache: the grid, bit for bit (core/scan/ScanPack.hpp)
//   RUN/scans/SCENE_ID/scan.json     its spec and spec hash, pose, sample, target-car rows and
//                                    scan.zst's checksum (written last)
//   RUN/predictions/SCENE_ID.pred    one byte per scan cell: the model's class index
//   RUN/predictions/classes.json     the model's classes and learning map
//   RUN/images/SCENE_ID/             camera outputs (sweep --images)
//
// The scan cache may live elsewhere (--scan-cache DIR, shared between runs); it is keyed by
// scene id, which covers the LiDAR spec, so two runs of one config share it and a run with
// another sensor does not.
#include <optional>
#include <string>
#include <vector>

#include "core/lidar/CastColumns.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "core/segmentation/Segmenter.hpp"
#include "sweep/store/ResultsStore.hpp"

namespace blindspot {

/// A prediction byte for "no prediction" (no return, or outside the network's range image).
constexpr int kNoPrediction = 255;

/// A scan read back from the cache, with the target-car rows measured when it was cast.
struct CachedScan {
    ScanGrid scan;
    std::vector<CarRow> cars;
    ColumnRange columns;  ///< the columns that were cast (a sweep casts what its network sees)
    std::string skipped;  ///< why a recorded background's target was not placed; empty if it was
};

class RunDirectory {
  public:
    /// `scan_cache_dir` empty: RUN/scans.
    explicit RunDirectory(std::string dir, std::string scan_cache_dir = "");

    const std::string& path() const { return dir_; }
    std::string storePath() const;
    bool hasStore() const;
    /// Opens the store: ReadWrite creates it, ReadOnly (every reader) throws FileError when there
    /// is none.
    ResultsStore openStore(const DimensionRegistry& registry, SqliteAccess access) const;
    /// Creates RUN (and RUN/predictions when `predictions`); throws FileError.
    void create(bool predictions) const;

    std::string scanDir(const std::string& scene_id) const;
    bool hasScan(const std::string& scene_id) const;
    /// The cached scan of a scene, or nothing when it was never (completely) written or is damaged
    /// (unreadable scan.json, scan.zst not matching its checksum): the scene is cast again. Throws
    /// FileError naming scan.json when it was cast with another LiDAR spec than
    /// `lidar_spec_hash` (lidarSpecHashIn): a cache that would serve another sensor's scan. An
    /// empty hash skips the check (a run's report reads back the scans the run wrote).
    std::optional<CachedScan> readScan(const std::string& scene_id,
                                       const std::string& lidar_spec_hash) const;
    /// scan.zst, then scan.json (with the spec hash): a scan counts as cached only once both are
    /// complete.
    void writeScan(const std::string& scene_id, const std::string& lidar_spec_hash,
                   const ScanGrid& scan, const ColumnRange& columns, const nlohmann::json& sample,
                   const std::vector<CarRow>& cars, const std::string& skipped = "") const;

    std::string predictionPath(const std::string& scene_id) const;
    std::string classesPath() const;
    bool hasPredictions() const;
    void writePredictions(const std::string& scene_id, const std::vector<int>& predicted) const;
    /// One scene's predictions (-1 = none). Throws FileError on a missing or wrong-sized file.
    std::vector<int> readPredictions(const std::string& scene_id, std::size_t cell_count) const;
    void writeClasses(const Segmenter& segmenter) const;
    LearningMap readClasses() const;

    std::string imagesDir(const std::string& scene_id) const;

    /// Merging: another run's cached scan of a scene (unless this run has it), and all of its
    /// predictions with classes.json (once per run; files present here are kept).
    void copyScanFrom(const RunDirectory& other, const std::string& scene_id) const;
    void copyPredictionsFrom(const RunDirectory& other) const;

  private:
    std::string dir_;
    std::string scan_cache_;
};

}  // namespace blindspot
