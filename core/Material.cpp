#include "core/Material.hpp"

#include <algorithm>
#include <cctype>

namespace blindspot {

std::vector<PaletteEntry> defaultPalette() {
    return {{label::kNone, "none"},          {label::kBuilding, "building"},
            {label::kOther, "other"},        {label::kPedestrian, "pedestrian"},
            {label::kPole, "pole"},          {label::kLaneMarking, "lane_marking"},
            {label::kRoad, "road"},          {label::kSidewalk, "sidewalk"},
            {label::kVegetation, "vegetation"}, {label::kVehicle, "vehicle"},
            {label::kTrafficSign, "traffic_sign"}, {13, "stop_sign"},
            {14, "yield_sign"},              {15, "speed_limit_sign"},
            {label::kTrafficSignal, "traffic_signal"}, {51, "fire_hydrant"},
            {label::kSky, "sky"},            {label::kCurb, "curb"},
            {59, "flyover_ramp"},            {label::kGuardRail, "guard_rail"},
            {label::kBicyclist, "bicyclist"}, {67, "deer"},
            {label::kBarricade, "barricade"}, {label::kMotorcycle, "motorcycle"}};
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
