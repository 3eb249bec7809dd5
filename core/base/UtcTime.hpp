#pragma once
// Wall-clock time stamps for run records: ISO 8601 in UTC, to the second.
#include <ctime>
#include <string>

namespace blindspot {

inline std::string utcNow() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char b[32];
    std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return b;
}

}  // namespace blindspot
