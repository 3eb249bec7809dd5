// The camera on an assembled scene: calibration against the label image, determinism, and what
// time of day and weather do to the image.
#include <gtest/gtest.h>

#include <iostream>

#include "core/geometry/Material.hpp"
#include "core/raycast/Camera.hpp"
#include "scenes/SceneAssembly.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;

namespace {

struct Fixture {
    SceneAssembler assembler{blindspot::testing::carModels(), lidarPreset("hdl64e")};
    AssembledScene scene;
    ScanGrid scan;
    Fixture() {
        Scenario s;
        s.background = "urban-01";
        s.cars = {{"sedan", 12, -2, 0, "red"}, {"suv", 20, 3, 180, "black"}};
        scene = assembler.assemble(s);
        scan = castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
    }
    CameraImage render(double time, const std::string& weather, int threads = 0) {
        CameraConditions c;
        c.time_of_day_h = time;
        c.weather = parseWeather(weather);
        c.seed = 5;
        return renderCamera(*scene.geometry, CameraSpec{}, scene.world_from_sensor, c, threads);
    }
};

double meanBrightness(const CameraImage& img) {
    double sum = 0;
    for (auto v : img.rgb) sum += v;
    return sum / double(img.rgb.size());
}

}  // namespace

TEST(CameraScene, CarLidarPointsLandOnTheCarsPixels) {
    Fixture f;
    const CameraSpec cam;
    const CameraImage img = f.render(12, "clear");
    const CalibrationMap map = calibrationMap(f.scan, cam);
    std::size_t car_points = 0, on_car = 0;
    for (std::size_t i = 0; i < f.scan.cellCount(); ++i) {
        if (!f.scan.valid(i) || f.scan.instance[i] == 0 || map.pixel_col[i] < 0) continue;
        if (f.scan.label[i] != label::kVehicle) continue;
        ++car_points;
        const std::size_t px =
            std::size_t(map.pixel_row[i]) * std::size_t(cam.width) + std::size_t(map.pixel_col[i]);
        on_car += img.label[px] == label::kVehicle && img.instance[px] == f.scan.instance[i];
    }
    std::cout << "calibration: " << on_car << " of " << car_points
              << " car LiDAR points on their car's pixels\n";
    EXPECT_GT(car_points, 1000u);
    EXPECT_GE(double(on_car), 0.99 * double(car_points)) << on_car << " of " << car_points;
}

TEST(CameraScene, SameSeedSameBytesWhateverTheThreads) {
    Fixture f;
    const CameraImage a = f.render(12, "rain:20", 1), b = f.render(12, "rain:20", 2);
    EXPECT_EQ(a.rgb, b.rgb);
    EXPECT_EQ(a.label, b.label);
    EXPECT_EQ(a.instance, b.instance);
}

TEST(CameraScene, NightIsDarkFogIsFlatRainAndSnowChangeTheImage) {
    Fixture f;
    const CameraImage noon = f.render(12, "clear"), night = f.render(23, "clear");
    EXPECT_LT(meanBrightness(night), 0.35 * meanBrightness(noon));
    // Headlights: the road just ahead is lit at night, far sky is dark.
    const CameraImage fog = f.render(12, "fog:0.06");
    // Fog pulls far pixels to the fog colour: the spread of the image shrinks.
    auto spread = [](const CameraImage& img) {
        const double m = meanBrightness(img);
        double ss = 0;
        for (auto v : img.rgb) ss += (v - m) * (v - m);
        return std::sqrt(ss / double(img.rgb.size()));
    };
    EXPECT_LT(spread(fog), 0.7 * spread(noon));
    EXPECT_NE(f.render(12, "rain:20").rgb, noon.rgb);
    EXPECT_NE(f.render(12, "snow:3").rgb, noon.rgb);
    // The labels do not depend on light or weather.
    EXPECT_EQ(night.label, noon.label);
    EXPECT_EQ(fog.instance, noon.instance);
}
