#pragma once
// One file per subcommand; each registers itself on the app with setup<Name>Command.
#include <CLI/CLI.hpp>

#include "app/App.hpp"

namespace blindspot::cli {

void setupScanCommand(CLI::App& app, const AppContext& context);
void setupLidarCommand(CLI::App& app, const AppContext& context);
void setupSceneCommand(CLI::App& app, const AppContext& context);
void setupSampleCommand(CLI::App& app, const AppContext& context);
void setupSweepCommand(CLI::App& app, const AppContext& context);
void setupMergeCommand(CLI::App& app, const AppContext& context);
void setupPlanCommand(CLI::App& app, const AppContext& context);
void setupExportCsvCommand(CLI::App& app, const AppContext& context);
void setupCachedScanCommand(CLI::App& app, const AppContext& context);
void setupGenerateCommand(CLI::App& app, const AppContext& context);
void setupTrainCommand(CLI::App& app, const AppContext& context);
void setupSelectCommand(CLI::App& app, const AppContext& context);
void setupExportCommand(CLI::App& app, const AppContext& context);
void setupCompareCommand(CLI::App& app, const AppContext& context);
void setupReportCommand(CLI::App& app, const AppContext& context);
void setupHistoryCommand(CLI::App& app, const AppContext& context);
void setupEvaluateCommand(CLI::App& app, const AppContext& context);
void setupFidelityCommand(CLI::App& app, const AppContext& context);
void setupDriveCommand(CLI::App& app, const AppContext& context);
void setupReinsertCommand(CLI::App& app, const AppContext& context);

/// Every subcommand, in the order --help lists them.
inline void setupCommands(CLI::App& app, const AppContext& context) {
    setupScanCommand(app, context);
    setupLidarCommand(app, context);
    setupSceneCommand(app, context);
    setupSampleCommand(app, context);
    setupSweepCommand(app, context);
    setupMergeCommand(app, context);
    setupPlanCommand(app, context);
    setupExportCsvCommand(app, context);
    setupCachedScanCommand(app, context);
    setupGenerateCommand(app, context);
    setupTrainCommand(app, context);
    setupSelectCommand(app, context);
    setupExportCommand(app, context);
    setupCompareCommand(app, context);
    setupReportCommand(app, context);
    setupHistoryCommand(app, context);
    setupEvaluateCommand(app, context);
    setupFidelityCommand(app, context);
    setupReinsertCommand(app, context);
    setupDriveCommand(app, context);
}

}  // namespace blindspot::cli
