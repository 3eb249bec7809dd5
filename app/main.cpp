// The blindspot CLI: one file per subcommand (app/*Cmd.cpp), errors mapped to exit codes in one
// place (app/ExitCode.hpp).
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "app/App.hpp"
#include "app/Commands.hpp"
#include "app/ExitCode.hpp"

namespace {

// CLI11's parse errors: --help and --version exit 0; anything else is a usage error (2).
int usageError(CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::string known;
    bool is_known = false;
    for (const auto* sub : app.get_subcommands({})) {
        known += (known.empty() ? "" : ", ") + sub->get_name();
        is_known = is_known || (argc > 1 && sub->get_name() == argv[1]);
    }
    if (argc > 1 && argv[1][0] != '-' && !is_known)
        std::cerr << "error: unknown command \"" << argv[1] << "\"; expected one of " << known
                  << "\n";
    else
        std::cerr << "error: " << e.what() << " (see --help)\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace blindspot::cli;
    const AppContext context(BLINDSPOT_VERSION, std::getenv("BLINDSPOT_DATA_DIR"),
                             blindspot::executablePath());
    CLI::App app{"blindspot: find the blind spots of LiDAR segmentation networks"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("blindspot ") + BLINDSPOT_VERSION);
    setupCommands(app, context);
    try {
        app.parse(argc, argv);
        return 0;
    } catch (const CLI::ParseError& e) {
        return usageError(app, e, argc, argv);
    } catch (...) {
        const Failure f = failureOf(std::current_exception());
        std::cerr << f.message << "\n";
        return f.exit_code;
    }
}
