#include <gtest/gtest.h>

#include "core/base/Error.hpp"
#include "core/base/Precision.hpp"

using namespace blindspot;

TEST(Precision, NamesParseAndOthersNameTheFlag) {
    EXPECT_EQ(precisionFromName("fp32", "--precision"), Precision::kFp32);
    EXPECT_EQ(precisionFromName("bf16", "--precision"), Precision::kBf16);
    EXPECT_EQ(precisionName(Precision::kBf16), "bf16");
    try {
        precisionFromName("fp16", "--precision");
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_EQ(std::string(e.what()), "--precision: fp32 or bf16; got \"fp16\"");
    }
}

TEST(Precision, Bf16IsFoundAmongTheCpuFlagsAsAWholeWord) {
    EXPECT_TRUE(cpuFlagsHaveBf16("flags\t\t: fpu vme avx512f avx512_bf16 avx512_vnni"));
    EXPECT_TRUE(cpuFlagsHaveBf16("flags : fpu amx_bf16 amx_tile"));
    EXPECT_FALSE(cpuFlagsHaveBf16("flags : fpu avx512f avx512_vnni avx512_bf16x"));
    EXPECT_FALSE(cpuFlagsHaveBf16(""));
    // On this machine: FP32 is always allowed, bf16 only where the CPU says so.
    EXPECT_NO_THROW(requirePrecisionSupported(Precision::kFp32, "--precision"));
    if (!cpuHasBf16()) {
        EXPECT_THROW(requirePrecisionSupported(Precision::kBf16, "--precision"), ConfigError);
    }
}

TEST(Precision, TheRunsCheckpointHashCarriesIt) {
    EXPECT_EQ(hashWithPrecision("448ad01eacc52664", Precision::kFp32), "448ad01eacc52664");
    EXPECT_EQ(hashWithPrecision("448ad01eacc52664", Precision::kBf16), "448ad01eacc52664+bf16");
    EXPECT_EQ(precisionOfHash("448ad01eacc52664+bf16"), Precision::kBf16);
    EXPECT_EQ(precisionOfHash("448ad01eacc52664"), Precision::kFp32);
    EXPECT_EQ(precisionOfHash("+bf16"), Precision::kFp32);  // a suffix needs a hash before it
    EXPECT_EQ(precisionOfHash(""), Precision::kFp32);
}
