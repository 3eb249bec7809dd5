#include "models/network/ConvPeak.hpp"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace blindspot {

double torch_half::convolutionPeakGflops(int repeats) {
    torch::InferenceMode guard;
    constexpr int kChannels = 256, kSide = 64;
    const torch::Tensor x = torch::randn({1, kChannels, kSide, kSide});
    const torch::Tensor w = torch::randn({kChannels, kChannels, 3, 3});
    const double gflop = 2.0 * kChannels * kChannels * 9 * kSide * kSide / 1e9;
    auto pass = [&] { return torch::conv2d(x, w, {}, 1, 1); };
    pass();
    std::vector<double> rates;
    for (int r = 0; r < std::max(1, repeats); ++r) {
        const auto t = std::chrono::steady_clock::now();
        pass();
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        rates.push_back(gflop / s);
    }
    std::nth_element(rates.begin(), rates.begin() + long(rates.size() / 2), rates.end());
    return rates[rates.size() / 2];
}

}  // namespace blindspot
