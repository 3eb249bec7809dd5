#pragma once
// Options and conversions shared by the commands that read runs (select, export, compare,
// report).
#include <CLI/CLI.hpp>
#include <string>

#include "eval/MiouMap.hpp"
#include "reports/HtmlReport.hpp"
#include "sweep/RunResults.hpp"

namespace blindspot::cli {

/// --dims x,y and --class car.
struct MapArgs {
    std::string dims = "x,y";
    std::string class_name = "car";
    void add(CLI::App* cmd);
    /// Throws ConfigError for anything but two distinct dimension names.
    MapOptions options() const;
};

RunMetadata metadataOf(const LoadedRun& run);

}  // namespace blindspot::cli
