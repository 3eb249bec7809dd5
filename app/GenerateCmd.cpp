// blindspot generate --backgrounds ID[,ID...] --scans N -o DIR [--seed S] [--cars MIN..MAX]
//                    [--people MIN..MAX]
//                    [--lidar PRESET|FILE] [--models NAME,...] [--traffic uniform|area]
//                    [--sequence SS] [--jobs N] [--randomize]
//                    [--label-set matlab|semantickitti]
#include <algorithm>
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "app/LabelSetOption.hpp"
#include "core/base/Error.hpp"
#include "models/training/DatasetGenerator.hpp"

namespace blindspot::cli {
namespace {

struct GenerateArgs {
    GenerateOptions options;
    std::string backgrounds;
    std::string cars = "2..8";
    std::string people = "0";
    std::string models;  // comma list; empty: every model
    std::string traffic = "uniform";
};

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma - start);
        if (!item.empty()) out.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// "A..B" -> (A, B); "A" -> (A, A); `flag` and `what` name the option in an error.
std::pair<int, int> parseCountRange(const std::string& text, const std::string& flag,
                                    const std::string& what) {
    const std::string expected =
        "expected a " + what + " count MIN..MAX, like 2..8, got \"" + text + "\"";
    try {
        const std::size_t dots = text.find("..");
        std::size_t used = 0;
        const int lo = std::stoi(text.substr(0, dots), &used);
        if (dots == std::string::npos) {
            if (used != text.size()) throw ConfigError(ErrorSource::flag(flag), expected);
            return {lo, lo};
        }
        const std::string rest = text.substr(dots + 2);
        const int hi = std::stoi(rest, &used);
        if (used != rest.size()) throw ConfigError(ErrorSource::flag(flag), expected);
        return {lo, hi};
    } catch (const std::logic_error&) {
        throw ConfigError(ErrorSource::flag(flag), expected);
    }
}

// The named models, in the order given; every model when `names` is empty.
std::vector<CarModelSpec> chosenModels(const std::vector<CarModelSpec>& all,
                                       const std::string& names) {
    if (names.empty()) return all;
    std::vector<CarModelSpec> out;
    for (const auto& name : splitList(names)) {
        const auto it = std::find_if(all.begin(), all.end(),
                                     [&](const CarModelSpec& m) { return m.name == name; });
        if (it == all.end()) {
            std::string known;
            for (const auto& m : all) known += (known.empty() ? "" : ", ") + m.name;
            throw ConfigError(ErrorSource::flag("--models"),
                              "unknown car model \"" + name + "\"; expected one of " + known);
        }
        out.push_back(*it);
    }
    return out;
}

void runGenerate(GenerateArgs& args, const AppContext& context) {
    GenerateOptions& o = args.options;
    o.models = chosenModels(context.models(), args.models);
    if (args.traffic == "area") o.traffic = trafficByArea();
    o.backgrounds = splitList(args.backgrounds);
    std::tie(o.cars_min, o.cars_max) = parseCountRange(args.cars, "--cars", "car");
    std::tie(o.people_min, o.people_max) = parseCountRange(args.people, "--people", "people");
    const GenerateSummary s = generateDataset(o);
    std::cout << "generated " << s.scans << " scans (" << s.points << " points, " << s.car_points
              << " on cars) in " << s.seconds << " s -> " << o.output << "/sequences/" << o.sequence
              << "\n";
}

}  // namespace

void setupGenerateCommand(CLI::App& app, const AppContext& context) {
    auto args = std::make_shared<GenerateArgs>();
    GenerateOptions& o = args->options;
    CLI::App* cmd = app.add_subcommand(
        "generate", "Write labelled traffic scans in the SemanticKITTI layout (training data)");
    cmd->add_option("--backgrounds", args->backgrounds,
                    "Comma-separated background ids (train-01..12 for training)")
        ->required();
    cmd->add_option("--scans", o.scans, "Number of scans")->required()->check(CLI::PositiveNumber);
    cmd->add_option("-o,--output", o.output, "Dataset directory")->required();
    cmd->add_option("--seed", o.seed, "Seed; scan i depends on (seed, i) only")
        ->capture_default_str();
    cmd->add_option("--cars", args->cars, "Cars per scan, MIN..MAX")->capture_default_str();
    cmd->add_option("--people", args->people,
                    "Pedestrians and cyclists per scan on and beside the road, MIN..MAX (placed "
                    "like traffic; default none)")
        ->capture_default_str();
    cmd->add_option("--lidar", o.lidar, "LiDAR preset or spec file")->capture_default_str();
    cmd->add_option("--models", args->models,
                    "Car models for traffic and parked cars, comma-separated (default: all)");
    cmd->add_option("--traffic", args->traffic,
                    "Traffic car positions: uniform (x 3..45 m) or area (x 5..45 m, uniform over "
                    "the road's area)")
        ->check(CLI::IsMember({"uniform", "area"}))
        ->capture_default_str();
    cmd->add_option("--sequence", o.sequence, "Sequence number, two digits")->capture_default_str();
    addLabelSetOption(cmd, o.label_set);
    cmd->add_flag("--randomize", o.randomize,
                  "Domain randomisation: LiDAR response, pitch and roll drawn per scan");
    cmd->add_option("--jobs", o.jobs, "Worker threads; the files do not depend on it")
        ->check(CLI::PositiveNumber);
    cmd->callback([args, &context] { runGenerate(*args, context); });
}

}  // namespace blindspot::cli
