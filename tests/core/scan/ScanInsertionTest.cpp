// Issue 52: targets inserted into a recorded scan along its own rays, on the hand-built street of
// tests/core/HandBuiltStreet.hpp (every count known by construction).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"
#include "core/lidar/LaserFit.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/raycast/RayScene.hpp"
#include "core/scan/ScanInsertion.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/scan/ScanRays.hpp"
#include "tests/TempDir.hpp"
#include "tests/core/HandBuiltStreet.hpp"

using namespace blindspot;
using namespace blindspot::testing;

namespace {

// Slab test of the ray o + t d (t in (0, max_t)) against an axis-aligned box: its entry t.
std::optional<double> boxEntry(const Eigen::Vector3d& o, const Eigen::Vector3d& d,
                               const Eigen::Vector3d& lo, const Eigen::Vector3d& hi, double max_t) {
    double t0 = 0.0, t1 = max_t;
    for (int k = 0; k < 3; ++k) {
        if (std::fabs(d[k]) < 1e-12) {
            if (o[k] < lo[k] || o[k] > hi[k]) return std::nullopt;
            continue;
        }
        double a = (lo[k] - o[k]) / d[k], b = (hi[k] - o[k]) / d[k];
        if (a > b) std::swap(a, b);
        t0 = std::max(t0, a), t1 = std::min(t1, b);
    }
    return t0 <= t1 ? std::optional<double>(t0) : std::nullopt;
}

RayScene boxScene(const Eigen::Vector3d& lo, const Eigen::Vector3d& hi) {
    RayScene scene(1);
    const Eigen::Vector3d size = hi - lo;
    const MeshId mesh = scene.addMesh(makeBox(size.x(), size.y(), size.z()));
    MeshInstance box = placedMesh(mesh, {{label::kVehicle, 0.4f, 0.0f, 16.0f}});
    box.world_from_mesh = Eigen::Translation3d((lo + hi) / 2.0);
    box.instance_id = 7;
    scene.addInstance(box);
    scene.commit();
    return scene;
}

// Which real points a box hides: those whose ray (from their laser's origin through them) enters
// the box first. A margin of 1 mm keeps the road points under the box's bottom face out.
std::vector<char> shadowOf(const LidarSpec& s, const PointList& real, const ScanRays& rays,
                           const Eigen::Vector3d& lo, const Eigen::Vector3d& hi) {
    std::vector<char> shadow(real.size(), 0);
    for (std::size_t i = 0; i < real.size(); ++i) {
        const Eigen::Vector3d o = beamOrigin(s, rays.point_row[i]);
        const Eigen::Vector3d p(real.xyzi[4 * i], real.xyzi[4 * i + 1], real.xyzi[4 * i + 2]);
        const double range = (p - o).norm();
        shadow[i] = bool(boxEntry(o, (p - o) / range, lo, hi, range - 1e-3));
    }
    return shadow;
}

bool sameRealPoint(const PointList& a, std::size_t i, const PointList& b, std::size_t j) {
    return std::memcmp(&a.xyzi[4 * i], &b.xyzi[4 * j], 4 * sizeof(float)) == 0 &&
           a.label[i] == b.label[j] && a.instance[i] == b.instance[j];
}

}  // namespace

TEST(ScanRays, EveryPointGetsTheLaserAndColumnItWasFiredFrom) {
    const LidarSpec s = lasers();
    const Street real = street(s);
    const ScanRays rays = scanRaysOf(real.points, s, "street");
    EXPECT_EQ(rays.unfitted, 0u);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < real.cell.size(); ++i)
        wrong +=
            rays.point_row[i] != real.cell[i].first || rays.point_col[i] != real.cell[i].second;
    EXPECT_EQ(wrong, 0u) << "of " << real.cell.size();
    EXPECT_EQ(rays.emptyCells(), std::size_t(s.rows() * s.cols()) - real.points.size());
}

TEST(ScanRays, ASensorWhoseLasersDoNotFitIsAFileError) {
    const Street real = street(lasers());
    try {
        scanRaysOf(real.points, lidarPreset("vlp16"), "seq/000000.bin");
        FAIL() << "expected a FileError";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("seq/000000.bin"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("fit no laser"), std::string::npos) << e.what();
    }
}

TEST(ScanInsertion, ABoxBeforeTheWallReplacesExactlyThePointsOfItsShadow) {
    const LidarSpec s = lasers();
    const Street real = street(s);
    const ScanRays rays = scanRaysOf(real.points, s, "street");
    // 5 cm above the road (as a car body on its wheels): no ray grazes a face lying in the road.
    const Eigen::Vector3d lo(10.0, -1.0, kGroundZ + 0.05), hi(12.0, 1.0, kGroundZ + 1.5);
    const std::vector<char> shadow = shadowOf(s, real.points, rays, lo, hi);
    const auto predicted = std::size_t(std::count(shadow.begin(), shadow.end(), 1));
    ASSERT_GT(predicted, 500u);
    const ComposedScan out = insertTargets(real.points, rays, s, boxScene(lo, hi), 1);
    EXPECT_EQ(out.replaced, predicted);
    EXPECT_EQ(out.vanished, 0u);
    EXPECT_EQ(out.added, 0u);  // every ray to the box had a real return behind it
    EXPECT_EQ(out.kept, real.points.size() - predicted);
    ASSERT_EQ(out.points.size(), real.points.size());
    std::size_t on_box = 0, identical = 0;
    for (std::size_t j = 0; j < out.points.size(); ++j) {
        const std::size_t i = out.source[j];
        ASSERT_EQ(i, j);  // in input order, one for one
        EXPECT_EQ(out.inserted[j], shadow[i]);
        if (!shadow[i]) {
            identical += sameRealPoint(real.points, i, out.points, j);
            continue;
        }
        const Eigen::Vector3f q(out.points.xyzi[4 * j], out.points.xyzi[4 * j + 1],
                                out.points.xyzi[4 * j + 2]);
        const bool inside = (q.cast<double>().array() >= lo.array() - 2e-3).all() &&
                            (q.cast<double>().array() <= hi.array() + 2e-3).all();
        on_box += inside && out.points.label[j] == 10 && out.points.instance[j] == 7;
    }
    EXPECT_EQ(on_box, predicted);  // SemanticKITTI car, the box's instance, on its surface
    EXPECT_EQ(identical, real.points.size() - predicted);
}

TEST(ScanInsertion, ABoxBehindTheWallLeavesTheScanByteIdentical) {
    const LidarSpec s = lasers();
    const Street real = street(s);
    const ScanRays rays = scanRaysOf(real.points, s, "street");
    const ComposedScan out =
        insertTargets(real.points, rays, s,
                      boxScene({25.0, -1.0, kGroundZ + 0.05}, {27.0, 1.0, kGroundZ + 1.5}), 1);
    EXPECT_EQ(out.replaced + out.vanished + out.added, 0u);
    EXPECT_EQ(out.points.xyzi, real.points.xyzi);
    EXPECT_EQ(out.points.label, real.points.label);
    EXPECT_EQ(out.points.instance, real.points.instance);
}

TEST(ScanInsertion, ABoxBehindTheSensorFillsEmptyRaysAndOpen3dReadsTheScan) {
    const LidarSpec s = lasers();
    const Street real = street(s);
    const ScanRays rays = scanRaysOf(real.points, s, "street");
    // Behind the sensor there is no wall: the beams above about -0.8 deg reach no road within
    // 120 m and came back empty; the box's lower part hides road points, its upper part is hit
    // only by those empty rays.
    const Eigen::Vector3d lo(-9.0, -1.0, -1.0), hi(-8.0, 1.0, 1.0);
    std::size_t predicted_added = 0;
    for (int row = 0; row < s.rows(); ++row)
        for (int col = 0; col < s.cols(); ++col)
            if (!rays.cell_returned[std::size_t(row) * s.cols() + col])
                predicted_added +=
                    bool(boxEntry(beamOrigin(s, row), beamDir(s, row, col), lo, hi, s.max_range_m));
    const std::vector<char> shadow = shadowOf(s, real.points, rays, lo, hi);
    const auto predicted_replaced = std::size_t(std::count(shadow.begin(), shadow.end(), 1));
    ASSERT_GT(predicted_added, 20u);
    ASSERT_GT(predicted_replaced, 20u);
    const ComposedScan out = insertTargets(real.points, rays, s, boxScene(lo, hi), 1);
    EXPECT_EQ(out.added, predicted_added);
    EXPECT_EQ(out.replaced, predicted_replaced);
    EXPECT_EQ(out.points.size(), real.points.size() + predicted_added);
    const auto dir = blindspot::testing::freshTempDir("insertion-open3d");
    const std::string ply = (dir / "composed.ply").string();
    writeFileAtomic(ply, encodePly(out.points));
    const std::string cmd =
        "/usr/bin/python3 -c \"import open3d, sys; "
        "c = open3d.io.read_point_cloud(sys.argv[1]); print(len(c.points))\" " +
        ply + " > " + (dir / "count.txt").string();
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::ifstream count(dir / "count.txt");
    std::size_t read = 0;
    count >> read;
    EXPECT_EQ(read, out.points.size());
}
