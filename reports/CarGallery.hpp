#pragma once
// A picture of every car model (side and three-quarter views, parts in distinct colours), so a
// user can see what the procedural models look like before sweeping over them.
#include <string>
#include <vector>

#include "scenes/CarModel.hpp"

namespace blindspot {

void writeCarGalleryPng(const std::vector<CarModelSpec>& models, const std::string& path);

}  // namespace blindspot
