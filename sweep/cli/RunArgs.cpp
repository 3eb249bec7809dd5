#include "sweep/cli/RunArgs.hpp"

#include <ctime>

#include "core/Error.hpp"
#include "sweep/ModificationSpace.hpp"

namespace blindspot::cli {
namespace {

// Seconds since the epoch of "YYYY-MM-DDTHH:MM:SSZ"; -1 when it does not parse.
double utcSeconds(const std::string& text) {
    std::tm tm{};
    if (!strptime(text.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm)) return -1.0;
    return double(timegm(&tm));
}

}  // namespace

void MapArgs::add(CLI::App* cmd) {
    cmd->add_option("--dims", dims, "The two map dimensions")->capture_default_str();
    cmd->add_option("--class", class_name, "Class whose IoU is mapped, or miou")
        ->capture_default_str();
}

MapOptions MapArgs::options() const {
    const auto comma = dims.find(',');
    const std::string a = dims.substr(0, comma),
                      b = comma == std::string::npos ? "" : dims.substr(comma + 1);
    bool known_a = false, known_b = false;
    for (const auto& n : dimensionNames()) known_a |= n == a, known_b |= n == b;
    if (!known_a || !known_b || a == b)
        throw ConfigError("--dims", "",
                          "two different sweep dimensions like x,y; got \"" + dims + "\"");
    MapOptions o;
    o.dims = {a, b};
    o.metric.class_name = class_name;
    return o;
}

RunMetadata metadataOf(const LoadedRun& run) {
    RunMetadata m;
    m.name = run.info.name;
    m.run_dir = run.dir;
    m.config_hash = run.info.config_hash;
    m.checkpoint_hash = run.info.checkpoint_hash;
    m.tool_version = run.info.tool_version;
    m.started_at = run.info.started_at;
    m.finished_at = run.info.finished_at;
    m.scenes = run.scenes.size();
    const double start = utcSeconds(m.started_at), end = utcSeconds(m.finished_at);
    m.duration_s = start >= 0 && end >= start ? end - start : run.seconds;
    return m;
}

}  // namespace blindspot::cli
