#include "sweep/store/ShardCoverage.hpp"

#include <map>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

// Whether `candidate` should replace `held` as the row of its index.
bool better(const ShardRow& candidate, const ShardRow& held) {
    const bool finished = !candidate.finished_at.empty(), held_finished = !held.finished_at.empty();
    if (finished != held_finished) return finished;
    return candidate.done > held.done;
}

}  // namespace

std::int64_t ShardCoverage::scenesDone() const {
    std::int64_t n = 0;
    for (const auto& s : shards) n += s.done;
    return n;
}

ShardCoverage shardCoverage(const std::vector<StoreShards>& stores) {
    ShardCoverage c;
    std::map<int, ShardRow> held;
    std::string first_store;
    for (const auto& store : stores)
        for (const auto& row : store.rows) {
            if (c.shard_count == 0) {
                c.shard_count = row.count;
                c.design_size = row.design_size;
                first_store = store.store_path;
            } else if (row.count != c.shard_count || row.design_size != c.design_size) {
                throw ConfigError(ErrorSource::file(store.store_path, "/shard"),
                                  "shard " + std::to_string(row.index) + "/" +
                                      std::to_string(row.count) + " of a " +
                                      std::to_string(row.design_size) +
                                      "-sample design; expected the split of " + first_store +
                                      ": N = " + std::to_string(c.shard_count) + " of " +
                                      std::to_string(c.design_size) + " samples");
            }
            const auto it = held.find(row.index);
            if (it == held.end() || better(row, it->second)) held[row.index] = row;
        }
    for (int i = 0; i < c.shard_count; ++i) {
        const auto it = held.find(i);
        if (it == held.end())
            c.missing.push_back(i);
        else {
            c.shards.push_back(it->second);
            if (it->second.finished_at.empty()) c.unfinished.push_back(i);
        }
    }
    return c;
}

std::string shardList(const std::vector<int>& indices, int count) {
    std::string text;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        if (k > 0) text += k + 1 == indices.size() ? " and " : ", ";
        text += std::to_string(indices[k]) + "/" + std::to_string(count);
    }
    return text;
}

}  // namespace blindspot
