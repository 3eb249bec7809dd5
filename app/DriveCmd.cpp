// blindspot drive CONFIG.json -o DIR [--jobs N] [--no-progress] [--preview]
// blindspot deskew DIR -o OUT [--sequence SS]
#include <iostream>
#include <memory>
#include <optional>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "drive/Deskew.hpp"
#include "drive/DriveMap.hpp"
#include "drive/DriveRecording.hpp"
#include "reports/CameraImages.hpp"
#include "reports/DrivePreview.hpp"
#include "sweep/run/SweepProgress.hpp"

namespace blindspot::cli {
namespace {

struct DriveArgs {
    std::string config;
    DriveRecordOptions options;
    bool no_progress = false;
    bool preview = false;
};

void runDrive(DriveArgs& args, const AppContext& context) {
    const DriveConfig config = parseDriveConfig(readJsonFile(args.config), args.config);
    std::optional<SweepProgress> bar;
    args.options.progress = [&](std::size_t done, std::size_t total) {
        if (!bar) bar.emplace(total, 0, !args.no_progress, "drive", "frames");
        bar->update(done);
    };
    args.options.encode_png = [](const CameraImage& image) { return cameraRgbPng(image); };
    DriveSummary s;
    try {
        s = recordDrive(config, args.config, context.models(), args.options);
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::file(args.config));  // e.g. a background without lanes
    }
    std::cout << "drove " << s.route_length_m << " m in " << s.duration_s << " s with "
              << s.traffic_cars << " traffic cars: " << s.frames << " frames (" << s.frames_cast
              << " cast now, " << s.points << " points) -> " << args.options.output << "/sequences/"
              << config.sequence << "\n";
    if (!args.preview) return;
    const DriveMap map = readDriveMap(args.options.output, config.sequence);
    const std::string path = args.options.output + "/preview.png";
    writeFileAtomic(path, drivePreviewPng(map.ego_track_m, map.traffic_tracks_m, map.xyz_world_m,
                                          map.palette_label));
    std::cout << "preview: " << map.frames_used << " of " << map.frames << " scans ("
              << map.palette_label.size() << " points) -> " << path << "\n";
}

struct DeskewArgs {
    std::string input, output, sequence = "00";
};

}  // namespace

void setupDriveCommand(CLI::App& app, const AppContext& context) {
    auto args = std::make_shared<DriveArgs>();
    CLI::App* cmd = app.add_subcommand(
        "drive",
        "Drive the ego vehicle along a route through traffic and record a sequence "
        "(KITTI odometry / SemanticKITTI layout, docs/drive.md)");
    cmd->add_option("config", args->config, "Drive config (JSON)")->required();
    cmd->add_option("-o,--output", args->options.output, "Dataset directory")->required();
    cmd->add_option("--jobs", args->options.jobs, "Worker threads; the files do not depend on it")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--no-progress", args->no_progress, "No progress bar");
    cmd->add_flag("--preview", args->preview,
                  "Also write DIR/preview.png: the route, the traffic tracks and the scans "
                  "accumulated with the ground-truth poses, from above");
    cmd->callback([args, &context] { runDrive(*args, context); });

    auto deskew = std::make_shared<DeskewArgs>();
    CLI::App* d = app.add_subcommand(
        "deskew", "Undo the ego motion within each scan of a recorded drive, from its poses");
    d->add_option("dataset", deskew->input, "Dataset directory written by drive")->required();
    d->add_option("-o,--output", deskew->output, "Dataset directory to write")->required();
    d->add_option("--sequence", deskew->sequence, "Sequence, two digits")->capture_default_str();
    d->callback([deskew] {
        const std::size_t n = deskewSequence(deskew->input, deskew->sequence, deskew->output);
        std::cout << "deskewed " << n << " frames -> " << deskew->output << "/sequences/"
                  << deskew->sequence << "\n";
    });
}

}  // namespace blindspot::cli
