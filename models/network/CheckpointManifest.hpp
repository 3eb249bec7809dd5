#pragma once
// A training checkpoint is a set of files (weights.pt, model_card.json, optimizer.pt) written one
// after another. train_state.json is written last and records each file's hash, so a crash
// between two writes leaves a set that no longer matches its manifest: loading or resuming it is
// an error naming the file, never a silent mix of two epochs.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace blindspot {

/// {"weights.pt": "<fnv1a64 hex>", ...} for the named files of a checkpoint directory.
nlohmann::json checkpointFileHashes(const std::string& dir, const std::vector<std::string>& names);

/// When dir holds a train_state.json with a "files" manifest, checks that every listed file
/// exists and has the recorded hash; throws FileError naming the first that does not.
/// A checkpoint without train_state.json (a bundled or exported one) passes.
void checkCheckpointManifest(const std::string& dir);

}  // namespace blindspot
