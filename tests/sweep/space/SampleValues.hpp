#pragma once
// A sample's value of one dimension by name, as the sampler tests read it.
#include <cmath>
#include <string>
#include <variant>

#include "sweep/space/ModificationSpace.hpp"

namespace blindspot::testing {

/// The numeric value of dimension `name`, NaN when the sample has none.
inline double number(const Sample& s, const std::string& name) {
    for (std::size_t i = 0; i < s.names.size(); ++i)
        if (s.names[i] == name) return std::get<double>(s.values[i]);
    return NAN;
}

/// The categorical value of dimension `name`, "" when the sample has none.
inline std::string text(const Sample& s, const std::string& name) {
    for (std::size_t i = 0; i < s.names.size(); ++i)
        if (s.names[i] == name) return std::get<std::string>(s.values[i]);
    return "";
}

}  // namespace blindspot::testing
