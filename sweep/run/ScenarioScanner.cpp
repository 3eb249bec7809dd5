#include "sweep/run/ScenarioScanner.hpp"

#include "core/base/Rng.hpp"
#include "core/lidar/SensorResponse.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "core/raycast/RayCaster.hpp"
#include "scenes/RealScene.hpp"
#include "scenes/Traffic.hpp"

namespace blindspot {

ScenarioScanner::ScenarioScanner(std::vector<CarModelSpec> models, LidarEffects effects,
                                 bool keep_colliding)
    : models_(std::move(models)), effects_(effects), keep_colliding_(keep_colliding) {}

ScenarioScanner::~ScenarioScanner() = default;

ScannedScene ScenarioScanner::scan(const Scenario& scenario, std::uint64_t seed, int cast_threads,
                                   const std::function<void(const char*)>& lap,
                                   const std::optional<AzimuthSpan>& seen, const SensorDraw* draw) {
    auto mark = [&lap](const char* stage) {
        if (lap) lap(stage);
    };
    if (isRealBackground(scenario.background)) return scanReal(scenario, seed, mark);
    SceneAssembler& assembler = assemblerFor(scenario.sensor);
    ScannedScene out;
    out.scene = assemble(assembler, scenario, seed);
    if (draw) out.scene.world_from_sensor.rotate(draw->tilt);
    mark("scene");
    const LidarSpec& lidar = assembler.lidar();
    out.columns = allColumns(lidar);
    if (seen) {
        out.columns = columnsWithin(lidar, *seen);
        for (const auto& car : out.scene.cars)
            out.columns = unite(lidar, out.columns,
                                instanceColumns(*out.scene.geometry, car.instance_index, lidar,
                                                out.scene.world_from_sensor));
        out.columns = unite(lidar, out.columns, out.columns);  // whole packets
    }
    out.scan = castScan(*out.scene.geometry, lidar, out.scene.world_from_sensor,
                        CastOptions{cast_threads, out.columns.first, out.columns.count});
    applyLidarEffects(out.scan, parseWeather(scenario.weather), effects_, seed);
    applySensorResponse(out.scan, draw ? draw->response : lidar.response, seed);
    mark("scan");
    out.visibility = assembler.visibility(out.scene, out.scan);
    mark("visibility");
    return out;
}

CameraImage ScenarioScanner::camera(const Scenario& scenario, std::uint64_t seed,
                                    const CameraSpec& spec, CameraConditions conditions,
                                    int threads) {
    const AssembledScene scene = assemble(assemblerFor(scenario.sensor), scenario, seed);
    conditions.time_of_day_h = scenario.time_of_day_h;
    conditions.weather = parseWeather(scenario.weather);
    conditions.seed = seed;
    conditions.street_lamps_world_m = scene.background->lamps_m;
    return renderCamera(*scene.geometry, spec, scene.world_from_sensor, conditions, threads);
}

// Traffic: cars beyond the placed ones take random free spots on the road (the default
// TrafficPolicy: x in [4, 40] m ahead), seeded by `seed`.
AssembledScene ScenarioScanner::assemble(SceneAssembler& assembler, const Scenario& scenario,
                                         std::uint64_t seed) {
    const int traffic = scenario.count - int(scenario.cars.size());
    if (traffic <= 0) return assembler.assemble(scenario);
    Scenario with_traffic = scenario;
    Rng rng(seed);
    addTrafficCars(with_traffic, traffic, assembler.background(scenario.background), models_, rng);
    return assembler.assemble(with_traffic);
}

// A sweep's design varies the background among its other dimensions, so one worker meets the
// same frames again and again: up to 16 frames with their rays (about 3.5 MB each for an
// HDL-64E) stay in memory, and finding a frame's rays (every point against every laser) is done
// once per frame, not once per scene.
const ScenarioScanner::RealFrameRays& ScenarioScanner::realFrame(const std::string& id,
                                                                 const std::string& lidar_name,
                                                                 const LidarSpec& lidar) {
    const std::string key = id + "|" + lidar_name;
    auto it = real_frames_.find(key);
    if (it != real_frames_.end()) return it->second;
    if (real_frames_.size() >= 16) real_frames_.clear();
    RealFrame frame = loadRealFrame(id, ErrorSource::value("/background"));
    ScanRays rays = scanRaysOf(frame.points, lidar, frame.bin_path);
    return real_frames_.emplace(key, RealFrameRays{std::move(frame), std::move(rays)})
        .first->second;
}

ScannedScene ScenarioScanner::scanReal(const Scenario& scenario, std::uint64_t seed,
                                       const std::function<void(const char*)>& mark) {
    auto lidar = real_lidars_.find(scenario.sensor.lidar);
    if (lidar == real_lidars_.end())
        lidar =
            real_lidars_.emplace(scenario.sensor.lidar, loadLidarSpec(scenario.sensor.lidar)).first;
    const RealFrameRays& frame =
        realFrame(scenario.background, scenario.sensor.lidar, lidar->second);
    const RealScene real =
        composeRealScene(frame.frame, frame.rays, scenario.cars, models_, lidar->second, seed,
                         keep_colliding_, ErrorSource::value("/cars"));
    mark("scene");
    ScannedScene out;
    out.scan = organisedScan(real, lidar->second);
    out.columns = allColumns(lidar->second);
    for (const auto& t : real.targets) out.skipped.push_back(t.skipped);
    mark("scan");
    out.visibility = realVisibility(real, out.scan);
    mark("visibility");
    return out;
}

SceneAssembler& ScenarioScanner::assemblerFor(const ScenarioSensor& sensor) {
    const std::string key = sensor.lidar + "|" + std::to_string(sensor.mount_height_m) + "|" +
                            std::to_string(sensor.pitch_deg) + "|" +
                            std::to_string(sensor.roll_deg);
    auto it = assemblers_.find(key);
    if (it != assemblers_.end()) return *it->second;
    LidarSpec spec = loadLidarSpec(sensor.lidar);
    spec.pitch_deg = sensor.pitch_deg;
    const EgoVehicle ego;
    SensorMounting mounting;  // the roof-centre mount, raised or lowered to the scenario's height
    mounting.offset.translation_m.z() = sensor.mount_height_m - ego.roof_mount_height_m;
    mounting.offset.roll_deg = sensor.roll_deg;
    auto assembler = std::make_unique<SceneAssembler>(models_, spec, mounting, ego, 1);
    return *assemblers_.emplace(key, std::move(assembler)).first->second;
}

}  // namespace blindspot
