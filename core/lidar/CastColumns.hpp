#pragma once
// Which columns of a scan a sweep casts. A network with a front-view grid (SqueezeSeg's 90 deg)
// sees about a quarter of an HDL-64E revolution, so the sweep casts the columns whose beams can
// land in the grid plus those of every car (their visibility counts all their returns), and leaves
// the rest without a return (`sweep --full-scans` casts everything).
#include <optional>

#include "core/lidar/LidarSpec.hpp"

namespace blindspot {

/// Columns [first, first + count) of a scan.
struct ColumnRange {
    int first = 0;
    int count = 0;

    int end() const { return first + count; }
    bool covers(const ColumnRange& other) const {
        return other.count == 0 || (first <= other.first && other.end() <= end());
    }
    bool operator==(const ColumnRange& o) const { return first == o.first && count == o.count; }
};

/// Sensor azimuths (deg, counter-clockwise from +x, ISO 8855) from `right_deg` up to `left_deg`.
struct AzimuthSpan {
    double right_deg = -180.0;
    double left_deg = 180.0;
};

ColumnRange allColumns(const LidarSpec& spec);

/// The columns whose beams, in any row with its azimuth offset, point within `span` (widened by
/// half a column spacing). The columns are contiguous when the span does not contain the seam at
/// the spec's first and last column; otherwise every column.
ColumnRange columnsWithin(const LidarSpec& spec, const AzimuthSpan& span);

/// The smallest range holding both, widened to whole 16-column packets (the caster's), so the
/// rays of a culled scan are fired in the same packets as in a full one.
ColumnRange unite(const LidarSpec& spec, const ColumnRange& a, const ColumnRange& b);

}  // namespace blindspot
