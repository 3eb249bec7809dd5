#pragma once
// The history of nights (`blindspot history`): one SQLite file, one row per night with its run's
// summary: per-class pooled and scene-mean metrics, the map's cells, the config, checkpoint and
// world version, and the coverage. Nights form series keyed by (config hash, world version): a
// change of either starts a new series, so different sweeps or worlds never mix silently.
//
// Tables (docs/scale.md, "History"): night (one row per night), night_class (per night and
// class), night_cell (per night and map cell).
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "eval/MiouMap.hpp"
#include "eval/WindowGate.hpp"
#include "sweep/store/RunResults.hpp"

namespace blindspot {

struct SqliteDb;  // sweep/store/SqliteDb.hpp

struct NightClass {
    std::string name;
    std::optional<double> pooled_iou, pooled_precision, pooled_recall;
    std::optional<double> mean_iou, mean_precision, mean_recall;  ///< means over scenes
};

struct Night {
    std::int64_t id = 0;                ///< set by the history
    std::string label;                  ///< a date or a git SHA; unique within a series
    std::string run_dir, report_index;  ///< absolute; report_index may be empty
    std::string run_name, config_hash, world_version, checkpoint_hash, finished_at;
    nlohmann::json config;
    std::size_t scenes = 0;
    std::int64_t design_size = 0;   ///< 0: the run records no shards
    MiouMap map;                    ///< the report's map (cells: mean and samples)
    std::optional<double> overall;  ///< the map metric's mean over the scenes
    std::vector<NightClass> classes;

    /// The series the night belongs to.
    std::string seriesKey() const { return config_hash + "|" + world_version; }
    NightValues values() const;
};

/// A run's night: `map` as the report builds it (the class is resolved from the run).
Night nightOf(const LoadedRun& run, const MapOptions& map, const std::string& label,
              const std::string& report_dir);

class NightHistory {
  public:
    /// Opens the history; creates it only when `create`. Throws FileError naming the path.
    explicit NightHistory(const std::string& path, bool create = false);
    ~NightHistory();
    NightHistory(const NightHistory&) = delete;
    NightHistory& operator=(const NightHistory&) = delete;

    /// Adds a night; one with the same label in the same series is replaced (a re-run night).
    void add(const Night& night);
    /// Every night, oldest first (in the order they were added).
    std::vector<Night> nights() const;

  private:
    std::unique_ptr<SqliteDb> db_;
};

/// The nights of `tonight`'s series before it (by id; a night not yet added comes after all),
/// with the same metric and map, the newest `window` of them, oldest first. Tonight itself (its
/// label or its run directory) is never part of its window.
std::vector<Night> windowBefore(const std::vector<Night>& nights, const Night& tonight,
                                std::size_t window);

}  // namespace blindspot
