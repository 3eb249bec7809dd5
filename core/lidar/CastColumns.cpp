#include "core/lidar/CastColumns.hpp"

#include <algorithm>
#include <cmath>

#include "core/lidar/BeamTable.hpp"

namespace blindspot {
ColumnRange allColumns(const LidarSpec& spec) { return {0, spec.cols()}; }

ColumnRange columnsWithin(const LidarSpec& spec, const AzimuthSpan& span) {
    const int cols = spec.cols();
    if (cols < 2) return allColumns(spec);
    const double spacing = std::fabs(spec.azimuth_deg[1] - spec.azimuth_deg[0]);
    double offset = 0.0;  // the largest row offset turns a beam that far off its column
    for (double off : spec.row_azimuth_offset_deg) offset = std::max(offset, std::fabs(off));
    const double right = span.right_deg - offset - spacing / 2,
                 left = span.left_deg + offset + spacing / 2;
    int first = cols, last = -1;
    for (int c = 0; c < cols; ++c) {
        const double az = spec.azimuth_deg[std::size_t(c)];
        // The same direction as az, in the span's turn when it lies within it.
        const double in = right + std::fmod(std::fmod(az - right, 360.0) + 360.0, 360.0);
        if (in <= left) {
            first = std::min(first, c);
            last = std::max(last, c);
        }
    }
    if (last < 0) return {0, 0};
    // A span over the seam selects both ends: the whole row is the contiguous cover.
    const bool both_ends = first == 0 && last == cols - 1;
    return both_ends ? allColumns(spec) : ColumnRange{first, last - first + 1};
}

ColumnRange unite(const LidarSpec& spec, const ColumnRange& a, const ColumnRange& b) {
    if (a.count == 0 && b.count == 0) return {0, 0};
    const int first = a.count == 0 ? b.first : b.count == 0 ? a.first : std::min(a.first, b.first);
    const int end = std::max(a.count ? a.end() : 0, b.count ? b.end() : 0);
    const int aligned = first / kPacket * kPacket;
    return {aligned, std::min(spec.cols(), end) - aligned};
}

}  // namespace blindspot
