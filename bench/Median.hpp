#pragma once
// The median the benches report: of repeated timings, the middle one (the upper of the two middle
// ones for an even count), which a noisy shared machine disturbs least.
#include <algorithm>
#include <vector>

namespace blindspot::bench {

inline double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
    return v[v.size() / 2];
}

}  // namespace blindspot::bench
