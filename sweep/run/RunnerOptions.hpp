#pragma once
// What a sweep run is asked to do (RunnerOptions) and what it reports back (RunSummary): shared by
// the runner (sweep/run/SweepRunner.hpp), its scene workers and the adaptive loop, which the
// runner drives, so that none of them includes the runner.
#include <cstddef>
#include <map>
#include <string>

#include "core/segmentation/Segmenter.hpp"
#include "sweep/run/Shard.hpp"

namespace blindspot {

struct RunnerOptions {
    std::string run_dir;
    int jobs = 1;  ///< parallel workers, each with its own chunks
    /// One worker in two stages: the next chunk's scenes are cast while this chunk is in the
    /// forward pass (with jobs = 1; the sweep command's default when scoring).
    bool pipeline = false;
    int cast_threads = 0;     ///< ray-casting threads of a lone worker; 0: all cores
    bool full_scans = false;  ///< cast every column, not only those the network and cars need
    Shard shard;
    /// Adaptive sweeps in shards: the shards' run directories, "{i}" standing for the index
    /// (sweep/run/AdaptiveRun.hpp); each shard reads the others' scores from there.
    std::string shard_peers;
    bool cache_scans = true;  ///< keep each scan (and reuse a cached one) by scene id
    /// Default RUN_DIR/scans; share one between runs so a second checkpoint skips ray-casting.
    std::string scan_cache_dir;
    SegmenterFactory segmenter;  ///< empty: --scans-only
    /// Scenes per forward pass: fixed chunks of the to-do list, so results do not depend on jobs.
    int batch = 8;
    std::string tool_version = "0";
    std::size_t stop_after = 0;  ///< > 0: stop after this many new scenes (tests, partial runs)
    bool progress = true;        ///< progress on stderr
    /// Also render the co-located camera per scene into RUN_DIR/images/SCENE_ID/ (camera.png,
    /// camera_label.png, camera_instance.png, overlay.png, calibration.*). Off by default: about
    /// 1.5 MB and a few hundred ms per scene.
    bool images = false;
};

struct RunSummary {
    std::size_t planned = 0;     ///< samples in this shard
    std::size_t skipped = 0;     ///< already in the store
    std::size_t done = 0;        ///< newly finished
    std::size_t cache_hits = 0;  ///< scenes whose scan came from the scan cache
    double seconds = 0.0;
    /// Worker time per stage (s), summed over workers: cache (reads), scene, scan, visibility,
    /// cache write, camera, segment, predictions (scores and files), store.
    std::map<std::string, double> stage_seconds;
};

}  // namespace blindspot
