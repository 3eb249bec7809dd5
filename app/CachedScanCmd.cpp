// blindspot cached-scan RUN SCENE_ID -o DIR [--scan-cache DIR]: one scene's cached scan, unpacked
// into scan.bin, scan.label, scan.pcd, scan.ply and scan.json (the export formats the cache does
// not keep: sweep/store/RunDirectory.hpp).
#include <memory>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/scan/ScanSummary.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot::cli {
namespace {

struct CachedScanOptions {
    std::string run;
    std::string scene_id;
    std::string out;
    std::string scan_cache;
};

void writeCachedScan(const CachedScanOptions& opt) {
    const RunDirectory run(opt.run, opt.scan_cache);
    const std::optional<CachedScan> cached = run.readScan(opt.scene_id, "");
    if (!cached)
        throw FileError(run.scanDir(opt.scene_id),
                        "no complete cached scan of scene " + opt.scene_id + " here");
    writeScanFiles(cached->scan, opt.out);
    writeFileAtomic(opt.out + "/scan.json", scanSummaryJson(cached->scan).dump(2) + "\n");
}

}  // namespace

void setupCachedScanCommand(CLI::App& app, const AppContext&) {
    auto opt = std::make_shared<CachedScanOptions>();
    CLI::App* cmd = app.add_subcommand(
        "cached-scan", "Write one scene's cached scan as .bin/.label, organised PCD and PLY");
    cmd->add_option("run", opt->run, "Run directory")->required();
    cmd->add_option("scene_id", opt->scene_id, "Scene id (results.sqlite's scene_id)")->required();
    cmd->add_option("-o,--output", opt->out, "Output directory")->required();
    cmd->add_option("--scan-cache", opt->scan_cache, "Scan cache directory (default RUN/scans)");
    cmd->callback([opt] { writeCachedScan(*opt); });
}

}  // namespace blindspot::cli
