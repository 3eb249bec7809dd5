#pragma once
// The report's first answer in words (issue 53, item 5): where does the network fail, and how
// badly? From the map alone: the range of its cells, how many fall below 0.5 and 0.7, the worst
// three, and the span of x and y levels the cells below 0.7 cover.
#include <string>

#include "eval/MiouMap.hpp"

namespace blindspot {

/// One paragraph of plain text; empty when no cell has a value.
std::string mapSummary(const MiouMap& map);

}  // namespace blindspot
