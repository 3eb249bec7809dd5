// blindspot lidar --preset NAME | --spec FILE
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "core/lidar/LidarSpec.hpp"

namespace blindspot::cli {
namespace {

struct LidarOptions {
    std::string preset;
    std::string spec_file;
    bool list = false;
};

void runLidar(const LidarOptions& opt) {
    if (opt.list || (opt.preset.empty() && opt.spec_file.empty())) {
        for (const auto& name : lidarPresetNames()) {
            const LidarSpec s = lidarPreset(name);
            std::cout << name << "  " << s.rows() << " x " << s.cols() << "\n";
        }
        return;
    }
    const LidarSpec spec = opt.spec_file.empty() ? lidarFromFlag(opt.preset, "--preset")
                                                 : loadLidarSpec(opt.spec_file);
    nlohmann::json out = lidarSpecToJson(spec);
    out["rows"] = spec.rows();
    out["cols"] = spec.cols();
    out["cells"] = spec.rows() * spec.cols();
    out["elevation_deg"] = {{"first", spec.elevation_deg.front()},
                            {"last", spec.elevation_deg.back()}};
    out["azimuth_deg"] = {{"first", spec.azimuth_deg.front()}, {"last", spec.azimuth_deg.back()}};
    std::cout << out.dump(2) << "\n";
    std::cout << "m x n = " << spec.rows() << " x " << spec.cols() << " = "
              << spec.rows() * spec.cols() << "\n";
}

}  // namespace

void setupLidarCommand(CLI::App& app, const AppContext&) {
    auto opt = std::make_shared<LidarOptions>();
    CLI::App* cmd = app.add_subcommand("lidar", "Print a resolved LiDAR spec and its m x n grid");
    auto* preset = cmd->add_option("--preset", opt->preset, lidarPresetList());
    cmd->add_option("--spec", opt->spec_file, "LiDAR spec JSON file (docs/lidar-spec.md)")
        ->excludes(preset);
    cmd->add_flag("--list", opt->list, "List the presets with their grid sizes");
    cmd->callback([opt] { runLidar(*opt); });
}

}  // namespace blindspot::cli
