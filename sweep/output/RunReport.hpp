#pragma once
// The report of a scored run: its metrics, mIoU map, marginals, robustness table, worst scenes
// with outcome thumbnails, and with a baseline run the delta and the regression gate. Gathers
// the run (RunDirectory, results store), evaluates it (eval/) and writes it (reports/).
#include <optional>
#include <string>

#include "eval/MiouMap.hpp"
#include "reports/HtmlReport.hpp"
#include "sweep/space/ModificationSpace.hpp"
#include "sweep/store/RunResults.hpp"

namespace blindspot {

struct RunReportOptions {
    std::string run_dir;
    std::string baseline_dir;    ///< empty: no delta section and no gate
    std::string scan_cache;      ///< where the run's scans are (empty: RUN/scans)
    MapOptions map;              ///< its registry gives the titles and the robustness levels
    std::size_t worst = 20;      ///< worst scenes shown with thumbnails
    double fail_on_drop = -1.0;  ///< >= 0: the gate's largest allowed drop
    std::size_t gate_min_samples = 3;
    /// --gate-history: gate against the last `window` nights of the run's series there.
    std::string gate_history;
    std::size_t window = 7;
    WindowReference window_reference = WindowReference::Median;
    /// Rebuilds an adaptive run's config to draw where its scenes went; empty: not drawn.
    std::optional<Catalogue> catalogue;
};

/// Everything the report shows, gathered from the run (and its baseline).
ReportInput buildRunReport(const RunReportOptions& options);

/// The report's run record: name, hashes, times and duration (from the run's time stamps, or
/// the summed scene time for an unfinished run).
RunMetadata metadataOf(const LoadedRun& run);

}  // namespace blindspot
