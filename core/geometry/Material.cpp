#include "core/geometry/Material.hpp"

#include <algorithm>
#include <cctype>

namespace blindspot {

std::vector<PaletteEntry> defaultPalette() {
    return {{label::kNone, "none"},
            {label::kBuilding, "building"},
            {label::kOther, "other"},
            {label::kPedestrian, "pedestrian"},
            {label::kPole, "pole"},
            {label::kLaneMarking, "lane_marking"},
            {label::kRoad, "road"},
            {label::kSidewalk, "sidewalk"},
            {label::kVegetation, "vegetation"},
            {label::kVehicle, "vehicle"},
            {label::kTrafficSign, "traffic_sign"},
            {label::kStopSign, "stop_sign"},
            {label::kYieldSign, "yield_sign"},
            {label::kSpeedLimitSign, "speed_limit_sign"},
            {label::kTrafficSignal, "traffic_signal"},
            {label::kFireHydrant, "fire_hydrant"},
            {label::kSky, "sky"},
            {label::kCurb, "curb"},
            {label::kFlyoverRamp, "flyover_ramp"},
            {label::kGuardRail, "guard_rail"},
            {label::kBicyclist, "bicyclist"},
            {label::kDeer, "deer"},
            {label::kBarricade, "barricade"},
            {label::kMotorcycle, "motorcycle"},
            {label::kWeather, "weather"},
            {label::kTerrain, "terrain"},
            {label::kFence, "fence"},
            {label::kTrunk, "trunk"}};
}

std::array<std::uint8_t, 3> labelColor(std::uint16_t id) {
    switch (id) {
        case label::kNone:
            return {90, 90, 90};
        case label::kBuilding:
            return {200, 120, 60};
        case label::kOther:
            return {120, 110, 90};
        case label::kPedestrian:
            return {255, 30, 30};
        case label::kPole:
            return {255, 240, 150};
        case label::kLaneMarking:
            return {255, 255, 255};
        case label::kRoad:
            return {140, 60, 150};
        case label::kSidewalk:
            return {75, 0, 175};
        case label::kVegetation:
            return {0, 175, 0};
        case label::kVehicle:
            return {100, 150, 245};
        case label::kTrafficSign:
            return {255, 0, 0};
        case label::kTrafficSignal:
            return {255, 150, 0};
        case label::kCurb:
            return {255, 200, 255};
        case label::kGuardRail:
            return {50, 255, 255};
        case label::kWeather:
            return {230, 230, 255};
        case label::kTerrain:  // SemanticKITTI's colours for terrain, fence and trunk
            return {150, 240, 80};
        case label::kFence:
            return {255, 120, 50};
        case label::kTrunk:
            return {135, 60, 0};
        default: {
            const std::uint32_t h = std::uint32_t(id) * 2654435761u;  // Knuth hash: stable colours
            return {std::uint8_t(h >> 24), std::uint8_t(h >> 16), std::uint8_t(h >> 8)};
        }
    }
}

int paletteIdFromName(const std::string& name) {
    if (!name.empty() && std::all_of(name.begin(), name.end(), ::isdigit) && name.size() <= 5) {
        const int id = std::stoi(name);
        return id <= 65535 ? id : -1;
    }
    for (const auto& e : defaultPalette())
        if (e.name == name) return e.id;
    return -1;
}

}  // namespace blindspot
