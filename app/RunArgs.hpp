#pragma once
// The map options shared by the commands that read runs (select, compare, report).
#include <CLI/CLI.hpp>
#include <string>

#include "eval/MiouMap.hpp"
#include "sweep/output/RunReport.hpp"

namespace blindspot::cli {

/// --dims x_m,y_m and --class (target, car, ..., miou).
struct MapArgs {
    std::string dims;        ///< empty: resolveMapDims picks them from the run
    std::string class_name;  ///< empty: resolveMetricClass picks it from the run
    void add(CLI::App* cmd);
    /// Throws ConfigError for anything but two distinct dimension names (or aliases: x,y); no
    /// --dims leaves both empty, for resolveMapDims.
    MapOptions options(const DimensionRegistry& registry) const;
};

}  // namespace blindspot::cli
