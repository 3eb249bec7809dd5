#pragma once
// The sun's position from the time of day, the day of the year and the latitude (the standard
// declination / hour-angle formulas, e.g. NOAA's "General Solar Position Calculations", with
// Cooper's declination):
//     declination  delta = 23.44 deg * sin(360 deg * (284 + day) / 365)
//     hour angle   h     = 15 deg * (t - 12)            (t: local solar time, hours)
//     elevation    sin(el) = sin(lat) sin(delta) + cos(lat) cos(delta) cos(h)
//     azimuth      A = atan2(sin(h), cos(h) sin(lat) - tan(delta) cos(lat)) + 180 deg
//                  (compass bearing: 0 north, 90 east, clockwise)
// World frame convention for lighting: +x north, +y west, +z up (ISO 8855: y is left of x).
#include <Eigen/Core>

namespace blindspot {

struct SunOptions {
    double latitude_deg = 48.1;  ///< Karlsruhe, where KITTI was recorded
    int day_of_year = 172;       ///< 1..365; 172 = 21 June
};

struct SunPosition {
    double elevation_deg = 0.0;  ///< above the horizon; negative at night
    double azimuth_deg = 0.0;    ///< compass bearing, clockwise from north
    /// Unit vector towards the sun in the world frame (+x north, +y west, +z up).
    Eigen::Vector3d direction_world() const;
};

/// `time_of_day_h` in [0, 24], local solar time.
SunPosition sunPosition(double time_of_day_h, const SunOptions& options = {});

}  // namespace blindspot
