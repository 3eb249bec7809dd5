#pragma once
// The catalogue of generated backgrounds: the fixed ids (docs/backgrounds.md), their types, and
// "TYPE:SEED" for any other seed. Generation itself is scenes/BackgroundGenerator.hpp.
#include <string>
#include <vector>

#include "scenes/Background.hpp"

namespace blindspot {

/// The ids urban-01 ... urban-15 (sweeps) and train-01 ... train-12 (training only; disjoint).
std::vector<std::string> backgroundIds();
std::vector<std::string> backgroundTypes();
/// True for urban-NN / train-NN ids, TYPE:SEED, or a path ending in .json (a saved scene file).
bool isBackgroundId(const std::string& id);
/// The type an id in backgroundIds() generates.
std::string backgroundTypeOf(const std::string& id);
/// Generates a background by id; throws ConfigError for an unknown id.
Background generateBackground(const std::string& id, const std::vector<CarModelSpec>& models);
}  // namespace blindspot
