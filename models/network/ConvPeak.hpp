#pragma once
// The practical compute roofline of this CPU for `bench infer`: GFLOP/s of one large 3 x 3
// convolution (256 -> 256 channels on 64 x 64, 4.8 GFLOP) through LibTorch's oneDNN path on the
// current thread count, which is as close to the FMA units' peak as a convolution gets.
namespace blindspot {

/// Median GFLOP/s over `repeats` passes (after one warm-up).
double convolutionPeakGflops(int repeats);

/// What convolutionPeakGflops calls, in the LibTorch half (models/runtime/TorchRuntime.hpp);
/// defined there.
namespace torch_half {
double convolutionPeakGflops(int repeats);
}  // namespace torch_half

}  // namespace blindspot
