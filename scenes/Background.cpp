#include "scenes/Background.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "core/Error.hpp"
#include "core/Hash.hpp"
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
    return {{"urban-01", "urban", 101},         {"urban-02", "suburban", 102},
            {"urban-03", "boulevard", 103},     {"urban-04", "intersection", 104},
            {"urban-05", "highway", 105},       {"urban-06", "parking", 106},
            {"urban-07", "alley", 107},         {"urban-08", "urban", 108},
            {"urban-09", "suburban", 109},      {"urban-10", "boulevard", 110},
            {"urban-11", "intersection", 111},  {"urban-12", "highway", 112},
            {"urban-13", "parking", 113},       {"urban-14", "alley", 114},
            {"urban-15", "urban", 115},         {"train-01", "urban", 9001},
            {"train-02", "suburban", 9002},     {"train-03", "boulevard", 9003},
            {"train-04", "intersection", 9004}, {"train-05", "highway", 9005},
            {"train-06", "parking", 9006},      {"train-07", "alley", 9007},
            {"train-08", "urban", 9008},        {"train-09", "suburban", 9009},
            {"train-10", "boulevard", 9010},    {"train-11", "intersection", 9011},
            {"train-12", "urban", 9012}};
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

void fnv(std::uint64_t& h, const void* data, std::size_t n) { h = fnv1a64(data, n, h); }

void hashMesh(std::uint64_t& h, const TriangleMesh& m) {
    fnv(h, m.vertices_m.data(), m.vertices_m.size() * sizeof(m.vertices_m[0]));
    fnv(h, m.triangles.data(), m.triangles.size() * sizeof(m.triangles[0]));
    fnv(h, m.triangle_part.data(), m.triangle_part.size() * sizeof(std::uint16_t));
}

}  // namespace

bool overlaps(const Footprint& a, const Footprint& b) {
    auto axes = [](const Footprint& f) {
        const double c = std::cos(f.yaw_rad), s = std::sin(f.yaw_rad);
        return std::array<Eigen::Vector2d, 2>{Eigen::Vector2d(c, s), Eigen::Vector2d(-s, c)};
    };
    auto radius = [&](const Footprint& f, const Eigen::Vector2d& axis) {
        const auto ax = axes(f);
        return f.half_size.x() * std::fabs(ax[0].dot(axis)) +
               f.half_size.y() * std::fabs(ax[1].dot(axis));
    };
    const Eigen::Vector2d d = b.centre - a.centre;
    for (const auto& f : {a, b})
        for (const auto& axis : axes(f))
            if (std::fabs(d.dot(axis)) > radius(a, axis) + radius(b, axis)) return false;
    return true;
}

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
    return {"urban", "suburban", "boulevard", "intersection", "highway", "parking", "alley"};
}

Background generateBackground(const std::string& id, const std::vector<CarModelSpec>& models) {
    const auto parsed = parseBackgroundId(id);
    if (!parsed)
        throw ConfigError(
            "", "/background",
            "unknown background \"" + id +
                "\"; expected urban-01 ... urban-15, train-01 ... train-12 or TYPE:SEED");
    return buildBackground(id, parsed->first, parsed->second, models);
}

std::uint64_t backgroundHash(const Background& bg) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    fnv(h, bg.id.data(), bg.id.size());
    hashMesh(h, bg.ground);
    hashMesh(h, bg.fixtures);
    for (const auto& m : bg.materials) {
        fnv(h, &m.label, sizeof m.label);
        fnv(h, &m.nir_reflectance, sizeof(float) * 3);
    }
    for (const auto& c : bg.parked_cars) {
        fnv(h, c.model.data(), c.model.size());
        fnv(h, c.color.data(), c.color.size());
        fnv(h, c.world_from_car.translation_m.data(), sizeof(double) * 3);
        fnv(h, &c.world_from_car.yaw_deg, sizeof(double));
    }
    fnv(h, bg.world_from_ego.translation_m.data(), sizeof(double) * 3);
    return h;
}

}  // namespace blindspot
