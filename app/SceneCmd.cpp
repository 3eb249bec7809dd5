// blindspot scene --background ID --car MODEL:x=..,y=..,yaw=..,color=.. [...] -o DIR
// blindspot scene --list
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/geometry/PoseJson.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/raycast/Camera.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/scan/ScanSummary.hpp"
#include "reports/BevImage.hpp"
#include "reports/CameraImages.hpp"
#include "reports/CarGallery.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/BackgroundFile.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/RealScene.hpp"
#include "scenes/SceneExport.hpp"
#include "sweep/run/ScenarioScanner.hpp"

namespace blindspot::cli {
namespace {

struct SceneOptions {
    std::string background = "urban-01";
    std::vector<std::string> cars;
    std::string lidar = "hdl64e";
    std::string out_dir;
    std::string on_overlap = "warn";
    int threads = 0;
    bool list = false;
    std::string gallery;
    std::string save_background;
    bool camera = false;
    std::string weather = "clear";
    double time_of_day = 12.0;
    bool physical = false;
    std::uint64_t seed = 1;
    std::vector<int> camera_size{1242, 375};
    double camera_hfov_deg = 81.4;
    std::vector<double> camera_offset{0, 0, 0};
    double latitude_deg = 48.1;
    int day_of_year = 172;
};

/// "sedan:x=8,y=-2,yaw=30,color=red"
ScenarioCar parseCar(const std::string& text) {
    ScenarioCar car;
    const auto colon = text.find(':');
    car.model = text.substr(0, colon);
    if (car.model.empty())
        throw ConfigError(ErrorSource::flag("--car " + text, "/model"),
                          "expected MODEL:x=..,y=..,yaw=..,color=..");
    if (colon == std::string::npos) return car;
    std::stringstream fields(text.substr(colon + 1));
    for (std::string field; std::getline(fields, field, ',');) {
        const auto eq = field.find('=');
        const std::string key = field.substr(0, eq),
                          value = eq == std::string::npos ? "" : field.substr(eq + 1);
        if (key == "color" || key == "colour") {
            car.color = value;
            continue;
        }
        double* target = key == "x"     ? &car.x_m
                         : key == "y"   ? &car.y_m
                         : key == "yaw" ? &car.yaw_deg
                                        : nullptr;
        if (!target)
            throw ConfigError(ErrorSource::flag("--car " + text, "/" + key),
                              "unknown key; expected x, y, yaw or color");
        try {
            std::size_t used = 0;
            *target = std::stod(value, &used);
            if (used != value.size()) throw std::invalid_argument(value);
        } catch (const std::exception&) {
            throw ConfigError(ErrorSource::flag("--car " + text, "/" + key),
                              "expected a number, got \"" + value + "\"");
        }
    }
    if (car.model == "pedestrian" || car.model == "cyclist") car.target_type = car.model;
    return car;
}

void listCatalogue(const std::vector<CarModelSpec>& models) {
    std::cout << "backgrounds (id: type):\n";
    for (const auto& id : backgroundIds())
        std::cout << "  " << id << ": " << backgroundTypeOf(id) << "\n";
    std::cout << "  or TYPE:SEED with TYPE one of";
    for (const auto& t : backgroundTypes()) std::cout << " " << t;
    std::cout << "\ncar models (length x width x height, m; triangles):\n";
    for (const auto& m : models)
        std::cout << "  " << m.name << "  " << m.length_m << " x " << m.width_m << " x "
                  << m.height_m << "  " << buildCarMesh(m).triangleCount() << "  " << m.description
                  << "\n";
    std::cout << "colours:";
    for (const auto& c : paintColors()) std::cout << " " << c.name;
    std::cout << "\n";
}

nlohmann::json sceneJson(const AssembledScene& scene,
                         const std::vector<CarVisibility>& visibility) {
    nlohmann::json cars = nlohmann::json::array();
    for (std::size_t i = 0; i < scene.cars.size(); ++i) {
        const PlacedCar& c = scene.cars[i];
        cars.push_back({{"model", c.target.model},
                        {"color", c.target.color},
                        {"x_m", c.target.x_m},
                        {"y_m", c.target.y_m},
                        {"yaw_deg", c.target.yaw_deg},
                        {"instance", c.instance_id},
                        {"world_from_car", poseToJson(c.world_from_car)},
                        {"visible_points", visibility[i].visible_points},
                        {"unoccluded_points", visibility[i].unoccluded_points},
                        {"visibility", visibility[i].visibility},
                        {"fully_occluded", visibility[i].fully_occluded}});
    }
    nlohmann::json collisions = nlohmann::json::array();
    for (const auto& c : scene.collisions)
        collisions.push_back({{"car", c.car}, {"with", c.with}, {"other", c.other}});
    return {{"background", scene.background->id},
            {"type", scene.background->type},
            {"cars", cars},
            {"collisions", collisions}};
}

// The scenario the flags describe: the placed cars and no traffic.
Scenario scenarioFromFlags(const SceneOptions& opt, const LidarSpec& spec) {
    Scenario s;
    s.background = opt.background;
    for (const auto& text : opt.cars) s.cars.push_back(parseCar(text));
    s.count = int(s.cars.size());
    s.weather = opt.weather;
    s.time_of_day_h = opt.time_of_day;
    s.sensor.lidar = opt.lidar;
    s.sensor.pitch_deg = spec.pitch_deg;  // a spec file may tilt its head
    parseWeather(opt.weather, ErrorSource::flag("--weather"));
    return s;
}

void reportCollisions(const SceneOptions& opt, const Scenario& s, const AssembledScene& scene) {
    for (const auto& c : scene.collisions) {
        const std::string what = "car " + std::to_string(c.car) + " (" +
                                 s.cars[std::size_t(c.car)].model + ") overlaps " + c.with +
                                 (c.with == "car" ? " " + std::to_string(c.other) : "");
        if (opt.on_overlap == "error")
            throw ConfigError(ErrorSource::flag("--car", "/cars/" + std::to_string(c.car)), what);
        if (opt.on_overlap == "warn") std::cerr << "warning: " << what << "\n";
    }
}

void writeCamera(const SceneOptions& opt, ScenarioScanner& scanner, const Scenario& s,
                 const ScanGrid& scan) {
    CameraConditions conditions;
    conditions.sun = {opt.latitude_deg, opt.day_of_year};
    CameraSpec camera;
    camera.width = opt.camera_size[0];
    camera.height = opt.camera_size[1];
    camera.hfov_deg = opt.camera_hfov_deg;
    camera.sensor_from_camera.translation() =
        Eigen::Vector3d(opt.camera_offset[0], opt.camera_offset[1], opt.camera_offset[2]);
    const CameraImage image = scanner.camera(s, opt.seed, camera, conditions, opt.threads);
    writeCameraOutputs(image, scan, camera, opt.out_dir);
    std::cout << "camera " << camera.width << " x " << camera.height << " -> " << opt.out_dir
              << "/{camera,camera_label,camera_instance,overlay}.png, calibration.{bin,json}\n";
}

nlohmann::json realTargetJson(const RealTarget& t) {
    return {{"target_type", t.target.target_type},
            {"model", t.target.model},
            {"color", t.target.color},
            {"x_m", t.target.x_m},
            {"y_m", t.target.y_m},
            {"yaw_deg", t.target.yaw_deg},
            {"instance", t.instance_id},
            {"ground_z_m", t.world_from_target.translation_m.z()},
            {"ground_source", t.ground_source},
            {"skipped", t.skipped},
            {"points", t.points}};
}

// Targets inserted into a recorded frame along its rays (issue 52): scan.bin, scan.label (KITTI /
// SemanticKITTI), scan.ply (Open3D), scan.inserted (one byte per point, 1 on a target) and
// scan.json.
void runRealScene(const SceneOptions& opt, const AppContext& context) {
    std::vector<ScenarioCar> targets;
    for (const auto& text : opt.cars) targets.push_back(parseCar(text));
    const ErrorSource flag = ErrorSource::flag("--background");
    if (expandRealBackground(opt.background, flag).size() != 1)  // names a missing frame or range
        throw ConfigError(flag, "\"" + opt.background + "\": expected one frame, real:DIR#N");
    const RealFrame frame = loadRealFrame(opt.background, flag);
    const RealScene scene =
        composeRealScene(frame, targets, context.models(), lidarFromFlag(opt.lidar, "--lidar"),
                         opt.seed, opt.on_overlap == "keep", ErrorSource::flag("--car"));
    for (std::size_t i = 0; i < scene.targets.size(); ++i) {
        if (scene.targets[i].skipped.empty()) continue;
        const std::string what = "target " + std::to_string(i) + " (" + opt.cars[i] +
                                 ") skipped: " + scene.targets[i].skipped;
        if (opt.on_overlap == "error")
            throw ConfigError(ErrorSource::flag("--car", "/cars/" + std::to_string(i)), what);
        std::cerr << "warning: " << what << "\n";
    }
    const std::filesystem::path dir(opt.out_dir);
    makeDirectories(dir.string());
    const ComposedScan& c = scene.composed;
    writeFileAtomic((dir / "scan.bin").string(), encodeKittiBin(c.points));
    writeFileAtomic((dir / "scan.label").string(), encodeSemanticKittiLabel(c.points));
    writeFileAtomic((dir / "scan.ply").string(), encodePly(c.points));
    writeFileAtomic((dir / "scan.inserted").string(),
                    std::string(c.inserted.begin(), c.inserted.end()));
    nlohmann::json summary = {{"background", frame.id},
                              {"content_hash", frame.content_hash},
                              {"lidar", opt.lidar},
                              {"points", c.points.size()},
                              {"real_points", frame.points.size()},
                              {"kept", c.kept},
                              {"replaced", c.replaced},
                              {"vanished", c.vanished},
                              {"added", c.added},
                              {"unfitted_points", scene.rays.unfitted},
                              {"targets", nlohmann::json::array()}};
    for (const auto& t : scene.targets) summary["targets"].push_back(realTargetJson(t));
    writeFileAtomic((dir / "scan.json").string(), summary.dump(2) + "\n");
    std::cout << "scene " << frame.id << ": " << c.kept << " real points kept, " << c.replaced
              << " replaced and " << c.vanished << " hidden by targets, " << c.added << " added -> "
              << dir.string() << "/scan.{bin,label,ply,inserted,json}\n";
    for (std::size_t i = 0; i < scene.targets.size(); ++i)
        std::cout << "  target " << i << " " << opt.cars[i] << ": " << scene.targets[i].points
                  << " points"
                  << (scene.targets[i].skipped.empty() ? ""
                                                       : ", skipped: " + scene.targets[i].skipped)
                  << "\n";
}

void runScene(const SceneOptions& opt, const AppContext& context) {
    const std::vector<CarModelSpec>& models = context.models();
    if (opt.list) return listCatalogue(models);
    if (!opt.save_background.empty()) {
        const Background bg = generateBackground(opt.background, models);
        saveBackgroundSceneFile(bg, models, opt.save_background);
        std::cout << "background " << bg.id << " -> " << opt.save_background
                  << "/scene.json (+ meshes/)\n";
        return;
    }
    if (!opt.gallery.empty()) {
        writeCarGalleryPng(models, opt.gallery);
        std::cout << "car gallery -> " << opt.gallery << "\n";
        return;
    }
    if (opt.out_dir.empty())
        throw ConfigError(ErrorSource::flag("-o"), "-o DIR is required unless --list is given");
    if (isRealBackground(opt.background)) return runRealScene(opt, context);
    const Scenario scenario = scenarioFromFlags(opt, lidarFromFlag(opt.lidar, "--lidar"));
    LidarEffects effects;
    effects.paper_mode = !opt.physical;
    ScenarioScanner scanner(models, effects);
    ScannedScene scanned;
    try {
        scanned = scanner.scan(scenario, opt.seed, opt.threads);
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::flag("--car"));
    }
    reportCollisions(opt, scenario, scanned.scene);
    const std::filesystem::path dir(opt.out_dir);
    writeScanFiles(scanned.scan, dir.string());
    nlohmann::json summary = scanSummaryJson(scanned.scan);
    summary["scene"] = sceneJson(scanned.scene, scanned.visibility);
    writeFileAtomic((dir / "scan.json").string(), summary.dump(2) + "\n");
    writeScenePly(*scanned.scene.geometry, (dir / "scene.ply").string());
    writeBevPng(scanned.scan, (dir / "bev.png").string());
    const auto& scene = scanned.scene;
    std::cout << "scene " << scene.background->id << " (" << scene.background->type << "), "
              << scene.cars.size() << " cars, " << scanned.scan.validCount() << " returns -> "
              << dir.string() << "/{scan.*,scene.ply,bev.png}\n";
    for (std::size_t i = 0; i < scanned.visibility.size(); ++i)
        std::cout << "  car " << i << " " << scenario.cars[i].model << ": "
                  << scanned.visibility[i].visible_points << " points, visibility "
                  << scanned.visibility[i].visibility << "\n";
    if (opt.camera) writeCamera(opt, scanner, scenario, scanned.scan);
}

}  // namespace

void setupSceneCommand(CLI::App& app, const AppContext& context) {
    auto opt = std::make_shared<SceneOptions>();
    CLI::App* cmd =
        app.add_subcommand("scene", "Assemble a background with target cars and scan it");
    cmd->add_option("--background", opt->background,
                    "Background id (urban-01 ... urban-15, TYPE:SEED, or a recorded frame "
                    "real:SEQUENCE_DIR#N)")
        ->capture_default_str();
    cmd->add_option("--car", opt->cars,
                    "MODEL:x=M,y=M,yaw=DEG,color=NAME (ego frame; MODEL pedestrian or cyclist "
                    "places a person; repeatable)");
    cmd->add_option("--lidar", opt->lidar, "LiDAR preset name or spec JSON file")
        ->capture_default_str();
    cmd->add_option("-o,--output", opt->out_dir, "Output directory");
    cmd->add_option("--on-overlap", opt->on_overlap, "What to do when a car overlaps something")
        ->check(CLI::IsMember({"warn", "error", "keep"}))
        ->capture_default_str();
    cmd->add_option("--threads", opt->threads, "Ray-casting threads (0 = all cores)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--list", opt->list, "List backgrounds, car models and colours");
    cmd->add_option(
        "--save-background", opt->save_background,
        "Save the background as an editable scene file (scene.json + meshes/) into DIR and exit");
    cmd->add_option("--car-gallery", opt->gallery,
                    "Write a PNG picture of every car model and exit");
    cmd->add_flag("--camera", opt->camera,
                  "Also render the co-located camera: image, labels, calibration map, overlay");
    cmd->add_option("--weather", opt->weather,
                    "clear, fog:ALPHA_PER_M, rain:MM_PER_H, snow:MM_PER_H")
        ->capture_default_str();
    cmd->add_option("--time", opt->time_of_day, "Time of day, hours (local solar time)")
        ->check(CLI::Range(0.0, 24.0))
        ->capture_default_str();
    cmd->add_flag("--physical", opt->physical,
                  "LiDAR weather and paint effects on (default: paper mode, camera only)");
    cmd->add_option("--seed", opt->seed, "Seed of the weather effects")->capture_default_str();
    cmd->add_option("--camera-size", opt->camera_size, "Image width and height, pixels")
        ->expected(2)
        ->delimiter('x')
        ->check(CLI::Range(16, 8192))
        ->capture_default_str();
    cmd->add_option("--camera-hfov", opt->camera_hfov_deg, "Horizontal field of view, deg")
        ->check(CLI::Range(10.0, 170.0))
        ->capture_default_str();
    cmd->add_option("--camera-offset", opt->camera_offset,
                    "Camera position on the LiDAR x,y,z (m, sensor frame; default co-located)")
        ->expected(3)
        ->delimiter(',');
    cmd->add_option("--latitude", opt->latitude_deg, "Latitude for the sun, deg")
        ->check(CLI::Range(-90.0, 90.0))
        ->capture_default_str();
    cmd->add_option("--day", opt->day_of_year, "Day of the year for the sun (1..365)")
        ->check(CLI::Range(1, 365))
        ->capture_default_str();
    cmd->callback([opt, &context] { runScene(*opt, context); });
}

}  // namespace blindspot::cli
