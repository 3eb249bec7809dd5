#pragma once
// FNV-1a 64: the one stable hash behind scene ids, config hashes, background and checkpoint hashes.
#include <cstdint>
#include <cstdio>
#include <string>

namespace blindspot {

constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ull;

/// Continues hash `h` over `n` bytes.
inline std::uint64_t fnv1a64(const void* data, std::size_t n, std::uint64_t h = kFnvOffset) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}
inline std::uint64_t fnv1a64(const std::string& bytes, std::uint64_t h = kFnvOffset) {
    return fnv1a64(bytes.data(), bytes.size(), h);
}

/// 16 lower-case hex digits.
inline std::string hex64(std::uint64_t h) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

}  // namespace blindspot
