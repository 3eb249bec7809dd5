#pragma once
// Appending plain values to a byte string, for the binary file writers (little-endian hosts).
#include <cstring>
#include <string>

namespace blindspot {

template <typename T>
void appendBytes(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

}  // namespace blindspot
