#include "scenes/BackgroundCatalogue.hpp"

#include <algorithm>
#include <optional>

#include "core/base/Error.hpp"
#include "scenes/BackgroundGenerator.hpp"

namespace blindspot {
namespace {

struct IdEntry {
    const char* id;
    const char* type;
    std::uint64_t seed;
};

// The fixed catalogue: sweep backgrounds and training-only backgrounds never share a seed.
std::vector<IdEntry> idTable() {
    return {{"urban-01", "urban", 101},
            {"urban-02", "suburban", 102},
            {"urban-03", "boulevard", 103},
            {"urban-04", "intersection", 104},
            {"urban-05", "highway", 105},
            {"urban-06", "parking", 106},
            {"urban-07", "alley", 107},
            {"urban-08", "urban", 108},
            {"urban-09", "suburban", 109},
            {"urban-10", "boulevard", 110},
            {"urban-11", "intersection", 111},
            {"urban-12", "highway", 112},
            {"urban-13", "parking", 113},
            {"urban-14", "alley", 114},
            {"urban-15", "urban", 115},
            {"train-01", "urban", 9001},
            {"train-02", "suburban", 9002},
            {"train-03", "boulevard", 9003},
            {"train-04", "intersection", 9004},
            {"train-05", "highway", 9005},
            {"train-06", "parking", 9006},
            {"train-07", "alley", 9007},
            {"train-08", "urban", 9008},
            {"train-09", "suburban", 9009},
            {"train-10", "boulevard", 9010},
            {"train-11", "intersection", 9011},
            {"train-12", "urban", 9012},
            {"kitti-01", "kitti-residential", 201},
            {"train-13", "kitti-residential", 9013},
            {"train-14", "kitti-residential", 9014},
            {"train-15", "kitti-residential", 9015},
            {"train-16", "kitti-residential", 9016}};
}

// (type, seed) of a catalogue id or of "TYPE:SEED"; nothing for anything else.
std::optional<std::pair<std::string, std::uint64_t>> parseBackgroundId(const std::string& id) {
    for (const auto& e : idTable())
        if (id == e.id) return std::make_pair(std::string(e.type), e.seed);
    const auto colon = id.find(':');
    if (colon == std::string::npos) return std::nullopt;
    const std::string type = id.substr(0, colon), digits = id.substr(colon + 1);
    const auto types = backgroundTypes();
    if (std::find(types.begin(), types.end(), type) == types.end() || digits.empty() ||
        digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::make_pair(type, std::uint64_t(std::stoull(digits)));
}

}  // namespace

std::vector<std::string> backgroundIds() {
    std::vector<std::string> ids;
    for (const auto& e : idTable()) ids.push_back(e.id);
    return ids;
}

bool isBackgroundId(const std::string& id) {
    const bool scene_file = id.size() > 5 && id.compare(id.size() - 5, 5, ".json") == 0;
    return scene_file || parseBackgroundId(id).has_value();
}

std::string backgroundTypeOf(const std::string& id) {
    for (const auto& e : idTable())
        if (id == e.id) return e.type;
    return {};
}

std::vector<std::string> backgroundTypes() {
    return {"urban",   "suburban", "boulevard", "intersection",
            "highway", "parking",  "alley",     "kitti-residential", "residential-narrow", "town"};
}

Background generateBackground(const std::string& id, const std::vector<CarModelSpec>& models) {
    const auto parsed = parseBackgroundId(id);
    if (!parsed)
        throw ConfigError(
            ErrorSource::value("/background"),
            "unknown background \"" + id +
                "\"; expected urban-01 ... urban-15, kitti-01, train-01 ... train-16 or TYPE:SEED");
    return buildBackground(id, parsed->first, parsed->second, models);
}

}  // namespace blindspot
