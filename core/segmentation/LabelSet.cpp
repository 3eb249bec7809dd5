#include "core/segmentation/LabelSet.hpp"

#include <filesystem>

#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/geometry/Material.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

// SemanticKITTI raw ids (semantic-kitti.yaml; ../shared/reference/facts.md).
namespace sk {
constexpr std::uint16_t kUnlabeled = 0, kOutlier = 1, kCar = 10, kBus = 13, kMotorcycle = 15,
                        kTruck = 18, kOtherVehicle = 20, kPerson = 30, kBicyclist = 31,
                        kMotorcyclist = 32, kRoad = 40, kSidewalk = 48, kBuilding = 50, kFence = 51,
                        kOtherStructure = 52, kLaneMarking = 60, kVegetation = 70, kTrunk = 71,
                        kTerrain = 72, kPole = 80, kTrafficSign = 81, kOtherObject = 99,
                        kMovingCar = 252, kMovingBicyclist = 253, kMovingPerson = 254,
                        kMovingMotorcyclist = 255, kMovingBus = 257, kMovingTruck = 258,
                        kMovingOtherVehicle = 259;
}  // namespace sk

}  // namespace

std::string labelSetName(LabelSet set) {
    return set == LabelSet::kMatlab ? "matlab" : "semantickitti";
}

LabelSet labelSetFromName(const std::string& name) {
    if (name == "matlab") return LabelSet::kMatlab;
    if (name == "semantickitti") return LabelSet::kSemanticKitti;
    throw ConfigError(ErrorSource::value(""),
                      "expected a label set, matlab or semantickitti, not \"" + name + "\"");
}

std::uint16_t semanticKittiIdOf(std::uint16_t palette_id, bool moving) {
    switch (palette_id) {
        case label::kBuilding:
            return sk::kBuilding;
        case label::kPedestrian:
            return moving ? sk::kMovingPerson : sk::kPerson;
        case label::kPole:
            return sk::kPole;
        case label::kLaneMarking:
            return sk::kLaneMarking;
        case label::kRoad:
            return sk::kRoad;
        case label::kSidewalk:
        case label::kCurb:
            return sk::kSidewalk;
        case label::kVegetation:
            return sk::kVegetation;
        case label::kVehicle:
            return moving ? sk::kMovingCar : sk::kCar;
        // SemanticKITTI has no traffic-light class; its signs include the lights' heads.
        case label::kTrafficSign:
        case label::kStopSign:
        case label::kYieldSign:
        case label::kSpeedLimitSign:
        case label::kTrafficSignal:
            return sk::kTrafficSign;
        case label::kFlyoverRamp:  // bridges are other-structure
            return sk::kOtherStructure;
        case label::kGuardRail:
        case label::kFence:
            return sk::kFence;
        case label::kTerrain:
            return sk::kTerrain;
        case label::kTrunk:
            return sk::kTrunk;
        case label::kBicyclist:
            return moving ? sk::kMovingBicyclist : sk::kBicyclist;
        case label::kMotorcycle:
            return moving ? sk::kMovingMotorcyclist : sk::kMotorcycle;
        case label::kWeather:
            return sk::kOutlier;
        case label::kNone:
        case label::kSky:
            return sk::kUnlabeled;
        default:  // other, fire hydrant, deer, barricade and user palette ids
            return sk::kOtherObject;
    }
}

std::uint16_t paletteIdOfSemanticKitti(std::uint16_t id) {
    switch (id) {
        case sk::kUnlabeled:
        case sk::kOutlier:
            return label::kNone;
        case sk::kCar:
        case sk::kMovingCar:
            return label::kVehicle;
        case sk::kPerson:
        case sk::kMovingPerson:
            return label::kPedestrian;
        case sk::kBicyclist:
        case sk::kMovingBicyclist:
            return label::kBicyclist;
        case sk::kMotorcycle:
            return label::kMotorcycle;
        case sk::kRoad:
            return label::kRoad;
        case sk::kLaneMarking:
            return label::kLaneMarking;
        case sk::kSidewalk:
            return label::kSidewalk;
        case sk::kBuilding:
            return label::kBuilding;
        case sk::kFence:
            return label::kFence;
        case sk::kTerrain:
            return label::kTerrain;
        case sk::kTrunk:
            return label::kTrunk;
        case sk::kVegetation:
            return label::kVegetation;
        case sk::kPole:
            return label::kPole;
        case sk::kTrafficSign:
            return label::kTrafficSign;
        // Riders of motorcycles, trucks, buses and other vehicles have no palette id of their
        // own; counting them as "vehicle" would score them as cars.
        case sk::kMotorcyclist:
        case sk::kMovingMotorcyclist:
        case sk::kTruck:
        case sk::kMovingTruck:
        case sk::kBus:
        case sk::kMovingBus:
        case sk::kOtherVehicle:
        case sk::kMovingOtherVehicle:
        default:
            return label::kOther;
    }
}

std::uint16_t labelIdIn(LabelSet set, std::uint16_t palette_id, bool moving) {
    return set == LabelSet::kMatlab ? palette_id : semanticKittiIdOf(palette_id, moving);
}

namespace {

// `map` read through another id table: entry id takes the class map gives to id_of(id).
template <class IdOf>
LearningMap composed(const LearningMap& map, IdOf id_of) {
    LearningMap out{map.classes, std::vector<std::uint8_t>(65536), map.default_class};
    for (std::size_t id = 0; id < out.class_of_label.size(); ++id)
        out.class_of_label[id] = std::uint8_t(map.classOf(id_of(std::uint16_t(id))));
    return out;
}

}  // namespace

LearningMap semanticKittiMapFrom(const LearningMap& palette_map) {
    return composed(palette_map, paletteIdOfSemanticKitti);
}

LearningMap paletteMapFrom(const LearningMap& semantickitti_map) {
    return composed(semantickitti_map, [](std::uint16_t id) { return semanticKittiIdOf(id); });
}

LabelSet datasetLabelSet(const std::string& dir, LabelSet fallback) {
    // dir, or the root above sequences/SS[/velodyne]
    fs::path p = fs::absolute(dir).lexically_normal();
    if (p.filename().empty()) p = p.parent_path();
    if (p.filename() == "velodyne") p = p.parent_path();
    std::vector<fs::path> roots = {p};
    if (p.parent_path().filename() == "sequences") roots.push_back(p.parent_path().parent_path());
    for (const auto& root : roots)
        for (const char* name : {"generate.json", "manifest.json"}) {
            const fs::path file = root / name;
            if (!fs::is_regular_file(file)) continue;
            const nlohmann::json json = readJsonFile(file.string());
            const JsonObject record(json, file.string(), "");
            if (!record.has("label_set")) return fallback;
            try {
                return labelSetFromName(record.string("label_set"));
            } catch (const ConfigError& e) {
                throw e.within(ErrorSource::file(file.string(), "/label_set"));
            }
        }
    return fallback;
}

}  // namespace blindspot
