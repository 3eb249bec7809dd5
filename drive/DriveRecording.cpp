#include "drive/DriveRecording.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/base/ParallelFor.hpp"
#include "core/base/Rng.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/raycast/Camera.hpp"
#include "core/scan/ScanIo.hpp"
#include "drive/DrivePlan.hpp"
#include "drive/FrameCaster.hpp"
#include "scenes/BackgroundFile.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

struct SequencePaths {
    fs::path root, dir;
    fs::path file(const char* folder, std::size_t frame, const char* ext) const {
        return dir / folder / (kittiFrameName(frame) + ext);
    }
    bool camera = false;
    bool frameDone(std::size_t k) const {
        return fs::exists(file("velodyne", k, ".bin")) && fs::exists(file("labels", k, ".label")) &&
               fs::exists(file("point_times", k, ".bin")) &&
               (!camera || fs::exists(file("image_2", k, ".png")));
    }
};

// The co-located camera at the frame time, lit by the config's time of day and weather. The
// traffic stands where it is at the frame time (the last block cast may have moved it).
CameraImage frameImage(DriveWorld& world, const Background& background, const DrivePlan& plan,
                       const DriveConfig& config, std::size_t k) {
    const double t = plan.frameTime(k);
    const LidarSpec spec = lidarPreset(config.lidar);
    world.placeTraffic(plan.sim, t);
    CameraConditions c;
    c.time_of_day_h = config.time_of_day_h;
    c.weather = parseWeather(config.weather);
    c.seed = mix64(config.seed + k);
    c.street_lamps_world_m = background.lamps_m;
    return renderCamera(world.scene(), CameraSpec{}, sensorPoseAt(world, plan, config, spec, t), c,
                        1);
}

std::string encodeFloats(const std::vector<float>& values) {
    return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
}

void writeFrame(const SequencePaths& p, std::size_t k, const DriveFrame& f, LabelSet set) {
    PointList points = validPoints(f.scan);
    std::vector<float> times;
    for (std::size_t i = 0; i < f.scan.cellCount(); ++i)
        if (f.scan.valid(i)) times.push_back(f.time_offset_s[i]);
    for (std::size_t i = 0; i < points.label.size(); ++i) {
        const bool moving = std::find(f.moving_instances.begin(), f.moving_instances.end(),
                                      points.instance[i]) != f.moving_instances.end();
        points.label[i] = labelIdIn(set, points.label[i], moving);
    }
    // Times and labels first: the .bin is what marks a frame as written.
    writeFileAtomic(p.file("point_times", k, ".bin").string(), encodeFloats(times));
    writeFileAtomic(p.file("labels", k, ".label").string(), encodeSemanticKittiLabel(points));
    writeFileAtomic(p.file("velodyne", k, ".bin").string(), encodeKittiBin(points));
}

std::string matrixLine(const Eigen::Matrix<double, 3, 4>& m) {
    char buf[64];
    std::string line;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c) {
            std::snprintf(buf, sizeof buf, "%s%.12e", r || c ? " " : "", m(r, c));
            line += buf;
        }
    return line;
}

std::string calibText() {
    const CameraSpec camera;
    Eigen::Matrix<double, 3, 4> p = Eigen::Matrix<double, 3, 4>::Zero();
    p(0, 0) = p(1, 1) = camera.focalPx();
    p(0, 2) = camera.cx();
    p(1, 2) = camera.cy();
    p(2, 2) = 1.0;
    std::string text;
    for (const char* name : {"P0", "P1", "P2", "P3"})
        text += std::string(name) + ": " + matrixLine(p) + "\n";
    return text + "Tr: " + matrixLine(cameraFromLidar().matrix().topRows<3>()) + "\n";
}

void writeSequenceFiles(const SequencePaths& p, const DrivePlan& plan, const DriveConfig& config,
                        const LidarSpec& spec, const DriveWorld& world) {
    std::string poses, times,
        sensor = "frame,time_s,x_m,y_m,z_m,roll_deg,pitch_deg,yaw_deg,speed_mps,accel_mps2\n";
    std::string traffic =
        "frame,time_s,instance,model,length_m,width_m,x_m,y_m,z_m,roll_deg,"
        "pitch_deg,yaw_deg,speed_mps,accel_mps2\n";
    const EgoVehicle ego_body;
    const Eigen::Isometry3d tr = cameraFromLidar();
    Eigen::Isometry3d first_from_world = Eigen::Isometry3d::Identity();
    char buf[256];
    for (std::size_t k = 0; k < plan.frames; ++k) {
        const double t = plan.frameTime(k);
        const Eigen::Isometry3d w = sensorPoseAt(world, plan, config, spec, t);
        if (k == 0) first_from_world = w.inverse();
        poses +=
            matrixLine((tr * first_from_world * w * tr.inverse()).matrix().topRows<3>()) + "\n";
        std::snprintf(buf, sizeof buf, "%.6e\n", t);
        times += buf;
        const Pose iso = Pose::fromIsometry(w);
        const LongitudinalState ego = plan.sim.at(0, t);
        std::snprintf(buf, sizeof buf, "%zu,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", k, t,
                      iso.translation_m.x(), iso.translation_m.y(), iso.translation_m.z(),
                      iso.roll_deg, iso.pitch_deg, iso.yaw_deg, ego.v_mps, ego.a_mps2);
        sensor += buf;
        // The ego first (instance 0, its body's pose), then every traffic car.
        std::vector<Pose> bodies = {
            egoPoseAt(world.ground(), ego_body, plan.sim.vehicles.front().route, ego.s_m)};
        for (const auto& car : world.trafficPoses(plan.sim, t)) bodies.push_back(car);
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            const LongitudinalState st = plan.sim.at(i, t);
            const SimVehicle& v = plan.sim.vehicles[i];
            const Pose& b = bodies[i];
            std::snprintf(buf, sizeof buf,
                          "%zu,%.6f,%u,%s,%.3f,%.3f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", k,
                          t, i ? unsigned(plan.cars[i - 1].instance_id) : 0u,
                          i ? plan.cars[i - 1].model.c_str() : "ego", v.length_m, v.width_m,
                          b.translation_m.x(), b.translation_m.y(), b.translation_m.z(), b.roll_deg,
                          b.pitch_deg, b.yaw_deg, st.v_mps, st.a_mps2);
            traffic += buf;
        }
    }
    writeFileAtomic((p.dir / "poses.txt").string(), poses);
    writeFileAtomic((p.dir / "times.txt").string(), times);
    writeFileAtomic((p.dir / "calib.txt").string(), calibText());
    writeFileAtomic((p.dir / "sensor_poses.csv").string(), sensor);
    writeFileAtomic((p.dir / "traffic.csv").string(), traffic);
}

nlohmann::json driveJson(const DriveConfig& config, const std::string& config_file,
                         const DrivePlan& plan) {
    const Route& route = plan.sim.vehicles.front().route;
    nlohmann::json lanes = nlohmann::json::array();
    for (const auto& leg : route.legs) lanes.push_back(leg.lane);
    nlohmann::json cars = nlohmann::json::array();
    for (std::size_t i = 0; i < plan.cars.size(); ++i)
        cars.push_back({{"instance", plan.cars[i].instance_id},
                        {"model", plan.cars[i].model},
                        {"color", plan.cars[i].color},
                        {"cruise_mps", plan.sim.vehicles[i + 1].cruise_mps}});
    return {{"format", "blindspot drive 1"},
            {"config_file", config_file},
            {"config", driveConfigToJson(config)},
            {"route", {{"length_m", route.path.length()}, {"loop", route.loop}, {"lanes", lanes}}},
            {"traffic_cars", cars},
            {"frames", plan.frames},
            {"scan_frequency_hz", plan.scan_frequency_hz},
            {"simulated_s", plan.sim.duration()},
            {"time_step_s", plan.sim.dt_s}};
}

}  // namespace

Eigen::Isometry3d cameraFromLidar() {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    t.linear() << 0, -1, 0, 0, 0, -1, 1, 0, 0;
    return t;
}

DriveSummary recordDrive(const DriveConfig& config, const std::string& config_file,
                         const std::vector<CarModelSpec>& models, const DriveRecordOptions& o) {
    const Background background = backgroundById(config.background, models);
    const DrivePlan plan = planDrive(config, background, models);
    const LidarSpec spec = lidarPreset(config.lidar);
    SequencePaths p{o.output, fs::path(o.output) / "sequences" / config.sequence};
    prepareOutputDirectory(o.output);
    prepareOutputDirectory(p.dir.string());
    p.camera = config.camera;
    if (config.camera && !o.encode_png)
        throw ConfigError(ErrorSource::value("/camera"), "a recorder that can write PNG images");
    for (const char* folder : {"velodyne", "labels", "point_times", "image_2"})
        if (folder != std::string("image_2") || config.camera)
            prepareOutputDirectory((p.dir / folder).string());
    const nlohmann::json record = driveJson(config, config_file, plan);
    const fs::path record_path = p.root / "drive.json";
    if (fs::exists(record_path) &&
        readJsonFile(record_path.string()).value("config", nlohmann::json()) != record["config"])
        throw FileError(record_path.string(),
                        "a directory for this drive (it holds another drive; use a new one)");
    writeFileAtomic(record_path.string(), record.dump(2) + "\n");

    const int jobs = std::min<int>(threadCount(o.jobs), int(std::max<std::size_t>(1, plan.frames)));
    std::vector<std::unique_ptr<DriveWorld>> worlds(static_cast<std::size_t>(jobs));
    std::atomic<std::size_t> done{0}, cast{0}, points{0};
    std::mutex progress_mutex;
    parallelFor(plan.frames, jobs, [&](std::size_t k, int worker) {
        if (!p.frameDone(k)) {
            auto& world = worlds[std::size_t(worker)];
            if (!world) world = std::make_unique<DriveWorld>(background, models, plan.cars, 1);
            const DriveFrame frame = castDriveFrame(*world, plan, config, spec, LidarEffects{}, k);
            if (config.camera)
                writeFileAtomic(p.file("image_2", k, ".png").string(),
                                o.encode_png(frameImage(*world, background, plan, config, k)));
            writeFrame(p, k, frame, config.label_set);
            ++cast;
            points += frame.scan.validCount();
        }
        const std::size_t n = ++done;
        if (o.progress) {
            std::lock_guard<std::mutex> lock(progress_mutex);
            o.progress(n, plan.frames);
        }
    });
    if (!worlds.front())
        worlds.front() = std::make_unique<DriveWorld>(background, models, plan.cars, 1);
    writeSequenceFiles(p, plan, config, spec, *worlds.front());
    DriveSummary s;
    s.frames = plan.frames;
    s.frames_cast = cast;
    s.points = points;
    s.route_length_m = plan.sim.vehicles.front().route.path.length();
    s.duration_s = plan.sim.duration();
    s.traffic_cars = int(plan.cars.size());
    return s;
}

}  // namespace blindspot
