#pragma once
// One sample of the modification space -> its scene -> its labelled scan and target-car
// visibility. Shared by the sweep runner and the retraining-set export, so both build the same
// scan for the same sample (bit for bit).
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/Camera.hpp"
#include "scenes/SceneAssembly.hpp"
#include "sweep/SweepConfig.hpp"

namespace blindspot {

struct ScannedSample {
    ScanGrid scan;
    std::vector<CarVisibility> visibility;  ///< per target car (the sample's first car)
};

/// Not thread-safe: one per worker (it caches an assembler per sensor set-up).
class SampleScanner {
  public:
    SampleScanner(const SweepConfig& config, const std::vector<CarModelSpec>& models);
    ~SampleScanner();

    /// `lap(stage)` is called after the "scene", "scan" and "visibility" stages (may be empty).
    /// Extra cars (count > 1) are placed with a generator seeded by `scene_id`.
    ScannedSample scan(const Sample& sample, const std::string& scene_id, int cast_threads,
                       const std::function<void(const char*)>& lap = {});

    /// The co-located camera's image of the sample's scene, lit by its time_of_day and weather,
    /// with the cars in their true paint colours (whatever the LiDAR effects mode).
    CameraImage camera(const Sample& sample, const std::string& scene_id, const CameraSpec& spec,
                       int threads);

  private:
    SceneAssembler& assemblerFor(const Sample& sample);
    ScenarioSample scenarioOf(const Sample& sample, const std::string& scene_id,
                              SceneAssembler& assembler, bool true_colors = false);

    const SweepConfig& config_;
    const std::vector<CarModelSpec>& models_;
    std::map<std::string, std::unique_ptr<SceneAssembler>> assemblers_;
};

}  // namespace blindspot
