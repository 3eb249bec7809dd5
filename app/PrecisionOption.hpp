#pragma once
// --precision fp32|bf16, shared by sweep, evaluate and bench infer (core/base/Precision.hpp).
#include <CLI/CLI.hpp>
#include <string>

#include "core/base/Error.hpp"
#include "core/base/Precision.hpp"

namespace blindspot::cli {

inline void addPrecisionOption(CLI::App* cmd, std::string& value) {
    cmd->add_option("--precision", value,
                    "Inference arithmetic: fp32 (default; the same bits on every machine) or bf16 "
                    "(bfloat16 through oneDNN, FP32 accumulation; CPUs with avx512_bf16 or "
                    "amx_bf16 only). Part of the run's identity.")
        ->capture_default_str();
}

/// The parsed flag; bf16 on a CPU without it is a ConfigError naming --precision. A run without
/// a LibTorch network passes `no_network`, the reason it takes fp32 only: that is checked before
/// the CPU, so such a run hears the same on every machine.
inline Precision precisionFlag(const std::string& value, const std::string& no_network = "") {
    const Precision p = precisionFromName(value, "--precision");
    if (p != Precision::kFp32 && !no_network.empty())
        throw ConfigError(ErrorSource::flag("--precision"), no_network);
    requirePrecisionSupported(p, "--precision");
    return p;
}

}  // namespace blindspot::cli
