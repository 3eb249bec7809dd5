#pragma once
// The one scan path: a Scenario -> its scene (placed cars plus seeded traffic) -> a labelled scan
// with the LiDAR effects -> per-car visibility. `blindspot scene`, the sweep runner and the
// retraining export all scan through here, so the same scenario and seed give the same scan, bit
// for bit, whichever command asked.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/lidar/CastColumns.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/lidar/SensorDraw.hpp"
#include "core/raycast/Camera.hpp"
#include "core/scan/ScanRays.hpp"
#include "core/scenario/Scenario.hpp"
#include "scenes/RealBackground.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot {

struct ScannedScene {
    AssembledScene scene;  ///< its geometry is the scanner's, valid until the next scan
    ScanGrid scan;
    std::vector<CarVisibility> visibility;  ///< per placed car
    ColumnRange columns;                    ///< the columns cast; the others have no return
    /// On a recorded background, per target: why it was not placed ("" when it was).
    std::vector<std::string> skipped;
};

/// Not thread-safe: one per worker (it caches an assembler per sensor set-up).
class ScenarioScanner {
  public:
    /// `keep_colliding`: on a recorded background, place targets that stand in real non-ground
    /// points instead of skipping them (scenes/RealScene.hpp).
    ScenarioScanner(std::vector<CarModelSpec> models, LidarEffects effects,
                    bool keep_colliding = false);
    ~ScenarioScanner();

    /// Cars beyond the placed ones (scenario.count) take random free spots, and the LiDAR effects
    /// draw their noise, both seeded by `seed`. `lap(stage)` is called after the "scene", "scan"
    /// and "visibility" stages (may be empty). With `seen` (the azimuths a network sees), only
    /// their columns and every car's are cast (core/lidar/CastColumns.hpp); each cell cast is the
    /// same, bit for bit, as in a full scan. With `draw` (domain randomisation, `export
    /// --randomize`) the scan takes its response and tilts the head by it; without, the preset's
    /// sensor.
    ScannedScene scan(const Scenario& scenario, std::uint64_t seed, int cast_threads,
                      const std::function<void(const char*)>& lap = {},
                      const std::optional<AzimuthSpan>& seen = std::nullopt,
                      const SensorDraw* draw = nullptr);

    /// The co-located camera's image of the scenario's scene, lit by its time of day and weather
    /// (`conditions` gives the sun's place and date; its time, weather, seed and lamps are set
    /// here).
    CameraImage camera(const Scenario& scenario, std::uint64_t seed, const CameraSpec& spec,
                       CameraConditions conditions, int threads);

    const std::vector<CarModelSpec>& models() const { return models_; }

  private:
    SceneAssembler& assemblerFor(const ScenarioSensor& sensor);
    /// A recorded frame as the background (scenes/RealScene.hpp): the targets inserted along its
    /// rays. Traffic, weather and the sensor's mount are the recording's own.
    ScannedScene scanReal(const Scenario& scenario, std::uint64_t seed,
                          const std::function<void(const char*)>& mark);
    /// A recorded frame with its rays under `lidar` (named `lidar_name`, the scenario's preset or
    /// spec file), read and found once (cached).
    struct RealFrameRays {
        RealFrame frame;
        ScanRays rays;
    };
    const RealFrameRays& realFrame(const std::string& id, const std::string& lidar_name,
                                   const LidarSpec& lidar);
    AssembledScene assemble(SceneAssembler& assembler, const Scenario& scenario,
                            std::uint64_t seed);

    std::vector<CarModelSpec> models_;
    LidarEffects effects_;
    bool keep_colliding_ = false;
    std::map<std::string, std::unique_ptr<SceneAssembler>> assemblers_;
    std::map<std::string, RealFrameRays> real_frames_;  ///< by frame id and LiDAR, a few
    std::map<std::string, LidarSpec> real_lidars_;
};

}  // namespace blindspot
