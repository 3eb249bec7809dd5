#include "core/base/NpyFile.hpp"

#include <cstdint>
#include <cstring>
#include <regex>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"

namespace blindspot {
namespace {

// The value of `key` in the header's Python dict literal, as written by numpy.lib.format.
std::string headerField(const std::string& header, const std::string& key,
                        const std::string& path) {
    const std::regex field("'" + key + "'\\s*:\\s*('[^']*'|True|False|\\([^)]*\\))");
    std::smatch m;
    if (!std::regex_search(header, m, field))
        throw FileError(path, "not a .npy header: no '" + key + "' in " + header);
    return m[1].str();
}

// numpy writes a shape as a Python tuple of non-negative ints: "(64, 512, 6)", "(5,)" or "()".
// Anything else, or a size no file could hold, is refused (fuzz_lidar2d_npy found stoull
// throwing std::out_of_range on a 30-digit dimension).
std::vector<std::size_t> parseShape(const std::string& tuple, const std::string& path) {
    static const std::regex whole(R"(\(\s*(\d+\s*,\s*)*(\d+\s*,?\s*)?\))");
    if (!std::regex_match(tuple, whole))
        throw FileError(path, "expected an array shape such as (64, 512, 6), got " + tuple);
    constexpr std::size_t kMaxValues = std::size_t(1) << 40;  // far beyond any scan file
    std::vector<std::size_t> shape;
    std::size_t count = 1;
    const std::regex number("\\d+");
    for (auto it = std::sregex_iterator(tuple.begin(), tuple.end(), number);
         it != std::sregex_iterator(); ++it) {
        const std::string digits = it->str();
        const std::size_t d = digits.size() > 13 ? kMaxValues + 1 : std::stoull(digits);
        if (d > kMaxValues || (d > 0 && count > kMaxValues / d))
            throw FileError(path, "array shape " + tuple + " holds more than 2^40 values");
        count *= d;
        shape.push_back(d);
    }
    if (shape.empty()) throw FileError(path, "expected an array shape, got " + tuple);
    return shape;
}

}  // namespace

NpyArray readNpyFloat32(const std::string& path) {
    const std::string bytes = readFileBytes(path);
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
        throw FileError(path, "not a NumPy .npy file (no \\x93NUMPY magic)");
    const int major = static_cast<unsigned char>(bytes[6]);
    const std::size_t len_bytes = major == 1 ? 2 : 4;
    if (major != 1 && major != 2)
        throw FileError(path, ".npy format version " + std::to_string(major) + "; expected 1 or 2");
    std::uint32_t header_len = 0;
    std::memcpy(&header_len, bytes.data() + 8, len_bytes);  // little-endian on every target
    const std::size_t data_start = 8 + len_bytes + header_len;
    if (bytes.size() < data_start) throw FileError(path, "truncated .npy header");
    const std::string header = bytes.substr(8 + len_bytes, header_len);
    const std::string descr = headerField(header, "descr", path);
    if (descr != "'<f4'")
        throw FileError(path, "dtype " + descr + "; expected little-endian float32 '<f4'");
    if (headerField(header, "fortran_order", path) != "False")
        throw FileError(path, "Fortran order; expected C order");
    NpyArray array;
    array.shape = parseShape(headerField(header, "shape", path), path);
    std::size_t count = 1;
    for (std::size_t d : array.shape) count *= d;
    const std::size_t have = bytes.size() - data_start;
    if (have != count * sizeof(float))
        throw FileError(path, "truncated or padded: " + std::to_string(have) + " data bytes for " +
                                  std::to_string(count) + " float32 values (" +
                                  std::to_string(count * sizeof(float)) + " bytes)");
    array.data.resize(count);
    // An empty array (a 0 in its shape) has no data: memcpy must not see its null pointer.
    if (have > 0) std::memcpy(array.data.data(), bytes.data() + data_start, have);
    return array;
}

std::string encodeNpyFloat32(const NpyArray& array) {
    std::string shape = "(";
    for (std::size_t d : array.shape) shape += std::to_string(d) + ", ";
    if (array.shape.size() > 1)
        shape.resize(shape.size() - 2);
    else if (!array.shape.empty())
        shape.pop_back();  // "(5,)", as Python writes a 1-tuple
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + "), }";
    header.append(63 - (10 + header.size()) % 64, ' ');
    header += '\n';
    const auto len = static_cast<std::uint16_t>(header.size());
    std::string bytes = "\x93NUMPY";
    bytes += char(1);
    bytes += char(0);
    bytes += char(len & 0xFF);
    bytes += char(len >> 8);
    bytes += header;
    const std::size_t start = bytes.size();
    bytes.resize(start + array.data.size() * sizeof(float));
    if (!array.data.empty())
        std::memcpy(&bytes[start], array.data.data(), array.data.size() * sizeof(float));
    return bytes;
}

}  // namespace blindspot
