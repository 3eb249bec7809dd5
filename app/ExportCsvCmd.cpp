// blindspot export-csv RUN [-o FILE]: a run's scene x class rows as CSV, for pandas.
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot::cli {
namespace {

struct CsvOptions {
    std::string run;
    std::string out;
};

}  // namespace

void setupExportCsvCommand(CLI::App& app, const AppContext& context) {
    auto exp = std::make_shared<CsvOptions>();
    CLI::App* e =
        app.add_subcommand("export-csv", "Write a run's results as CSV (stdout, or -o FILE)");
    e->add_option("run", exp->run, "Run directory")->required();
    e->add_option("-o,--output", exp->out, "CSV file");
    e->callback([exp, &context] {
        const std::string csv = RunDirectory(exp->run)
                                    .openStore(context.dimensions(), SqliteAccess::ReadOnly)
                                    .exportCsv();
        if (exp->out.empty())
            std::cout << csv;
        else
            writeFileAtomic(exp->out, csv);
    });
}

}  // namespace blindspot::cli
