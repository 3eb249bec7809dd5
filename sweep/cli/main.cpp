// The blindspot CLI. main() owns the one mapping from errors to a one-line message and an exit
// code (documented in README.md):
//   0 success, 1 unexpected internal error, 2 usage error, 3 bad configuration or input value,
//   4 file error, 5 ray-casting backend error, 6 regression gate failed (report --fail-on-drop).
#include <CLI/CLI.hpp>
#include <iostream>

#include "core/Error.hpp"
#include "sweep/cli/Commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"blindspot: find the blind spots of LiDAR segmentation networks"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("blindspot ") + BLINDSPOT_VERSION);
    blindspot::cli::setupScanCommand(app);
    blindspot::cli::setupLidarCommand(app);
    blindspot::cli::setupSceneCommand(app);
    blindspot::cli::setupSampleCommand(app);
    blindspot::cli::setupSweepCommand(app);
    blindspot::cli::setupGenerateCommand(app);
    blindspot::cli::setupTrainCommand(app);
    blindspot::cli::setupSelectCommand(app);
    blindspot::cli::setupExportCommand(app);
    blindspot::cli::setupCompareCommand(app);
    blindspot::cli::setupReportCommand(app);
    try {
        app.parse(argc, argv);
        return 0;
    } catch (const CLI::ParseError& e) {
        // --help and --version are "errors" with exit code 0; anything else is a usage error.
        if (e.get_exit_code() == 0) return app.exit(e);
        std::string known;
        bool is_known = false;
        for (const auto* sub : app.get_subcommands({})) {
            known += (known.empty() ? "" : ", ") + sub->get_name();
            is_known = is_known || (argc > 1 && sub->get_name() == argv[1]);
        }
        if (argc > 1 && argv[1][0] != '-' && !is_known) {
            std::cerr << "error: unknown command \"" << argv[1] << "\"; expected one of " << known
                      << "\n";
            return 2;
        }
        std::cerr << "error: " << e.what() << " (see --help)\n";
        return 2;
    } catch (const blindspot::cli::GateFailed& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 6;
    } catch (const blindspot::ConfigError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 3;
    } catch (const blindspot::FileError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 4;
    } catch (const blindspot::BackendError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 5;
    } catch (const std::exception& e) {
        std::cerr << "internal error: " << e.what() << "\n";
        return 1;
    }
}
