#pragma once
// One file per subcommand; each registers itself on the app with setup<Name>Command.
#include <CLI/CLI.hpp>

namespace blindspot::cli {

void setupScanCommand(CLI::App& app);
void setupLidarCommand(CLI::App& app);
void setupSceneCommand(CLI::App& app);
void setupSampleCommand(CLI::App& app);
void setupSweepCommand(CLI::App& app);  ///< sweep, merge, export-csv
void setupGenerateCommand(CLI::App& app);
void setupTrainCommand(CLI::App& app);

}  // namespace blindspot::cli
