#include "eval/ScanStatistics.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {

void Histogram::add(double value) {
    const double t = (value - low) / (high - low) * double(counts.size());
    const auto bin = std::size_t(std::clamp(t, 0.0, double(counts.size()) - 1.0));
    ++counts[bin];
}

std::vector<double> Histogram::density() const {
    std::int64_t total = 0;
    for (auto c : counts) total += c;
    std::vector<double> out(counts.size(), 0.0);
    if (total == 0) return out;
    for (std::size_t i = 0; i < counts.size(); ++i) out[i] = double(counts[i]) / double(total);
    return out;
}

void ScanStatistics::add(const GridReturns& scan) {
    if (cells_per_row.size() < std::size_t(scan.rows)) {
        cells_per_row.resize(std::size_t(scan.rows), 0);
        returns_per_row.resize(std::size_t(scan.rows), 0);
    }
    ++scans;
    for (int r = 0; r < scan.rows; ++r)
        for (int c = 0; c < scan.cols; ++c) {
            const std::size_t i = std::size_t(r) * std::size_t(scan.cols) + std::size_t(c);
            ++cells_per_row[std::size_t(r)];
            ++cells;
            if (!scan.valid[i]) continue;
            ++returns_per_row[std::size_t(r)];
            ++returns;
            intensity.add(scan.intensity[i]);
            range_m.add(scan.range_m[i]);
            intensity_sum += scan.intensity[i];
            intensity_sq_sum += double(scan.intensity[i]) * scan.intensity[i];
        }
}

std::vector<double> ScanStatistics::validFractionPerRow() const {
    std::vector<double> out;
    for (std::size_t r = 0; r < cells_per_row.size(); ++r)
        out.push_back(cells_per_row[r] ? double(returns_per_row[r]) / double(cells_per_row[r]) : 0);
    return out;
}

double ScanStatistics::validFraction() const {
    return cells ? double(returns) / double(cells) : 0.0;
}

double ScanStatistics::intensityMean() const {
    return returns ? intensity_sum / double(returns) : 0.0;
}

double ScanStatistics::intensityStd() const {
    if (returns < 2) return 0.0;
    const double m = intensityMean();
    return std::sqrt(std::max(0.0, intensity_sq_sum / double(returns) - m * m));
}

nlohmann::json toJson(const ScanStatistics& s) {
    return {{"scans", s.scans},
            {"valid_fraction", s.validFraction()},
            {"valid_fraction_per_row", s.validFractionPerRow()},
            {"intensity_mean", s.intensityMean()},
            {"intensity_std", s.intensityStd()},
            {"intensity_histogram",
             {{"low", s.intensity.low},
              {"high", s.intensity.high},
              {"density", s.intensity.density()}}},
            {"range_histogram_m",
             {{"low", s.range_m.low}, {"high", s.range_m.high}, {"density", s.range_m.density()}}}};
}

}  // namespace blindspot
