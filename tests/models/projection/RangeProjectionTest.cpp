#include <gtest/gtest.h>

#include <cmath>

#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "models/projection/RangeProjection.hpp"

using namespace blindspot;

namespace {

const std::vector<InputChannel> kFive = {InputChannel::kX, InputChannel::kY, InputChannel::kZ,
                                         InputChannel::kIntensity, InputChannel::kRange};

// A scan of `spec` with a return in most cells, at ranges from 2 to 80 m along each laser's line
// (from its origin, raised by the spec's row_origin_z_m).
ScanGrid filledScan(const LidarSpec& spec) {
    ScanGrid scan = makeEmptyScan(spec, Eigen::Isometry3d::Identity());
    for (int r = 0; r < scan.rows(); ++r)
        for (int c = 0; c < scan.cols(); ++c) {
            const std::size_t i = scan.index(r, c);
            if ((r * 7 + c * 3) % 11 == 0) continue;  // holes
            const float range = 2.0f + float((r * 131 + c * 17) % 780) / 10.0f;
            const Eigen::Vector3d d = beamDirection(scan.elevationDeg(r, c), scan.azimuthDeg(r, c));
            for (int k = 0; k < 3; ++k) scan.xyz_sensor_m[3 * i + k] = float(range * d[k]);
            scan.xyz_sensor_m[3 * i + 2] += float(spec.originZM(r));
            scan.range_m[i] = range;
            scan.reflectivity[i] = 0.5f;
            scan.label[i] = 10;
        }
    return scan;
}

ScanGrid frontScan() { return filledScan(lidarPreset("squeezeseg-front")); }

}  // namespace

TEST(RangeProjection, FrontPresetMatchesTheSqueezeSegGrid) {
    EXPECT_TRUE(RangeGrid{}.matches(lidarPreset("squeezeseg-front")));
    EXPECT_FALSE(RangeGrid{}.matches(lidarPreset("hdl64e")));
}

TEST(RangeProjection, EveryValidPointMapsBackToItsOwnCell) {
    const ScanGrid scan = frontScan();
    // Once through the direct path (spec matches) and once through point projection.
    const RangeImage direct = projectScan(scan, RangeGrid{}, kFive);
    const RangeImage projected = projectPoints(validPoints(scan), RangeGrid{}, kFive);
    std::size_t point = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) {
            EXPECT_EQ(direct.cell[i], -1);
            EXPECT_EQ(direct.mask[i], 0);
            continue;
        }
        EXPECT_EQ(direct.cell[i], std::int32_t(i));
        ASSERT_EQ(projected.cell[point], std::int32_t(i)) << "point " << point;
        EXPECT_EQ(projected.source[i], std::int32_t(point));
        ++point;
    }
    EXPECT_EQ(direct.mask, projected.mask);
    // Channels in card order: x, y, z, intensity, range (raw units).
    const std::size_t plane = RangeGrid{}.cellCount(), cell = scan.index(10, 100);
    EXPECT_FLOAT_EQ(direct.raw[4 * plane + cell], scan.range_m[cell]);
    EXPECT_FLOAT_EQ(direct.raw[1 * plane + cell], scan.xyz_sensor_m[3 * cell + 1]);
    // Predictions map back to every scan cell.
    std::vector<int> cell_class(plane);
    for (std::size_t c = 0; c < plane; ++c) cell_class[c] = int(c % 4);
    const std::vector<int> back = valuesForSources(direct, cell_class);
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        EXPECT_EQ(back[i], scan.valid(i) ? int(i % 4) : -1);
}

TEST(RangeProjection, NearestPointWinsACellAndOutsidePointsAreDropped) {
    PointList points;
    auto add = [&](double elevation, double azimuth, float range) {
        const Eigen::Vector3d d = beamDirection(elevation, azimuth) * range;
        points.xyzi.insert(points.xyzi.end(), {float(d.x()), float(d.y()), float(d.z()), 0.3f});
        points.label.push_back(0);
        points.instance.push_back(0);
    };
    add(0.0, 0.1, 20.0f);   // row 5 (2 - 0.4 * 5 = 0), column 256 - 0.1/0.1758 -> 255.4 -> 255
    add(0.05, 0.12, 8.0f);  // the same cell, nearer: wins
    add(30.0, 0.0, 5.0f);   // far above the grid
    add(0.0, 120.0, 5.0f);  // outside the front 90 deg
    const RangeImage image = projectPoints(points, RangeGrid{}, {InputChannel::kRange});
    const std::int32_t cell = 5 * 512 + 255;
    EXPECT_EQ(image.cell[0], cell);
    EXPECT_EQ(image.cell[1], cell);
    EXPECT_EQ(image.source[std::size_t(cell)], 1);
    EXPECT_NEAR(image.raw[std::size_t(cell)], 8.0f, 1e-4);
    EXPECT_EQ(image.cell[2], -1);
    EXPECT_EQ(image.cell[3], -1);
}

TEST(RangeProjection, FlipReversesTheWidthAndNegatesY) {
    RangeImage image = projectScan(frontScan(), RangeGrid{}, kFive);
    const RangeImage original = image;
    flipHorizontally(image);
    const std::size_t plane = RangeGrid{}.cellCount();
    const std::size_t a = 3 * 512 + 10, b = 3 * 512 + 501;
    EXPECT_EQ(image.raw[a], original.raw[b]);                   // x
    EXPECT_EQ(image.raw[plane + a], -original.raw[plane + b]);  // y
    EXPECT_EQ(image.mask[a], original.mask[b]);
}

TEST(RangeProjection, RowTableSendsEachLaserToItsOwnRow) {
    RangeGrid g;
    g.row_elevations_deg = lidarPreset("hdl64e-kitti").elevation_deg;
    for (int r = 0; r < g.rows; ++r) {
        EXPECT_EQ(g.nearestRow(g.row_elevations_deg[std::size_t(r)]), r);
        EXPECT_DOUBLE_EQ(g.rowElevationDeg(r), g.row_elevations_deg[std::size_t(r)]);
    }
    // Halfway between rows 31 (-8.710) and 32 (-9.028) goes to the nearer; beyond half a spacing
    // outside the table there is no row.
    EXPECT_EQ(g.nearestRow(-8.8), 31);
    EXPECT_EQ(g.nearestRow(-8.95), 32);
    EXPECT_EQ(g.nearestRow(1.937 + 0.3), -1);
    EXPECT_EQ(g.nearestRow(-24.999 - 0.4), -1);
    EXPECT_TRUE(g.matches(lidarPreset("hdl64e-kitti")) == false);  // 2000 columns, not 512
}

TEST(RangeProjection, RaisedLasersKeepTheirRowsAtEveryRange) {
    // KITTI's lasers start 0.12-0.21 m above the origin, so seen from the origin a laser's return
    // at 4 m sits up to 3 deg (8 rows) above its elevation. With the origins' heights the grid
    // sends every return of laser r, at any range, to row r; without them, near ones go astray.
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    RangeGrid g;
    g.row_elevations_deg = spec.elevation_deg;
    RangeGrid plain = g;
    g.row_origin_z_m = spec.row_origin_z_m;
    int astray = 0;
    for (int r = 0; r < g.rows; ++r)
        for (double d_m : {2.5, 4.0, 8.0, 15.0, 40.0, 80.0}) {
            const double el = spec.elevation_deg[std::size_t(r)] * M_PI / 180;
            const double z_m = spec.row_origin_z_m[std::size_t(r)] + d_m * std::tan(el);
            EXPECT_EQ(g.rowOfPoint(d_m, z_m), r) << "laser " << r << " at " << d_m << " m";
            astray += plain.rowOfPoint(d_m, z_m) != r;
        }
    EXPECT_GT(astray, 64 * 3);  // the origin's view misplaces most returns within 15 m
    // 0.3 deg above the top laser, or below the bottom one, lies outside the grid.
    const double top = spec.elevation_deg.front() * M_PI / 180,
                 bottom = spec.elevation_deg.back() * M_PI / 180;
    EXPECT_EQ(
        g.rowOfPoint(10.0, spec.row_origin_z_m.front() + 10.0 * std::tan(top + 0.3 * M_PI / 180)),
        -1);
    EXPECT_EQ(
        g.rowOfPoint(10.0, spec.row_origin_z_m.back() + 10.0 * std::tan(bottom - 0.3 * M_PI / 180)),
        -1);
}

TEST(RangeProjection, AClampingGridPutsPointsOutsideIntoItsEdgeCells) {
    // lidar-bonnetal's convention: points above or below the vertical FOV land in the top or
    // bottom row; a dropping grid (blindspot's front view) leaves them out.
    RangeGrid grid;  // SqueezeSeg's front view: rows +2 .. -23.2 deg, azimuth +45 .. -45 deg
    PointList points;
    auto add = [&](double elevation_deg, double azimuth_deg) {
        const double e = elevation_deg * M_PI / 180.0, a = azimuth_deg * M_PI / 180.0;
        for (double v : {10.0 * std::cos(e) * std::cos(a), 10.0 * std::cos(e) * std::sin(a),
                         10.0 * std::sin(e), 0.5})
            points.xyzi.push_back(float(v));
    };
    add(10.0, 0.0);   // above the top row
    add(-40.0, 0.0);  // below the bottom row
    add(0.0, 60.0);   // left of column 0
    add(0.0, -60.0);  // right of the last column
    const std::vector<InputChannel> range = {InputChannel::kRange};
    const RangeImage dropped = projectPoints(points, grid, range);
    EXPECT_EQ(dropped.cell, (std::vector<std::int32_t>{-1, -1, -1, -1}));
    grid.clamp_outside = true;
    const RangeImage clamped = projectPoints(points, grid, range);
    const std::int32_t row_of_zero_deg = 5;             // 2 - 5 * 0.4 = 0 deg
    EXPECT_EQ(clamped.cell[0], 256);                    // row 0, column 256 (0 deg)
    EXPECT_EQ(clamped.cell[1], 63 * 512 + 256);         // the bottom row
    EXPECT_EQ(clamped.cell[2], row_of_zero_deg * 512);  // column 0
    EXPECT_EQ(clamped.cell[3], row_of_zero_deg * 512 + 511);
}

TEST(RangeProjection, TheMaskChannelIsOneWhereAPointLanded) {
    // SqueezeSegV2's sixth input: the validity mask as a channel ("mask" in a card).
    EXPECT_EQ(inputChannelFromName("mask"), InputChannel::kMask);
    EXPECT_EQ(inputChannelName(InputChannel::kMask), "mask");
    RangeGrid grid;
    PointList points;
    points.xyzi = {10.0f, 0.0f, 0.0f, 0.3f};  // straight ahead: row 5 (0 deg), column 256
    const RangeImage image =
        projectPoints(points, grid, {InputChannel::kRange, InputChannel::kMask});
    const std::size_t plane = grid.cellCount(), cell = 5 * 512 + 256;
    EXPECT_FLOAT_EQ(image.raw[cell], 10.0f);
    EXPECT_FLOAT_EQ(image.raw[plane + cell], 1.0f);
    EXPECT_FLOAT_EQ(image.raw[plane + cell + 1], 0.0f);
    const auto input = normalisedInput(image, {0.0, 0.0}, {1.0, 1.0}, EmptyCells::kZero);
    EXPECT_FLOAT_EQ(input[plane + cell], 1.0f);
    EXPECT_FLOAT_EQ(input[plane + cell + 1], 0.0f);
}

TEST(RangeProjection, LaserRowsShortcutEqualsTheRowSearch) {
    // hdl64e-kitti's raised lasers on a 512-column grid of its rows: projectScan takes each
    // point's own row instead of searching for it (rowsAreLasersOf), and must place every point
    // where the search over the same points (projectPoints) does, with the same winners.
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    RangeGrid g;
    g.row_elevations_deg = spec.elevation_deg;
    g.row_origin_z_m = spec.row_origin_z_m;
    ASSERT_TRUE(g.rowsAreLasersOf(spec));
    RangeGrid plain = g;
    plain.row_origin_z_m.clear();
    EXPECT_FALSE(plain.rowsAreLasersOf(spec));
    EXPECT_FALSE(g.rowsAreLasersOf(lidarPreset("hdl64e")));

    const ScanGrid scan = filledScan(spec);
    const RangeImage shortcut = projectScan(scan, g, kFive);
    const RangeImage searched = projectPoints(validPoints(scan), g, kFive);
    EXPECT_EQ(shortcut.mask, searched.mask);
    EXPECT_EQ(shortcut.raw, searched.raw);
    std::size_t point = 0, placed = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) continue;
        EXPECT_EQ(shortcut.cell[i], searched.cell[point]) << "cell " << i;
        placed += shortcut.cell[i] >= 0;
        ++point;
    }
    EXPECT_GT(placed, std::size_t(64 * 400));  // the front quarter of 2,000 columns, less holes
}
