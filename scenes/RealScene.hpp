#pragma once
// Targets placed in a recorded frame (scenes/RealBackground.hpp) and inserted along its rays
// (core/scan/ScanInsertion.hpp): the scan a sweep scores on a real background. Cars come from the
// car library with their paint, people are the sweep's target people (scenes/TargetPeople.hpp);
// each stands on the real ground under its footprint. A placement that would stand in real
// non-ground points (a wall, a parked car, a tree) is skipped with its reason, unless
// `keep_colliding`.
#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry/Pose.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/scan/ScanInsertion.hpp"
#include "core/scan/ScanRays.hpp"
#include "core/scenario/Scenario.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/RealBackground.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot {

struct RealTarget {
    ScenarioCar target;
    Pose world_from_target;         ///< in the frame's sensor frame, on the real ground
    std::uint16_t instance_id = 0;  ///< kRealTargetInstanceBase + its index
    std::string ground_source;      ///< GroundUnder::source
    std::string skipped;            ///< why it was not placed ("" when placed)
    std::size_t points = 0;         ///< its returns in the composed scan
};

/// Instance ids of inserted targets start here, above the ids SemanticKITTI's instances use in
/// practice, so an inserted target never shares an id with a real object.
constexpr std::uint16_t kRealTargetInstanceBase = 60000;

struct RealScene {
    ScanRays rays;
    ComposedScan composed;
    std::vector<RealTarget> targets;
};

/// The composed scan on the lasers' grid, as a sweep scores and caches it: each cell holds the
/// nearest of the points whose ray is that cell's (where a real scan's points share a cell, the
/// nearest wins, as in a range image), xyz and remission as they are, palette labels
/// (ComposedScan::palette), a target's instance 1 + its index and 0 for every real point (or, with
/// `real_instances`, the real point's own instance). Points that fit no laser have no cell and are
/// left out.
ScanGrid organisedScan(const RealScene& scene, const LidarSpec& lasers,
                       bool real_instances = false);

/// Per target: its returns in the organised scan, and those it would give with no real point in
/// front of it (the rays that hit it at all), as CarVisibility (instance 1 + its index).
std::vector<CarVisibility> realVisibility(const RealScene& scene, const ScanGrid& organised);

/// Places `targets` on `frame` and inserts them along its rays under `lasers`; the sensor
/// response's draws are seeded by `seed`. Throws ConfigError at `where` for an unknown car model,
/// colour or target type, FileError (the frame's file) when the lasers do not fit the scan.
RealScene composeRealScene(const RealFrame& frame, const std::vector<ScenarioCar>& targets,
                           const std::vector<CarModelSpec>& models, const LidarSpec& lasers,
                           std::uint64_t seed, bool keep_colliding, const ErrorSource& where);
/// The same with the frame's rays under `lasers` already found (scanRaysOf): a sweep finds them
/// once per frame, not once per scene.
RealScene composeRealScene(const RealFrame& frame, const ScanRays& rays,
                           const std::vector<ScenarioCar>& targets,
                           const std::vector<CarModelSpec>& models, const LidarSpec& lasers,
                           std::uint64_t seed, bool keep_colliding, const ErrorSource& where);

}  // namespace blindspot
