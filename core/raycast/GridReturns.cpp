#include "core/raycast/GridReturns.hpp"

namespace blindspot {

GridReturns gridReturnsOf(const ScanGrid& scan) {
    GridReturns g{scan.rows(), scan.cols(), {}, scan.reflectivity, scan.range_m};
    g.valid.reserve(scan.cellCount());
    for (std::size_t i = 0; i < scan.cellCount(); ++i) g.valid.push_back(scan.valid(i));
    return g;
}

}  // namespace blindspot
