#include "models/projection/KnnRefinement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

// 1 - the normalised S x S Gaussian, row-major (F.unfold's order of a window).
std::vector<double> inverseGaussian(int search, double sigma) {
    std::vector<double> g(std::size_t(search * search));
    const double mean = (search - 1) / 2.0;
    for (int y = 0; y < search; ++y)
        for (int x = 0; x < search; ++x)
            g[std::size_t(y * search + x)] = std::exp(
                -((x - mean) * (x - mean) + (y - mean) * (y - mean)) / (2.0 * sigma * sigma));
    const double sum = std::accumulate(g.begin(), g.end(), 0.0);
    for (double& v : g) v = 1.0 - v / sum;
    return g;
}

struct Neighbour {
    double distance;
    int label;
};

}  // namespace

std::vector<int> knnRefined(const RangeImage& image, const std::vector<float>& point_range_m,
                            const std::vector<int>& cell_class, const std::vector<bool>& ignored,
                            const KnnParams& p) {
    if (p.search < 1 || p.search % 2 == 0 || p.k < 1)
        throw ConfigError(ErrorSource::flag("--knn"), "an odd window and k >= 1");
    const int rows = image.grid.rows, cols = image.grid.cols, pad = (p.search - 1) / 2;
    std::vector<double> cell_range(image.grid.cellCount(), std::numeric_limits<double>::infinity());
    for (std::size_t cell = 0; cell < cell_range.size(); ++cell)
        if (image.source[cell] >= 0)
            cell_range[cell] = point_range_m[std::size_t(image.source[cell])];
    const std::vector<double> weight = inverseGaussian(p.search, p.sigma);
    std::vector<int> out(image.cell.size(), -1);
    std::vector<Neighbour> window(weight.size());
    std::vector<int> votes;
    for (std::size_t i = 0; i < image.cell.size(); ++i) {
        const std::int32_t cell = image.cell[i];
        if (cell < 0) continue;
        const int r = cell / cols, c = cell % cols;
        const double range = point_range_m[i];
        for (int dy = -pad; dy <= pad; ++dy)
            for (int dx = -pad; dx <= pad; ++dx) {
                const std::size_t w = std::size_t((dy + pad) * p.search + (dx + pad));
                const int rr = r + dy, cc = c + dx;
                const bool inside = rr >= 0 && rr < rows && cc >= 0 && cc < cols;
                const std::size_t n = std::size_t(rr) * std::size_t(cols) + std::size_t(cc);
                const double nb = dy == 0 && dx == 0 ? range : inside ? cell_range[n] : 0.0;
                window[w] = {std::abs(nb - range) * weight[w], inside ? cell_class[n] : -1};
            }
        // The k nearest, ties to the earlier window place.
        std::vector<std::size_t> order(window.size());
        std::iota(order.begin(), order.end(), 0);
        const std::size_t k = std::min(std::size_t(p.k), order.size());
        std::partial_sort(order.begin(), order.begin() + long(k), order.end(),
                          [&](std::size_t a, std::size_t b) {
                              return window[a].distance < window[b].distance ||
                                     (window[a].distance == window[b].distance && a < b);
                          });
        votes.assign(ignored.size(), 0);
        for (std::size_t j = 0; j < k; ++j) {
            const Neighbour& n = window[order[j]];
            if (n.distance > p.cutoff_m || n.label < 0 || ignored[std::size_t(n.label)]) continue;
            ++votes[std::size_t(n.label)];
        }
        const auto best = std::max_element(votes.begin(), votes.end());
        out[i] = *best > 0 ? int(best - votes.begin()) : cell_class[std::size_t(cell)];
    }
    return out;
}

}  // namespace blindspot
