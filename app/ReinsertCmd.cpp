// blindspot reinsert DATA... -o DIR [--model CKPT] [--lidar hdl64e-kitti] [--min-points N]
//   DATA: real:SEQUENCE_DIR#N or #A..B[:S] frames, or sequence directories (every frame)
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/Commands.hpp"
#include "core/base/Error.hpp"
#include "models/network/Network.hpp"
#include "reports/ReinsertionReport.hpp"
#include "scenes/RealBackground.hpp"
#include "sweep/output/Reinsertion.hpp"

namespace blindspot::cli {
namespace {

namespace fs = std::filesystem;

struct ReinsertOptions {
    std::vector<std::string> data;
    std::string out_dir;
    std::string model;
    std::string lidar = "hdl64e-kitti";
    std::size_t min_points = 20;
};

// The frames DATA names: a real: value as it expands, a sequence directory as all its frames.
std::vector<std::string> framesOf(const std::vector<std::string>& data) {
    std::vector<std::string> ids;
    for (const auto& d : data) {
        std::string value = d;
        if (!isRealBackground(d)) {
            std::vector<std::string> frames;
            if (fs::is_directory(fs::path(d) / "velodyne"))
                for (const auto& e : fs::directory_iterator(fs::path(d) / "velodyne"))
                    if (e.path().extension() == ".bin") frames.push_back(e.path().stem().string());
            if (frames.empty())
                throw ConfigError(ErrorSource::flag("DATA", "/" + d),
                                  "expected real:DIR#N or a sequence directory with velodyne/");
            std::sort(frames.begin(), frames.end());
            for (const auto& f : frames)
                ids.push_back(std::string(kRealBackgroundPrefix) + d + "#" +
                              std::to_string(std::stoul(f)));
            continue;
        }
        for (const auto& id : expandRealBackground(value, ErrorSource::flag("DATA", "/" + d)))
            ids.push_back(id);
    }
    return ids;
}

// The points ratio per third of the cars' height, "1.10/1.52/1.90".
std::string bandText(const ReinsertionBin& b) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2);
    for (std::size_t k = 0; k < b.band_ratio.size(); ++k) {
        if (k > 0) out << "/";
        if (b.band_ratio[k]) out << *b.band_ratio[k];
        else out << "-";
    }
    return out.str();
}

void runReinsert(const ReinsertOptions& opt, const AppContext& context) {
    const std::vector<std::string> frames = framesOf(opt.data);
    const LidarSpec lasers = lidarFromFlag(opt.lidar, "--lidar");
    const std::string model = opt.model.empty() ? context.data().baseline() : opt.model;
    std::shared_ptr<SegmentationNetwork> net = SegmentationNetwork::load(model);
    const auto segmenter = makeNetworkSegmenter(net);
    ReinsertionOptions options;
    options.min_points = opt.min_points;
    const auto pairs = reinsertCars(frames, context.models(), lasers, *segmenter, options);
    const auto bins = reinsertionBins(pairs, options.seed);
    const std::string index = writeReinsertionReport(pairs, bins, model, opt.out_dir);
    for (const auto& b : bins)
        std::cout << b.name << ": " << b.instances << " cars, points real " << b.real_points
                  << " inserted " << b.inserted_points << " (ratio "
                  << (b.points_ratio ? std::to_string(*b.points_ratio) : "-") << "; lower/middle/upper "
                  << bandText(b) << "), IoU real "
                  << (b.real_iou ? std::to_string(*b.real_iou) : "-") << " inserted "
                  << (b.inserted_iou ? std::to_string(*b.inserted_iou) : "-") << "\n";
    for (const auto& s : reinsertionShortfalls(bins)) std::cout << "short: " << s << "\n";
    std::cout << "reinsert: " << pairs.size() << " cars in " << frames.size() << " frames -> "
              << fs::absolute(index).string() << "\n";
}

}  // namespace

void setupReinsertCommand(CLI::App& app, const AppContext& context) {
    auto opt = std::make_shared<ReinsertOptions>();
    CLI::App* cmd = app.add_subcommand(
        "reinsert",
        "Same-pose re-insertion: every labelled real car against the library car inserted at its "
        "box, scored by a network (docs/real-backgrounds.md)");
    cmd->add_option("data", opt->data,
                    "real:SEQUENCE_DIR#N[..M[:S]] frames or sequence directories")
        ->required();
    cmd->add_option("-o,--output", opt->out_dir, "Report directory")->required();
    cmd->add_option("--model", opt->model, "Checkpoint directory (default: the bundled baseline)");
    cmd->add_option("--lidar", opt->lidar, "LiDAR preset or spec file of the recording")
        ->capture_default_str();
    cmd->add_option("--min-points", opt->min_points, "Leave out cars with fewer returns")
        ->capture_default_str();
    cmd->callback([opt, &context] { runReinsert(*opt, context); });
}

}  // namespace blindspot::cli
