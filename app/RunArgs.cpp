#include "app/RunArgs.hpp"

#include "core/base/Error.hpp"

namespace blindspot::cli {

void MapArgs::add(CLI::App* cmd) {
    cmd->add_option("--dims", dims,
                    "The two map dimensions (default: x_m,y_m when the run has both, else the "
                    "first two it varies)");
    cmd->add_option("--class", class_name,
                    "Class whose IoU is mapped: target (the placed targets only, the default when "
                    "the run placed targets), car (every car, the paper's metric), ..., or miou");
}

MapOptions MapArgs::options(const DimensionRegistry& registry) const {
    MapOptions o;
    o.dimensions = registry;
    o.metric.class_name = class_name;
    if (dims.empty()) {
        o.dims = {"", ""};
        return o;
    }
    const auto comma = dims.find(',');
    const std::string a = dims.substr(0, comma),
                      b = comma == std::string::npos ? "" : dims.substr(comma + 1);
    const DimensionDef* da = registry.resolve(a);
    const DimensionDef* db = registry.resolve(b);
    if (!da || !db || da == db)
        throw ConfigError(ErrorSource::flag("--dims"),
                          "two different sweep dimensions like x_m,y_m (one of " + registry.list() +
                              "); got \"" + dims + "\"");
    o.dims = {da->name, db->name};
    return o;
}

}  // namespace blindspot::cli
