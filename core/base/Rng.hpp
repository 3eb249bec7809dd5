#pragma once
// A small deterministic random generator (SplitMix64). The standard library's distributions are
// implementation-defined, so worlds built with them could differ between compilers; this one gives
// the same numbers everywhere.
#include <boost/random/normal_distribution.hpp>
#include <cstdint>

namespace blindspot {

/// SplitMix64's output function: a bijection that spreads every input bit over the word.
inline std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Rng {
  public:
    // A uniform random bit generator, so that Boost.Random's distributions can draw from it.
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type(0); }
    result_type operator()() { return next(); }

    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() { return mix64(state_ += 0x9E3779B97F4A7C15ull); }
    /// Uniform in [lo, hi).
    double uniform(double lo, double hi) {
        return lo + (hi - lo) * double(next() >> 11) * 0x1.0p-53;
    }
    bool chance(double p) { return uniform(0.0, 1.0) < p; }
    /// Uniform integer in [0, n).
    int index(int n) { return int(next() % std::uint64_t(n)); }

  private:
    std::uint64_t state_;
};

/// A standard normal draw: Boost.Random's ziggurat (Marsaglia and Tsang 2000), one draw from the
/// stream and a table look-up for 98 % of the values, where Box-Muller took a logarithm and a
/// cosine. Its table and algorithm are fixed in the Boost version Debian 12 ships (1.74).
inline double gaussian(Rng& rng) { return boost::random::normal_distribution<double>()(rng); }

}  // namespace blindspot
