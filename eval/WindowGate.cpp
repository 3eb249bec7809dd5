#include "eval/WindowGate.hpp"

#include <algorithm>
#include <cstdio>

namespace blindspot {
namespace {

std::string fixed(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", v);
    return text;
}

}  // namespace

std::optional<double> windowReference(const std::vector<std::optional<double>>& values,
                                      WindowReference reference) {
    std::vector<double> v;
    for (const auto& x : values)
        if (x) v.push_back(*x);
    if (v.empty()) return std::nullopt;
    std::sort(v.begin(), v.end());
    if (reference == WindowReference::Best) return v.back();
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

WindowGateResult windowGate(const NightValues& tonight, const std::vector<NightValues>& window,
                            const WindowGateOptions& options) {
    WindowGateResult r;
    r.nights = window.size();
    const char* kind = options.reference == WindowReference::Best ? "best" : "median";
    if (window.empty()) {
        r.message = "gate: no earlier night in this series to compare with; passed";
        return r;
    }
    std::vector<std::optional<double>> overall;
    for (const auto& n : window) overall.push_back(n.overall);
    r.overall_reference = windowReference(overall, options.reference);
    r.overall_value = tonight.overall;
    const bool overall_failed = r.overall_reference && tonight.overall &&
                                *r.overall_reference - *tonight.overall > options.max_drop;
    for (std::size_t c = 0; c < tonight.cells.size(); ++c) {
        if (!tonight.cells[c] || tonight.cell_samples[c] < options.min_cell_samples) continue;
        std::vector<std::optional<double>> values;
        for (const auto& n : window)
            if (c < n.cells.size()) values.push_back(n.cells[c]);
        const auto reference = windowReference(values, options.reference);
        if (reference && *reference - *tonight.cells[c] > options.max_drop)
            r.failed_cells.push_back({c, *reference, *tonight.cells[c]});
    }
    r.passed = !overall_failed && r.failed_cells.empty();
    r.message = std::string(r.passed ? "gate passed" : "GATE FAILED") + ": against the " + kind +
                " of " + std::to_string(r.nights) + " night" + (r.nights == 1 ? "" : "s") +
                ", overall " + (r.overall_value ? fixed(*r.overall_value) : "n/a") + " vs " +
                (r.overall_reference ? fixed(*r.overall_reference) : "n/a") + ", " +
                std::to_string(r.failed_cells.size()) + " cell" +
                (r.failed_cells.size() == 1 ? "" : "s") + " dropped by more than " +
                fixed(options.max_drop);
    return r;
}

}  // namespace blindspot
