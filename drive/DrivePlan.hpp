#pragma once
// Everything about a drive that is decided before a single ray is cast: the ego's route, the
// traffic cars (model, colour, instance id, route, cruise speed, start), their joint motion, and
// the frame times. Deterministic from the config and the background.
#include <vector>

#include "drive/DriveConfig.hpp"
#include "drive/DriveSimulation.hpp"
#include "drive/DriveWorld.hpp"

namespace blindspot {

struct DrivePlan {
    DriveSimulation sim;           ///< vehicle 0 is the ego
    std::vector<TrafficCar> cars;  ///< vehicle i + 1
    double scan_frequency_hz = 10.0;
    std::size_t frames = 0;

    /// Frame k's reference time (s): when the head faces forward (azimuth 0), mid-revolution.
    /// Column c of frame k fires at frameTime(k) - azimuth_c / (360 f).
    double frameTime(std::size_t k) const { return (double(k) + 0.5) / scan_frequency_hz; }
};

/// Plans the drive. Traffic cars start at rest on road lanes, at least 12 m from any other car
/// along their lane and never on the ego's first 30 m; a car that finds no spot is left out.
DrivePlan planDrive(const DriveConfig& config, const Background& background,
                    const std::vector<CarModelSpec>& models);

}  // namespace blindspot
