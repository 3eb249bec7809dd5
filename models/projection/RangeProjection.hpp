#pragma once
// Range projection: a scan (or a list of points) becomes a network's C x H x W input image, and
// the network's per-cell predictions map back to every scan cell.
//
// Cells are centred on beam angles: row r looks at elevation top - r * step and column c at
// azimuth left - c * step (degrees, sensor frame, ISO 8855: azimuth counter-clockwise from +x, so
// column 0 is the leftmost, +y side). A point goes to the nearest cell; the nearest point (smallest
// range) wins a cell. Points more than half a cell outside the grid get no cell, or the nearest
// edge cell when the grid clamps (lidar-bonnetal's convention). For a full-circle grid whose
// cells tile -180..180 deg, the nearest cell centre is lidar-bonnetal's floor of the normalised
// angle, so both conventions give the same cell.
#include <cstdint>
#include <string>
#include <vector>

#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/scan/ScanIo.hpp"

namespace blindspot {

/// The network's input grid. Defaults: SqueezeSeg's front view, 64 x 512 over azimuth -45..+45
/// deg, row 0 at +2 deg elevation, rows 0.4 deg apart, column 0 at +45 deg (left).
struct RangeGrid {
    int rows = 64;
    int cols = 512;
    double top_elevation_deg = 2.0;          ///< centre of row 0
    double elevation_step_deg = 0.4;         ///< downwards, per row
    double left_azimuth_deg = 45.0;          ///< centre of column 0
    double azimuth_step_deg = 90.0 / 512.0;  ///< rightwards (decreasing azimuth), per column
    /// When set (one per row, strictly decreasing), row r looks at row_elevations_deg[r] instead
    /// of top - r * step: the rows are the lasers of a sensor with uneven beams, as in
    /// SqueezeSeg's lidar_2d files, where row r is the HDL-64E's r-th laser from the top.
    std::vector<double> row_elevations_deg;
    /// With row_elevations_deg: per row, the height (m) of that laser's origin above the point
    /// cloud's origin (LidarSpec::row_origin_z_m). A point then goes to the row whose laser line
    /// z = d tan(elevation) + h passes nearest to it (d: horizontal distance), which is the laser
    /// that fired it: the rows of a raised head's points do not shift with their range, as they do
    /// seen from the origin (h / d rad, 1.4 deg at 8 m for KITTI's upper block).
    std::vector<double> row_origin_z_m;
    /// Points beyond the grid's edges: dropped (blindspot's default, a front view sees only its
    /// sector) or clamped into the nearest edge row and column, as lidar-bonnetal's spherical
    /// projection does (RangeNet++, SalsaNext: points outside the vertical FOV land in the top or
    /// bottom row).
    bool clamp_outside = false;

    double rowElevationDeg(int row) const;
    /// The row whose elevation is nearest, or -1 beyond half a row spacing outside the grid.
    long nearestRow(double elevation_deg) const;
    /// The row of a point at horizontal distance d_m and height z_m (sensor frame): nearestRow of
    /// its elevation, or with row_origin_z_m the row whose laser passes nearest, -1 beyond half a
    /// row spacing outside the grid.
    long rowOfPoint(double d_m, double z_m) const;
    /// True when row r is the r-th laser of `spec` (its elevation and origin height), the grid
    /// has row origins and does not clamp, yet its columns are not the spec's: then the row of
    /// a scan cell's point is that cell's row, and rowOfPoint need not search for it.
    bool rowsAreLasersOf(const LidarSpec& spec) const;

    std::size_t cellCount() const { return std::size_t(rows) * std::size_t(cols); }
    /// True when the LiDAR's beams are exactly this grid's cell centres (then no resampling).
    bool matches(const LidarSpec& spec) const;
};

/// Input channels, in the order the card lists them: "x", "y", "z" (m, sensor frame),
/// "intensity" (reflectivity in [0, 1]), "range" (m) and "mask" (1 where a point landed, 0 in
/// empty cells: SqueezeSegV2's sixth channel).
enum class InputChannel { kX, kY, kZ, kIntensity, kRange, kMask };
InputChannel inputChannelFromName(const std::string& name);  ///< throws ConfigError
std::string inputChannelName(InputChannel channel);

struct RangeImage {
    RangeGrid grid;
    std::vector<InputChannel> channels;
    std::vector<float> raw;            ///< C x H x W, unnormalised; 0 in empty cells (reference)
    std::vector<std::uint8_t> mask;    ///< H x W: 1 where a point landed (range > 0)
    std::vector<std::int32_t> source;  ///< H x W: the winning point / scan cell, or -1
    std::vector<std::int32_t> cell;    ///< per source point / scan cell: its image cell, or -1

    int channelCount() const { return int(channels.size()); }
};

/// Projects valid points (xyzi as in KITTI .bin files).
RangeImage projectPoints(const PointList& points, const RangeGrid& grid,
                         const std::vector<InputChannel>& channels);
/// Projects a scan; sources are scan cells. When grid.matches(scan.spec), cells copy over 1:1.
RangeImage projectScan(const ScanGrid& scan, const RangeGrid& grid,
                       const std::vector<InputChannel>& channels);

/// Per source: the value of its image cell (e.g. a predicted class), or `missing` for a source
/// without a cell. Every source that fell into a cell gets that cell's value, winner or not.
std::vector<int> valuesForSources(const RangeImage& image, const std::vector<int>& cell_values,
                                  int missing = -1);

/// The inverse: per image cell, the value of the source that won it (its truth, its dataset label,
/// an external network's class for it), or -1 for an empty cell.
template <class T>
std::vector<int> valuesOfWinners(const RangeImage& image, const std::vector<T>& source_values) {
    std::vector<int> out(image.source.size(), -1);
    for (std::size_t cell = 0; cell < out.size(); ++cell)
        if (image.source[cell] >= 0)
            out[cell] = int(source_values[std::size_t(image.source[cell])]);
    return out;
}

/// What an empty cell (no return) enters the network as.
enum class EmptyCells {
    kZero,        ///< normalise, then multiply by the validity mask (SqueezeSeg, lidar-bonnetal)
    kNormalised,  ///< (0 - mean) / std like any cell: blindspot's convention before issue 16
};

/// (raw - mean) / std per channel; empty cells as `empty` says.
std::vector<float> normalisedInput(const RangeImage& image, const std::vector<double>& mean,
                                   const std::vector<double>& std, EmptyCells empty);

/// Mirrors the image left-right (the width reverses and y changes sign): the training flip.
void flipHorizontally(RangeImage& image);

}  // namespace blindspot
