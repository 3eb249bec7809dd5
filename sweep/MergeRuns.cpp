#include "sweep/MergeRuns.hpp"

#include "core/Error.hpp"
#include "core/UtcTime.hpp"
#include "sweep/RunDirectory.hpp"

namespace blindspot {

std::size_t mergeRuns(const std::vector<std::string>& run_dirs, const std::string& out_dir,
                      const DimensionRegistry& registry) {
    if (run_dirs.empty())
        throw ConfigError(ErrorSource::flag("RUN_DIR"), "expected at least one run directory");
    const RunDirectory out_run(out_dir);
    out_run.create(false);
    ResultsStore out = out_run.openStore(registry, false);
    std::size_t added = 0;
    for (const auto& dir : run_dirs) {
        const RunDirectory in_run(dir);
        const ResultsStore in = in_run.openStore(registry, true);
        const auto run = in.run();
        if (!run) throw FileError(in_run.storePath(), "holds no run");
        out.beginRun(*run);  // refuses a different config or checkpoint
        for (const auto& scene : in.scenes()) {
            added += out.insertScene(scene);
            out_run.copyScanFrom(in_run, scene.scene_id);
        }
        out_run.copyPredictionsFrom(in_run);
    }
    out.finishRun(utcNow());
    return added;
}

}  // namespace blindspot
