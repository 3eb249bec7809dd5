#pragma once
// NumPy .npy files (format 1.0 and 2.0) holding little-endian float32 in C order: what
// SqueezeSeg's lidar_2d scans are (64 x 512 x 6). Anything else is a FileError naming the file
// and what was expected (dtype, order, shape, truncation).
#include <cstddef>
#include <string>
#include <vector>

namespace blindspot {

struct NpyArray {
    std::vector<std::size_t> shape;
    std::vector<float> data;  ///< C order
};

NpyArray readNpyFloat32(const std::string& path);

}  // namespace blindspot
