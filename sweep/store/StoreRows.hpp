#pragma once
// The rows of the results store (sweep/store/ResultsStore.hpp), as the runner writes them and
// readers get them back: the run, a scene with its target cars and its classes, and a shard of the
// design. The SQL tables they map to are in docs/results-store.md.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace blindspot {

struct RunInfo {
    std::string name;
    nlohmann::json config;  ///< the resolved config
    std::string config_hash;
    std::string checkpoint_hash;  ///< empty for --scans-only
    nlohmann::json lidar;
    std::string tool_version;
    std::string started_at;     ///< ISO 8601, UTC
    std::string finished_at;    ///< ISO 8601, UTC; empty while the run is unfinished
    std::string world_version;  ///< kWorldVersion of the scans; empty in stores from before it
};

struct CarRow {
    int car_index = 0;
    int instance_id = 0;
    std::int64_t visible_points = 0;
    std::int64_t unoccluded_points = 0;
    double visibility = 0.0;
    bool fully_occluded = false;
};

struct ClassRow {
    std::string class_name;
    std::int64_t tp = 0, fp = 0, fn = 0;
    std::optional<double> iou, precision, recall;  ///< empty where the denominator is 0
};

struct SceneRow {
    std::string scene_id;
    nlohmann::json sample;  ///< {"dimension": value, ...}, canonical names (x_m)
    std::int64_t valid_points = 0;
    std::int64_t target_points = 0;  ///< returns on all target cars
    double seconds = 0.0;            ///< wall time spent on the scene
    std::vector<CarRow> cars;
    std::vector<ClassRow> classes;
    /// On a recorded background: why the target was not placed ("collides with 412 building
    /// points"); "" when it was, and for every procedural scene.
    std::string skipped;
};

/// A shard of the design whose scenes the store holds: written by the runner when it starts, after
/// every batch and when it finishes; copied by merge. It lets merge tell a missing or unfinished
/// shard, and a report show the coverage of a partial merge.
struct ShardRow {
    int index = 0;
    int count = 1;
    std::int64_t design_size = 0;  ///< samples in the whole design
    std::int64_t planned = 0;      ///< of them, this shard's
    std::int64_t done = 0;         ///< this shard's scenes in the store
    std::string finished_at;       ///< ISO 8601, UTC; empty while unfinished
};

}  // namespace blindspot
