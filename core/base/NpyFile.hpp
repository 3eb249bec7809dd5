#pragma once
// NumPy .npy files (format 1.0 and 2.0) holding little-endian float32 in C order: what
// SqueezeSeg's lidar_2d scans are (64 x 512 x 6), and what an external network's range-image
// input is written as (models/external/ExternalBatch.hpp). Anything else is a FileError naming the
// file and what was expected (dtype, order, shape, truncation).
#include <cstddef>
#include <string>
#include <vector>

namespace blindspot {

struct NpyArray {
    std::vector<std::size_t> shape;
    std::vector<float> data;  ///< C order
};

NpyArray readNpyFloat32(const std::string& path);
/// The bytes of a format 1.0 file of `array` (numpy.lib.format's layout: the header padded with
/// spaces to a multiple of 64 bytes, ending in a newline).
std::string encodeNpyFloat32(const NpyArray& array);

}  // namespace blindspot
