#pragma once
// One file per subcommand; each registers itself on the app with setup<Name>Command.
#include <CLI/CLI.hpp>
#include <stdexcept>

namespace blindspot::cli {

void setupScanCommand(CLI::App& app);
void setupLidarCommand(CLI::App& app);
void setupSceneCommand(CLI::App& app);
void setupSampleCommand(CLI::App& app);
void setupSweepCommand(CLI::App& app);  ///< sweep, merge, export-csv
void setupGenerateCommand(CLI::App& app);
void setupTrainCommand(CLI::App& app);
void setupSelectCommand(CLI::App& app);
void setupExportCommand(CLI::App& app);
void setupCompareCommand(CLI::App& app);
void setupReportCommand(CLI::App& app);

/// The regression gate failed (report --fail-on-drop): exit code 6.
struct GateFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace blindspot::cli
