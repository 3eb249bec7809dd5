// The pinhole model, the calibration map and the sun against their formulas.
#include <gtest/gtest.h>

#include <cmath>

#include "core/geometry/Sun.hpp"
#include "core/raycast/Camera.hpp"

using namespace blindspot;

TEST(Camera, PinholeProjectionAndItsInverse) {
    const CameraSpec cam;  // KITTI: 1242 x 375, f = 621 / tan(40.7 deg)
    EXPECT_NEAR(cam.focalPx(), 621.0 / std::tan(40.7 * M_PI / 180), 1e-9);
    // On the optical axis: the image centre.
    const auto centre = projectToPixel(cam, {10, 0, 0});
    ASSERT_TRUE(centre);
    EXPECT_DOUBLE_EQ((*centre)[0], 621.0);
    EXPECT_DOUBLE_EQ((*centre)[1], 187.5);
    // 1 m left and 0.5 m up at 10 m: u = cx - f * 0.1, v = cy - f * 0.05.
    const auto p = projectToPixel(cam, {10, 1, 0.5});
    ASSERT_TRUE(p);
    EXPECT_NEAR((*p)[0], 621.0 - cam.focalPx() * 0.1, 1e-9);
    EXPECT_NEAR((*p)[1], 187.5 - cam.focalPx() * 0.05, 1e-9);
    const Eigen::Vector3d back = pixelRay(cam, (*p)[0], (*p)[1]);
    EXPECT_NEAR((back - Eigen::Vector3d(10, 1, 0.5).normalized()).norm(), 0.0, 1e-12);
    EXPECT_FALSE(projectToPixel(cam, {-5, 0, 0}));     // behind
    EXPECT_FALSE(projectToPixel(cam, {1, 5, 0}));      // beyond the horizontal FOV
    EXPECT_FALSE(projectToPixel(cam, {10, 0, -3.0}));  // below the image (vfov +-14.6 deg)
}

TEST(Camera, CalibrationMapCoversTheBeamsInsideTheImage) {
    LidarSpec spec;
    spec.vertical.form = AxisDefinition::Form::Custom;
    spec.vertical.angles_deg = {10, 0, -20};
    spec.horizontal.form = AxisDefinition::Form::Custom;
    spec.horizontal.angles_deg = {60, 0, -30, -120};  // columns left to right
    const ScanGrid scan = makeEmptyScan(resolveLidarSpec(spec), Eigen::Isometry3d::Identity());
    const CameraSpec cam;
    const CalibrationMap m = calibrationMap(scan, cam);
    // Row 0 (+10 deg) is inside the +-14.6 deg image, row 2 (-20 deg) is not; azimuth 60 and -120
    // (-120: behind) are outside the +-40.7 deg image.
    EXPECT_EQ(m.pixel_col[scan.index(1, 1)], 621);
    EXPECT_EQ(m.pixel_row[scan.index(1, 1)], 187);
    EXPECT_GE(m.pixel_col[scan.index(0, 2)], 621);  // -30 deg azimuth: right half
    EXPECT_LT(m.pixel_row[scan.index(0, 2)], 187);  // +10 deg: upper half
    EXPECT_EQ(m.pixel_col[scan.index(0, 0)], -1);
    EXPECT_EQ(m.pixel_col[scan.index(2, 1)], -1);
    EXPECT_EQ(m.pixel_col[scan.index(1, 3)], -1);
}

TEST(Sun, PositionMatchesTheDocumentedFormula) {
    // 21 June at KITTI's latitude: declination 23.44 deg, noon elevation 90 - 48.1 + 23.44.
    SunOptions june{48.1, 172};
    const SunPosition noon = sunPosition(12.0, june);
    const double delta = 23.44 * std::sin(2 * M_PI * (284 + 172) / 365.0);
    EXPECT_NEAR(noon.elevation_deg, 90 - 48.1 + delta, 1e-9);
    EXPECT_NEAR(noon.azimuth_deg, 180.0, 1e-9);  // due south
    EXPECT_NEAR(noon.direction_world().x(), -std::cos(noon.elevation_deg * M_PI / 180), 1e-12);
    // Morning sun in the east (bearing < 180, -y in the +x north / +y west frame), evening west.
    const SunPosition morning = sunPosition(8.0, june), evening = sunPosition(16.0, june);
    EXPECT_LT(morning.azimuth_deg, 180.0);
    EXPECT_LT(morning.direction_world().y(), 0.0);
    EXPECT_GT(evening.direction_world().y(), 0.0);
    EXPECT_NEAR(morning.elevation_deg, evening.elevation_deg, 1e-9);  // symmetric about noon
    EXPECT_LT(sunPosition(0.0, june).elevation_deg, 0.0);             // night
    // Equator at an equinox (declination 0 on day 81): the sun rises due east at 6 h, overhead at
    // 12 h.
    SunOptions equinox{0.0, 81};
    EXPECT_NEAR(sunPosition(12.0, equinox).elevation_deg, 90.0, 0.5);
    EXPECT_NEAR(sunPosition(6.0, equinox).elevation_deg, 0.0, 0.5);
    EXPECT_NEAR(sunPosition(6.0, equinox).azimuth_deg, 90.0, 0.5);
    // The hand-computed elevation at 15 h in June at 48.1 N.
    const double h = 45 * M_PI / 180, lat = 48.1 * M_PI / 180, d = delta * M_PI / 180;
    const double el =
        std::asin(std::sin(lat) * std::sin(d) + std::cos(lat) * std::cos(d) * std::cos(h));
    EXPECT_NEAR(sunPosition(15.0, june).elevation_deg, el * 180 / M_PI, 1e-9);
}

TEST(Camera, AnOffsetCameraSeesWithParallax) {
    CameraSpec cam;
    cam.width = 640;
    cam.height = 480;
    cam.hfov_deg = 90;                                                  // f = 320
    cam.sensor_from_camera.translation() = Eigen::Vector3d(0, 0, 0.5);  // 0.5 m above the LiDAR
    const auto p = projectToPixel(cam, {10, 0, 0});
    ASSERT_TRUE(p);
    EXPECT_NEAR((*p)[0], 320.0, 1e-9);
    EXPECT_NEAR((*p)[1], 240.0 + 320.0 * 0.05, 1e-9);  // the point is 0.5 m below the camera
}
