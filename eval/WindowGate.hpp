#pragma once
// The regression gate against a window of earlier nights (`report --gate-history`, the history
// page): each map cell and the overall value of tonight's run against a reference made of the
// same cell over the last K nights, their median or their best. A night regressed where the
// reference minus tonight's value exceeds the allowed drop.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace blindspot {

enum class WindowReference { Median, Best };

/// One night's values as the gate sees them: the overall metric and the map cells (row-major,
/// the same map for every night), each cell with its scene count.
struct NightValues {
    std::optional<double> overall;
    std::vector<std::optional<double>> cells;
    std::vector<std::size_t> cell_samples;
};

struct WindowGateOptions {
    double max_drop = 0.02;
    std::size_t min_cell_samples = 3;  ///< tonight's cells with fewer scenes cannot fail
    WindowReference reference = WindowReference::Median;
};

struct CellRegression {
    std::size_t cell = 0;
    double reference = 0.0, value = 0.0;  ///< drop = reference - value
};

struct WindowGateResult {
    bool passed = true;
    std::size_t nights = 0;  ///< in the window
    std::optional<double> overall_reference, overall_value;
    std::vector<CellRegression> failed_cells;  ///< by cell index
    std::string message;                       ///< one line
};

/// Median (the mean of the middle two for an even count) or maximum of the defined values.
std::optional<double> windowReference(const std::vector<std::optional<double>>& values,
                                      WindowReference reference);

/// `tonight` against `window` (oldest first). Nights whose map has another cell count are not
/// comparable and must be left out by the caller. An empty window passes.
WindowGateResult windowGate(const NightValues& tonight, const std::vector<NightValues>& window,
                            const WindowGateOptions& options);

}  // namespace blindspot
