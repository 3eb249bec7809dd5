#include "models/projection/RangeProjection.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/base/Error.hpp"

namespace blindspot {

namespace {

constexpr double kDegPerRad = 180.0 / 3.14159265358979323846;

bool near(double a, double b) { return std::abs(a - b) < 1e-9; }

RangeImage emptyImage(const RangeGrid& grid, const std::vector<InputChannel>& channels,
                      std::size_t source_count) {
    RangeImage image;
    image.grid = grid;
    image.channels = channels;
    image.raw.assign(channels.size() * grid.cellCount(), 0.0f);
    image.mask.assign(grid.cellCount(), 0);
    image.source.assign(grid.cellCount(), -1);
    image.cell.assign(source_count, -1);
    return image;
}

float channelValue(InputChannel c, const float* xyz, float intensity, float range) {
    switch (c) {
        case InputChannel::kX:
            return xyz[0];
        case InputChannel::kY:
            return xyz[1];
        case InputChannel::kZ:
            return xyz[2];
        case InputChannel::kIntensity:
            return intensity;
        case InputChannel::kRange:
            return range;
        case InputChannel::kMask:
            return 1.0f;
    }
    return 0.0f;
}

void writeCell(RangeImage& image, std::size_t cell, const float* xyz, float intensity,
               float range) {
    const std::size_t plane = image.grid.cellCount();
    for (std::size_t c = 0; c < image.channels.size(); ++c)
        image.raw[c * plane + cell] = channelValue(image.channels[c], xyz, intensity, range);
    image.mask[cell] = 1;
}

long columnOf(const RangeGrid& g, const float* xyz) {
    const double azimuth = std::atan2(double(xyz[1]), double(xyz[0])) * kDegPerRad;
    return std::lround((g.left_azimuth_deg - azimuth) / g.azimuth_step_deg);
}

// Nearest cell of a direction. A direction more than half a cell outside the grid has none (-1),
// or the nearest edge cell when the grid clamps.
std::int32_t cellOf(const RangeGrid& g, const float* xyz, float range) {
    const double elevation = std::asin(std::clamp(double(xyz[2]) / range, -1.0, 1.0)) * kDegPerRad;
    long row = g.row_origin_z_m.empty()
                   ? g.nearestRow(elevation)
                   : g.rowOfPoint(std::hypot(double(xyz[0]), double(xyz[1])), double(xyz[2]));
    long col = columnOf(g, xyz);
    if (g.clamp_outside) {
        // nearestRow says -1 on both sides of an uneven grid: the elevation tells which edge.
        if (row < 0 || row >= g.rows) row = elevation > g.rowElevationDeg(0) ? 0 : g.rows - 1;
        col = std::clamp(col, 0L, long(g.cols) - 1);
    }
    if (row < 0 || row >= g.rows || col < 0 || col >= g.cols) return -1;
    return std::int32_t(row * g.cols + col);
}

// The cell of scan cell i's point when the grid's rows are the scan's lasers: its own row, and
// the column of its direction (no cell outside the grid, which does not clamp).
std::int32_t cellInLaserRow(const RangeGrid& g, int scan_cols, std::size_t i, const float* xyz) {
    const long row = long(i / std::size_t(scan_cols));
    const long col = columnOf(g, xyz);
    if (col < 0 || col >= g.cols) return -1;
    return std::int32_t(row * g.cols + col);
}

// Projects `count` sources; xyz(i) and intensity(i) give a source's point, NaN x = no point,
// and cell(i, point, range) its image cell or -1.
template <typename Xyz, typename Intensity, typename Cell>
void projectSources(RangeImage& image, std::size_t count, Xyz xyz, Intensity intensity,
                    Cell cell_of) {
    std::vector<float> best(image.grid.cellCount(), INFINITY);
    for (std::size_t i = 0; i < count; ++i) {
        const float* p = xyz(i);
        if (std::isnan(p[0])) continue;
        const float range = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
        if (!(range > 0.0f)) continue;
        const std::int32_t cell = cell_of(i, p, range);
        if (cell < 0) continue;
        image.cell[i] = cell;
        // Ties go to the lower source index, so the result does not depend on anything else.
        if (range >= best[std::size_t(cell)]) continue;
        best[std::size_t(cell)] = range;
        image.source[std::size_t(cell)] = std::int32_t(i);
        writeCell(image, std::size_t(cell), p, intensity(i), range);
    }
}

}  // namespace

double RangeGrid::rowElevationDeg(int row) const {
    return row_elevations_deg.empty() ? top_elevation_deg - row * elevation_step_deg
                                      : row_elevations_deg[std::size_t(row)];
}

long RangeGrid::nearestRow(double elevation_deg) const {
    if (row_elevations_deg.empty())
        return std::lround((top_elevation_deg - elevation_deg) / elevation_step_deg);
    const auto& e = row_elevations_deg;  // strictly decreasing
    const std::size_t n = e.size();
    if (n == 1) return std::fabs(elevation_deg - e[0]) <= elevation_step_deg / 2 ? 0 : -1;
    if (elevation_deg > e[0] + (e[0] - e[1]) / 2) return -1;
    if (elevation_deg < e[n - 1] - (e[n - 2] - e[n - 1]) / 2) return -1;
    // First row at or below the elevation, then the nearer of it and the row above.
    const auto it = std::lower_bound(e.begin(), e.end(), elevation_deg, std::greater<double>());
    if (it == e.end()) return long(n - 1);
    const long below = long(it - e.begin());
    if (below == 0) return 0;
    return (e[std::size_t(below) - 1] - elevation_deg) < (elevation_deg - *it) ? below - 1 : below;
}

long RangeGrid::rowOfPoint(double d_m, double z_m) const {
    const double seen_deg = std::atan2(z_m, d_m) * kDegPerRad;
    if (row_origin_z_m.empty() || row_elevations_deg.empty()) return nearestRow(seen_deg);
    // Seen from the origin a laser h above it appears up to atan(h / d) higher: its row lies
    // between the rows at the seen elevation and at that elevation lowered by the largest lift.
    double lift_m = 0.0;
    for (double h : row_origin_z_m) lift_m = std::max(lift_m, std::fabs(h));
    const double lift_deg = std::atan2(lift_m, std::max(d_m, 1e-3)) * kDegPerRad;
    const auto& e = row_elevations_deg;
    const double spacing = rows > 1 ? std::fabs(e.front() - e.back()) / (rows - 1) : 1.0;
    const auto first =
        std::lower_bound(e.begin(), e.end(), seen_deg + lift_deg + spacing, std::greater<double>());
    const auto last =
        std::lower_bound(e.begin(), e.end(), seen_deg - lift_deg - spacing, std::greater<double>());
    long best = -1;
    double best_miss = INFINITY;
    for (auto it = first; it != e.end() && it <= last; ++it) {
        const long r = long(it - e.begin());
        const double laser_deg = std::atan2(z_m - row_origin_z_m[std::size_t(r)], d_m) * kDegPerRad;
        const double miss = std::fabs(laser_deg - *it);
        if (miss < best_miss) best = r, best_miss = miss;
    }
    // Beyond an edge row by more than half the spacing to its neighbour: outside the grid.
    if (best == 0 || best == long(rows) - 1) {
        const std::size_t r = std::size_t(best), n = best == 0 ? 1 : r - 1;
        if (rows > 1 && best_miss > std::fabs(e[r] - e[n]) / 2) return -1;
    }
    return best;
}

bool RangeGrid::rowsAreLasersOf(const LidarSpec& spec) const {
    if (matches(spec) || clamp_outside || spec.rows() != rows || row_origin_z_m.empty() ||
        row_elevations_deg.size() != std::size_t(rows))
        return false;
    for (int r = 0; r < rows; ++r) {
        const auto k = std::size_t(r);
        if (!near(spec.elevation_deg[k], row_elevations_deg[k]) ||
            !near(spec.originZM(r), row_origin_z_m[k]))
            return false;
    }
    return true;
}

bool RangeGrid::matches(const LidarSpec& spec) const {
    if (spec.rows() != rows || spec.cols() != cols) return false;
    for (double off : spec.row_azimuth_offset_deg)
        if (off != 0.0) return false;
    for (double z : spec.row_origin_z_m)  // a raised laser's points leave its row's elevation
        if (z != 0.0) return false;
    for (int r = 0; r < rows; ++r)
        if (!near(spec.elevation_deg[std::size_t(r)], rowElevationDeg(r))) return false;
    for (int c = 0; c < cols; ++c)
        if (!near(spec.azimuth_deg[std::size_t(c)], left_azimuth_deg - c * azimuth_step_deg))
            return false;
    return true;
}

InputChannel inputChannelFromName(const std::string& name) {
    if (name == "x") return InputChannel::kX;
    if (name == "y") return InputChannel::kY;
    if (name == "z") return InputChannel::kZ;
    if (name == "intensity") return InputChannel::kIntensity;
    if (name == "range") return InputChannel::kRange;
    if (name == "mask") return InputChannel::kMask;
    throw ConfigError(ErrorSource::value(""), "unknown input channel \"" + name +
                                                  "\"; expected x, y, z, intensity, range or mask");
}

std::string inputChannelName(InputChannel channel) {
    switch (channel) {
        case InputChannel::kX:
            return "x";
        case InputChannel::kY:
            return "y";
        case InputChannel::kZ:
            return "z";
        case InputChannel::kIntensity:
            return "intensity";
        case InputChannel::kRange:
            return "range";
        case InputChannel::kMask:
            return "mask";
    }
    return "?";
}

RangeImage projectPoints(const PointList& points, const RangeGrid& grid,
                         const std::vector<InputChannel>& channels) {
    RangeImage image = emptyImage(grid, channels, points.size());
    projectSources(
        image, points.size(), [&](std::size_t i) { return &points.xyzi[4 * i]; },
        [&](std::size_t i) { return points.xyzi[4 * i + 3]; },
        [&](std::size_t, const float* p, float range) { return cellOf(grid, p, range); });
    return image;
}

RangeImage projectScan(const ScanGrid& scan, const RangeGrid& grid,
                       const std::vector<InputChannel>& channels) {
    RangeImage image = emptyImage(grid, channels, scan.cellCount());
    const auto xyz = [&](std::size_t i) { return &scan.xyz_sensor_m[3 * i]; };
    const auto intensity = [&](std::size_t i) { return scan.reflectivity[i]; };
    if (grid.rowsAreLasersOf(scan.spec)) {
        // A point lies on its laser's line, so rowOfPoint would find its own row: skip the search
        // (a tenth of a bf16 sweep's time went into its arc tangents).
        const int scan_cols = scan.spec.cols();
        projectSources(image, scan.cellCount(), xyz, intensity,
                       [&](std::size_t i, const float* p, float) {
                           return cellInLaserRow(grid, scan_cols, i, p);
                       });
        return image;
    }
    if (!grid.matches(scan.spec)) {
        projectSources(
            image, scan.cellCount(), xyz, intensity,
            [&](std::size_t, const float* p, float range) { return cellOf(grid, p, range); });
        return image;
    }
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i) || !(scan.range_m[i] > 0.0f)) continue;
        image.cell[i] = std::int32_t(i);
        image.source[i] = std::int32_t(i);
        writeCell(image, i, &scan.xyz_sensor_m[3 * i], scan.reflectivity[i], scan.range_m[i]);
    }
    return image;
}

std::vector<int> valuesForSources(const RangeImage& image, const std::vector<int>& cell_values,
                                  int missing) {
    std::vector<int> out(image.cell.size(), missing);
    for (std::size_t i = 0; i < image.cell.size(); ++i)
        if (image.cell[i] >= 0) out[i] = cell_values[std::size_t(image.cell[i])];
    return out;
}

std::vector<float> normalisedInput(const RangeImage& image, const std::vector<double>& mean,
                                   const std::vector<double>& std, EmptyCells empty) {
    const std::size_t plane = image.grid.cellCount();
    std::vector<float> out(image.raw.size());
    for (std::size_t c = 0; c < image.channels.size(); ++c) {
        const float m = float(mean[c]);
        const float inv = float(1.0 / std[c]);
        for (std::size_t i = 0; i < plane; ++i)
            out[c * plane + i] = (image.raw[c * plane + i] - m) * inv;
    }
    if (empty == EmptyCells::kZero)
        for (std::size_t c = 0; c < image.channels.size(); ++c)
            for (std::size_t i = 0; i < plane; ++i)
                if (!image.mask[i]) out[c * plane + i] = 0.0f;
    return out;
}

void flipHorizontally(RangeImage& image) {
    const int rows = image.grid.rows;
    const int cols = image.grid.cols;
    auto flip = [&](auto& v, std::size_t offset) {
        for (int r = 0; r < rows; ++r) {
            auto first = v.begin() + std::ptrdiff_t(offset + std::size_t(r) * std::size_t(cols));
            std::reverse(first, first + cols);
        }
    };
    const std::size_t plane = image.grid.cellCount();
    for (std::size_t c = 0; c < image.channels.size(); ++c) {
        flip(image.raw, c * plane);
        if (image.channels[c] != InputChannel::kY) continue;
        for (std::size_t i = 0; i < plane; ++i) image.raw[c * plane + i] *= -1.0f;
    }
    flip(image.mask, 0);
    if (!image.source.empty()) flip(image.source, 0);  // training sets drop the bookkeeping
    for (auto& cell : image.cell) {
        if (cell < 0) continue;
        const int r = cell / cols;
        cell = r * cols + (cols - 1 - cell % cols);
    }
}

}  // namespace blindspot
