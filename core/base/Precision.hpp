#pragma once
// The arithmetic a network's forward pass runs in. FP32 is the default and gives the same bits on
// every machine; bf16 (bfloat16 weights and activations with FP32 accumulation, through
// LibTorch's CPU autocast and oneDNN) is opt-in, on CPUs that report native bf16 instructions.
// The precision is part of a run's identity: a bf16 network's checkpoint hash carries a
// "+bf16" suffix, so the store refuses to resume a run in the other precision and reports and
// comparisons show it.
#include <string>

namespace blindspot {

enum class Precision { kFp32, kBf16 };

/// "fp32" or "bf16"; anything else is a ConfigError naming `flag`.
Precision precisionFromName(const std::string& name, const std::string& flag);
std::string precisionName(Precision precision);

/// True when `cpuinfo_flags` (the "flags" line of /proc/cpuinfo) lists avx512_bf16 or amx_bf16.
bool cpuFlagsHaveBf16(const std::string& cpuinfo_flags);
/// The same for this machine's /proc/cpuinfo (false when it cannot be read).
bool cpuHasBf16();
/// Throws a ConfigError naming `flag` when bf16 is asked for on a CPU without it.
void requirePrecisionSupported(Precision precision, const std::string& flag);

/// A checkpoint hash as a run records it: the weights' hash plus the precision's suffix.
std::string hashWithPrecision(const std::string& weights_hash, Precision precision);
/// The precision a recorded checkpoint hash was scored in.
Precision precisionOfHash(const std::string& checkpoint_hash);

}  // namespace blindspot
