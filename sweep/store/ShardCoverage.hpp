#pragma once
// Which shards of a sweep's design a set of results stores holds, and whether each finished:
// what merge checks before it writes, and what a report of a partial merge shows.
#include <string>
#include <vector>

#include "sweep/store/ResultsStore.hpp"

namespace blindspot {

struct ShardCoverage {
    int shard_count = 0;  ///< 0: no shard rows (stores written before shards were recorded)
    std::int64_t design_size = 0;
    std::vector<ShardRow> shards;  ///< one per index held, ordered by index
    std::vector<int> missing;      ///< indices no store holds
    std::vector<int> unfinished;   ///< indices held but not finished
    bool complete() const { return shard_count > 0 && missing.empty() && unfinished.empty(); }
    /// Scenes of the design that the held shards have done.
    std::int64_t scenesDone() const;
};

/// One store's shard rows, and where they came from (for errors).
struct StoreShards {
    std::string store_path;
    std::vector<ShardRow> rows;
};

/// Combines the shard rows of several stores: for an index held twice, the finished row with the
/// most scenes wins. Throws ConfigError naming a store whose rows split the design differently
/// (another N or design size) from the first store's.
ShardCoverage shardCoverage(const std::vector<StoreShards>& stores);

/// "0, 2 and 5" for error messages and reports.
std::string shardList(const std::vector<int>& indices, int count);

}  // namespace blindspot
