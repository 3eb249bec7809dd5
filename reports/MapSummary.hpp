#pragma once
// The report's first answer in words (issue 53, item 5): where does the network fail, and how
// badly? From the map alone: the range of its cells, how many fall below 0.5 and 0.7, the worst
// three, and the span of x and y levels the cells below 0.7 cover.
#include <cstddef>
#include <string>
#include <vector>

#include "eval/MiouMap.hpp"

namespace blindspot {

/// One paragraph of plain text; empty when no cell has a value.
std::string mapSummary(const MiouMap& map);

/// The indices (into map.cells) of the `k` cells with the lowest defined means, lowest first;
/// ties keep the cells' order. The paragraph names these, and the first screen outlines them.
std::vector<std::size_t> worstCells(const MiouMap& map, std::size_t k);

}  // namespace blindspot
