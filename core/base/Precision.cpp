#include "core/base/Precision.hpp"

#include <fstream>
#include <sstream>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {
const std::string kBf16Suffix = "+bf16";

bool hasWord(const std::string& text, const std::string& word) {
    std::istringstream in(text);
    for (std::string w; in >> w;)
        if (w == word) return true;
    return false;
}
}  // namespace

Precision precisionFromName(const std::string& name, const std::string& flag) {
    if (name == "fp32") return Precision::kFp32;
    if (name == "bf16") return Precision::kBf16;
    throw ConfigError(ErrorSource::flag(flag), "fp32 or bf16; got \"" + name + "\"");
}

std::string precisionName(Precision precision) {
    return precision == Precision::kBf16 ? "bf16" : "fp32";
}

bool cpuFlagsHaveBf16(const std::string& cpuinfo_flags) {
    return hasWord(cpuinfo_flags, "avx512_bf16") || hasWord(cpuinfo_flags, "amx_bf16");
}

bool cpuHasBf16() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("flags", 0) == 0) return cpuFlagsHaveBf16(line);
    return false;
}

void requirePrecisionSupported(Precision precision, const std::string& flag) {
    if (precision == Precision::kBf16 && !cpuHasBf16())
        throw ConfigError(ErrorSource::flag(flag),
                          "fp32 on this CPU: bf16 needs avx512_bf16 or amx_bf16, which "
                          "/proc/cpuinfo does not list");
}

std::string hashWithPrecision(const std::string& weights_hash, Precision precision) {
    return precision == Precision::kBf16 ? weights_hash + kBf16Suffix : weights_hash;
}

Precision precisionOfHash(const std::string& checkpoint_hash) {
    const std::size_t n = checkpoint_hash.size(), k = kBf16Suffix.size();
    return n > k && checkpoint_hash.compare(n - k, k, kBf16Suffix) == 0 ? Precision::kBf16
                                                                        : Precision::kFp32;
}

}  // namespace blindspot
