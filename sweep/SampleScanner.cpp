#include "sweep/SampleScanner.hpp"

#include "core/Hash.hpp"
#include "core/LidarEffects.hpp"
#include "core/RayCaster.hpp"
#include "core/Rng.hpp"
#include "scenes/Traffic.hpp"

namespace blindspot {
namespace {

constexpr double kDefaultMountHeightM = 1.73;

// Typed access to a sample's values with the documented defaults.
struct SampleView {
    const Sample& sample;
    const DimValue* find(const std::string& name) const {
        for (std::size_t i = 0; i < sample.names.size(); ++i)
            if (sample.names[i] == name) return &sample.values[i];
        return nullptr;
    }
    std::string text(const std::string& name, const std::string& fallback) const {
        const DimValue* v = find(name);
        return v ? std::get<std::string>(*v) : fallback;
    }
    double number(const std::string& name, double fallback) const {
        const DimValue* v = find(name);
        return v ? std::get<double>(*v) : fallback;
    }
};

}  // namespace

SampleScanner::SampleScanner(const SweepConfig& config, const std::vector<CarModelSpec>& models)
    : config_(config), models_(models) {}

SampleScanner::~SampleScanner() = default;

ScannedSample SampleScanner::scan(const Sample& sample, const std::string& scene_id,
                                  int cast_threads, const std::function<void(const char*)>& lap) {
    auto mark = [&lap](const char* stage) {
        if (lap) lap(stage);
    };
    SceneAssembler& assembler = assemblerFor(sample);
    const AssembledScene scene = assembler.assemble(scenarioOf(sample, scene_id, assembler));
    mark("scene");
    ScannedSample out;
    out.scan = castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor,
                        CastOptions{cast_threads});
    const Weather weather = parseWeather(SampleView{sample}.text("weather", "clear"));
    applyLidarEffects(out.scan, weather, config_.effects, fnv1a64(scene_id));
    mark("scan");
    out.visibility = assembler.visibility(scene, out.scan);
    mark("visibility");
    return out;
}

SceneAssembler& SampleScanner::assemblerFor(const Sample& sample) {
    const SampleView view{sample};
    const std::string lidar = view.text("lidar", config_.lidar);
    const double height = view.number("mount_height_m", kDefaultMountHeightM);
    const double pitch = view.number("pitch_deg", 0.0);
    const std::string key = lidar + "|" + std::to_string(height) + "|" + std::to_string(pitch);
    auto it = assemblers_.find(key);
    if (it != assemblers_.end()) return *it->second;
    LidarSpec spec = lidarPreset(lidar);
    spec.pitch_deg = pitch;
    SensorMounting mounting;
    mounting.offset.translation_m.z() = height - kDefaultMountHeightM;  // on the roof-centre mount
    auto assembler = std::make_unique<SceneAssembler>(models_, spec, mounting, EgoVehicle{}, 1);
    return *assemblers_.emplace(key, std::move(assembler)).first->second;
}

// Extra cars beyond the first (count > 1) take random free spots on the road (the default
// TrafficPolicy: x in [4, 40] m ahead), seeded by the scene id.
CameraImage SampleScanner::camera(const Sample& sample, const std::string& scene_id,
                                  const CameraSpec& spec, int threads) {
    SceneAssembler& assembler = assemblerFor(sample);
    const AssembledScene scene = assembler.assemble(scenarioOf(sample, scene_id, assembler, true));
    const SampleView view{sample};
    CameraConditions conditions;
    conditions.time_of_day_h = view.number("time_of_day", 12.0);
    conditions.weather = parseWeather(view.text("weather", "clear"));
    conditions.seed = fnv1a64(scene_id);
    conditions.street_lamps_world_m = scene.background->lamps_m;
    return renderCamera(*scene.geometry, spec, scene.world_from_sensor, conditions, threads);
}

ScenarioSample SampleScanner::scenarioOf(const Sample& sample, const std::string& scene_id,
                                         SceneAssembler& assembler, bool true_colors) {
    const SampleView view{sample};
    ScenarioSample s;
    s.background = view.text("background", "urban-01");
    // Paper mode: paint colour is for the camera only, so the LiDAR sees every car as white.
    const std::string color =
        config_.effects.paper_mode && !true_colors ? "white" : view.text("color", "white");
    s.cars.push_back({view.text("car_model", "sedan"), view.number("x", 10.0),
                      view.number("y", 0.0), view.number("yaw", 0.0), color});
    const int count = int(view.number("count", 1.0));
    if (count <= 1) return s;
    Rng rng(fnv1a64(scene_id));
    addTrafficCars(s, count - 1, assembler.background(s.background), models_, rng);
    return s;
}

}  // namespace blindspot
