#include "core/scan/ScanPack.hpp"

#include <zstd.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <unordered_map>

#include "core/base/Bytes.hpp"
#include "core/base/Error.hpp"
#include "core/lidar/BeamTable.hpp"

namespace blindspot {
namespace {

constexpr char kMagic[4] = {'B', 'S', 'P', 'K'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 4 + 4 + 4 + 4 + 1 + 1 + 2 + 8;
enum : std::uint8_t { kRaw = 0, kCompact = 1 };

std::uint32_t bitsOf(float v) {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
}

float floatOf(std::uint32_t b) {
    float v;
    std::memcpy(&v, &b, 4);
    return v;
}

// Differences modulo 2^32 as small unsigned numbers: 0, -1, 1, -2, ... -> 0, 1, 2, 3, ...
std::uint32_t zigzag(std::uint32_t difference) {
    return (difference << 1) ^ (0u - (difference >> 31));
}

std::uint32_t unzigzag(std::uint32_t z) { return (z >> 1) ^ (0u - (z & 1u)); }

// Byte planes: every value's byte 0, then every byte 1, ...
template <typename T>
void appendPlanes(std::string& out, const std::vector<T>& values) {
    const std::size_t n = values.size(), at = out.size();
    out.resize(at + n * sizeof(T));
    const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
    for (std::size_t b = 0; b < sizeof(T); ++b)
        for (std::size_t i = 0; i < n; ++i) out[at + b * n + i] = char(bytes[i * sizeof(T) + b]);
}

// The caster's point for a cell: its beam's origin plus direction times range
// (core/raycast/RayCaster.cpp).
std::vector<std::uint32_t> predictedXyzBits(const ScanGrid& scan) {
    const BeamTable beams(scan.spec, Eigen::Isometry3d::Identity());
    const std::uint32_t nan = bitsOf(std::numeric_limits<float>::quiet_NaN());
    std::vector<std::uint32_t> out(3 * scan.cellCount(), nan);
    for (int row = 0; row < scan.rows(); ++row)
        for (int col = 0; col < scan.cols(); ++col) {
            const std::size_t i = scan.index(row, col);
            if (!scan.valid(i)) continue;
            float d[3], p[3];
            beams.sensorDir(row, col, d);
            beams.sensorPoint(row, d, scan.range_m[i], p);
            for (int k = 0; k < 3; ++k) out[3 * i + std::size_t(k)] = bitsOf(p[k]);
        }
    return out;
}

// Range codes: steps + 1 (0 without a return), or none when a range is off the step grid.
bool rangeCodes(const ScanGrid& scan, std::vector<std::uint32_t>& codes) {
    const double res = scan.spec.range_resolution_m;
    if (!(res > 0.0)) return false;
    codes.assign(scan.cellCount(), 0);
    std::uint32_t previous = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        std::uint32_t code = 0;
        if (scan.valid(i)) {
            const double steps = std::floor(double(scan.range_m[i]) / res + 0.5);
            if (!(steps >= 0.0 && steps < 4e9) ||
                bitsOf(float(steps * res)) != bitsOf(scan.range_m[i]))
                return false;
            code = std::uint32_t(steps) + 1;
        }
        codes[i] = zigzag(code - previous);
        previous = code;
    }
    return true;
}

// A table of at most 256 distinct reflectivities (bit patterns) and an index per cell.
bool reflectivityTable(const ScanGrid& scan, std::vector<std::uint32_t>& table,
                       std::vector<std::uint8_t>& index) {
    std::unordered_map<std::uint32_t, std::uint8_t> slot;
    slot.reserve(512);
    index.resize(scan.cellCount());
    std::uint32_t last_bits = 0;
    std::uint8_t last_index = 0;
    bool have_last = false;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        const std::uint32_t b = bitsOf(scan.reflectivity[i]);
        if (have_last && b == last_bits) {  // runs of NaN and of equal steps are the common case
            index[i] = last_index;
            continue;
        }
        auto it = slot.find(b);
        if (it == slot.end()) {
            if (table.size() == 256) return false;
            it = slot.emplace(b, std::uint8_t(table.size())).first;
            table.push_back(b);
        }
        index[i] = last_index = it->second;
        last_bits = b;
        have_last = true;
    }
    return true;
}

// Reads byte planes back; `at` advances.
template <typename T>
std::vector<T> readPlanes(const std::string& in, std::size_t& at, std::size_t n,
                          const std::string& path) {
    if (in.size() - at < n * sizeof(T)) throw FileError(path, "scan pack is truncated");
    std::vector<T> values(n);
    auto* bytes = reinterpret_cast<unsigned char*>(values.data());
    for (std::size_t b = 0; b < sizeof(T); ++b)
        for (std::size_t i = 0; i < n; ++i)
            bytes[i * sizeof(T) + b] = static_cast<unsigned char>(in[at + b * n + i]);
    at += n * sizeof(T);
    return values;
}

template <typename T>
T readValue(const std::string& in, std::size_t at) {
    T v;
    std::memcpy(&v, in.data() + at, sizeof(T));
    return v;
}

std::string decompressed(const std::string& bytes, const std::string& path) {
    const unsigned long long size = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN)
        throw FileError(path, "not a zstd frame with its size (a scan pack)");
    // A grid of 2^16 x 2^16 cells at 26 bytes is the most a spec allows; anything larger is damage.
    if (size > (1ull << 37)) throw FileError(path, "scan pack claims an impossible size");
    std::string out(std::size_t(size), '\0');
    const std::size_t got = ZSTD_decompress(out.data(), out.size(), bytes.data(), bytes.size());
    if (ZSTD_isError(got) || got != out.size())
        throw FileError(path, std::string("cannot unpack the scan: ") +
                                  (ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short frame"));
    return out;
}

}  // namespace

std::string encodeScanPack(const ScanGrid& scan, int level) {
    const std::size_t n = scan.cellCount();
    std::vector<std::uint32_t> range_codes, table;
    std::vector<std::uint8_t> index;
    const bool compact_range = rangeCodes(scan, range_codes);
    const bool compact_refl = reflectivityTable(scan, table, index);
    std::string raw;
    raw.reserve(kHeaderBytes + 26 * n);
    raw.append(kMagic, 4);
    appendBytes(raw, kVersion);
    appendBytes(raw, std::uint32_t(scan.rows()));
    appendBytes(raw, std::uint32_t(scan.cols()));
    appendBytes(raw, std::uint8_t(compact_range ? kCompact : kRaw));
    appendBytes(raw, std::uint8_t(compact_refl ? kCompact : kRaw));
    appendBytes(raw, std::uint16_t(compact_refl ? table.size() : 0));
    appendBytes(raw, scan.spec.range_resolution_m);
    auto floatBits = [](const std::vector<float>& v) {
        std::vector<std::uint32_t> bits(v.size());
        std::memcpy(bits.data(), v.data(), 4 * v.size());
        return bits;
    };
    appendPlanes(raw, compact_range ? range_codes : floatBits(scan.range_m));
    if (compact_refl) {
        appendPlanes(raw, table);
        appendPlanes(raw, index);
    } else {
        appendPlanes(raw, floatBits(scan.reflectivity));
    }
    std::vector<std::uint32_t> xyz = predictedXyzBits(scan);
    for (std::size_t k = 0; k < xyz.size(); ++k)
        xyz[k] = zigzag(bitsOf(scan.xyz_sensor_m[k]) - xyz[k]);
    appendPlanes(raw, xyz);
    appendPlanes(raw, scan.label);
    appendPlanes(raw, scan.instance);
    // An uninitialised buffer: zero-filling the bound (the size of the input) cost as much as
    // compressing it.
    const std::size_t bound = ZSTD_compressBound(raw.size());
    const std::unique_ptr<char[]> packed(new char[bound]);
    const std::size_t size = ZSTD_compress(packed.get(), bound, raw.data(), raw.size(), level);
    if (ZSTD_isError(size))  // only on a bad level or too small a buffer: a bug, not bad input
        throw std::logic_error(std::string("zstd: ") + ZSTD_getErrorName(size));
    return std::string(packed.get(), size);
}

void decodeScanPack(const std::string& bytes, const std::string& path, ScanGrid& scan) {
    const std::string in = decompressed(bytes, path);
    const std::size_t n = scan.cellCount();
    if (in.size() < kHeaderBytes || std::memcmp(in.data(), kMagic, 4) != 0)
        throw FileError(path, "not a blindspot scan pack (magic BSPK)");
    if (readValue<std::uint32_t>(in, 4) != kVersion)
        throw FileError(path, "scan pack version " +
                                  std::to_string(readValue<std::uint32_t>(in, 4)) + "; expected " +
                                  std::to_string(kVersion));
    const auto rows = readValue<std::uint32_t>(in, 8), cols = readValue<std::uint32_t>(in, 12);
    if (rows != std::uint32_t(scan.rows()) || cols != std::uint32_t(scan.cols()))
        throw FileError(path, "grid is " + std::to_string(rows) + " x " + std::to_string(cols) +
                                  " but scan.json's LiDAR is " + std::to_string(scan.rows()) +
                                  " x " + std::to_string(scan.cols()));
    const auto range_mode = readValue<std::uint8_t>(in, 16);
    const auto refl_mode = readValue<std::uint8_t>(in, 17);
    const auto table_size = readValue<std::uint16_t>(in, 18);
    const auto res = readValue<double>(in, 20);
    if (range_mode > kCompact || refl_mode > kCompact || table_size > 256)
        throw FileError(path, "unknown scan pack modes");
    std::size_t at = kHeaderBytes;
    const auto range = readPlanes<std::uint32_t>(in, at, n, path);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::uint32_t code = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (range_mode == kRaw) {
            scan.range_m[i] = floatOf(range[i]);
            continue;
        }
        code += unzigzag(range[i]);
        scan.range_m[i] = code == 0 ? nan : float(double(code - 1) * res);
    }
    if (refl_mode == kCompact) {
        const auto table = readPlanes<std::uint32_t>(in, at, table_size, path);
        const auto index = readPlanes<std::uint8_t>(in, at, n, path);
        for (std::size_t i = 0; i < n; ++i) {
            if (index[i] >= table_size) throw FileError(path, "reflectivity index off its table");
            scan.reflectivity[i] = floatOf(table[index[i]]);
        }
    } else {
        const auto bits = readPlanes<std::uint32_t>(in, at, n, path);
        for (std::size_t i = 0; i < n; ++i) scan.reflectivity[i] = floatOf(bits[i]);
    }
    const auto residual = readPlanes<std::uint32_t>(in, at, 3 * n, path);
    const std::vector<std::uint32_t> predicted = predictedXyzBits(scan);
    for (std::size_t k = 0; k < 3 * n; ++k)
        scan.xyz_sensor_m[k] = floatOf(predicted[k] + unzigzag(residual[k]));
    scan.label = readPlanes<std::uint16_t>(in, at, n, path);
    scan.instance = readPlanes<std::uint16_t>(in, at, n, path);
    if (at != in.size()) throw FileError(path, "scan pack has trailing bytes");
}

}  // namespace blindspot
