#include "sweep/space/Sampler.hpp"

#include <boost/random/sobol.hpp>
#include <numeric>

#include "core/base/Error.hpp"
#include "core/base/Rng.hpp"

namespace blindspot {
namespace {

// Each dimension draws from its own stream, so adding a dimension leaves the others unchanged.
Rng dimensionRng(std::uint64_t seed, const std::string& name) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char c : name) h = (h ^ c) * 0x100000001B3ull;
    return Rng(seed * 0x9E3779B97F4A7C15ull ^ h);
}

class GridSampler : public Sampler {
  public:
    explicit GridSampler(const ModificationSpace& space) : space_(space) {
        double total = 1;
        for (const auto& d : space.dimensions) {
            if (!d.griddable())
                throw ConfigError(
                    ErrorSource::value(d.json_path),
                    "the grid sampler needs value, values or range, not a distribution");
            total *= double(d.values.size());
        }
        if (total > 1e7)
            throw ConfigError(
                ErrorSource::value("/sampler"),
                "the grid has " + std::to_string(total) + " points; at most 10,000,000");
    }
    std::vector<Sample> propose(const std::vector<SampleOutcome>&) override {
        std::vector<Sample> out;
        std::vector<std::size_t> index(space_.dimensions.size(), 0);
        while (true) {
            std::vector<double> u;
            for (std::size_t d = 0; d < index.size(); ++d)
                u.push_back((double(index[d]) + 0.5) / double(space_.dimensions[d].values.size()));
            out.push_back(makeSample(space_, u));
            // Row-major: the last dimension varies fastest.
            std::size_t d = index.size();
            while (d > 0 && ++index[d - 1] == space_.dimensions[d - 1].values.size())
                index[--d] = 0;
            if (d == 0) return out;
        }
    }

  private:
    ModificationSpace space_;
};

// Random, Latin hypercube and Sobol differ only in how they fill the unit cube.
class UnitCubeSampler : public Sampler {
  public:
    UnitCubeSampler(const ModificationSpace& space, const SamplerConfig& config)
        : space_(space), config_(config) {}
    std::vector<Sample> propose(const std::vector<SampleOutcome>&) override {
        const std::size_t n = config_.n, dims = space_.dimensions.size();
        std::vector<std::vector<double>> u(n, std::vector<double>(dims, 0.0));
        if (config_.type == "sobol") u = sobolPoints(n, dims);
        for (std::size_t d = 0; d < dims && config_.type != "sobol"; ++d) {
            Rng rng = dimensionRng(config_.seed, space_.dimensions[d].name);
            if (config_.type == "random") {
                for (auto& row : u) row[d] = rng.uniform(0.0, 1.0);
                continue;
            }
            // Latin hypercube: one sample per stratum [k/n, (k+1)/n), strata shuffled.
            std::vector<std::size_t> strata(n);
            std::iota(strata.begin(), strata.end(), 0);
            for (std::size_t i = n; i > 1; --i)
                std::swap(strata[i - 1], strata[std::size_t(rng.index(int(i)))]);
            for (std::size_t i = 0; i < n; ++i)
                u[i][d] = (double(strata[i]) + rng.uniform(0.0, 1.0)) / double(n);
        }
        std::vector<Sample> out;
        for (const auto& row : u) out.push_back(makeSample(space_, row));
        return out;
    }

  private:
    ModificationSpace space_;
    SamplerConfig config_;
};

// The adaptive sampler's keys: batch, initial, objective {metric, below}.
void adaptiveFromJson(const JsonObject& j, SamplerConfig& c) {
    if (j.has("batch")) {
        const int batch = j.integer("batch");
        if (batch < 1 || batch > 100000) j.fail("batch", "must lie in [1, 100000]");
        c.batch = std::size_t(batch);
    }
    if (j.has("initial")) {
        const int initial = j.integer("initial");
        if (initial < 1 || std::size_t(initial) > c.n) j.fail("initial", "must lie in [1, n]");
        c.initial = std::size_t(initial);
    }
    const JsonObject objective = j.object("objective");
    c.objective = objective.string("metric");
    c.threshold = objective.number("below");
    objective.rejectUnknownKeys();
}

}  // namespace

Sample makeSample(const ModificationSpace& space, const std::vector<double>& u) {
    Sample s;
    for (std::size_t d = 0; d < space.dimensions.size(); ++d) {
        s.names.push_back(space.dimensions[d].name);
        s.values.push_back(space.dimensions[d].at(u[d]));
    }
    return s;
}

std::vector<std::vector<double>> sobolPoints(std::size_t n, std::size_t dims) {
    std::vector<std::vector<double>> u(n, std::vector<double>(dims, 0.0));
    // Boost's engine starts at the second point of the sequence; the origin is put back so the
    // first 2^m points form a (t, m, s)-net and every elementary interval gets its share (Owen
    // 2020, "On dropping the first Sobol' point").
    boost::random::sobol engine(std::max<std::size_t>(1, dims));
    const double scale = 1.0 / (double(engine.max()) + 1.0);
    for (std::size_t i = 1; i < n; ++i)
        for (std::size_t d = 0; d < std::max<std::size_t>(1, dims); ++d) {
            const double v = double(engine()) * scale;
            if (d < dims) u[i][d] = v;
        }
    return u;
}

SamplerConfig samplerConfigFromJson(const JsonObject& j) {
    SamplerConfig c;
    c.type = j.string("type");
    if (c.type != "grid" && c.type != "random" && c.type != "lhs" && c.type != "sobol" &&
        c.type != "adaptive")
        j.fail("type", "expected grid, random, lhs, sobol or adaptive, got \"" + c.type + "\"");
    if (c.type != "grid") {
        const int n = j.integer("n");
        if (n < 1 || n > 10000000) j.fail("n", "must lie in [1, 10000000]");
        c.n = std::size_t(n);
    }
    if (c.type == "adaptive") adaptiveFromJson(j, c);
    if (c.type == "random" || c.type == "lhs" || c.type == "adaptive") {
        const auto& seed = j.raw("seed");
        if (!seed.is_number_unsigned()) j.fail("seed", "expected a non-negative integer");
        c.seed = seed.get<std::uint64_t>();
    }
    j.rejectUnknownKeys();
    return c;
}

std::unique_ptr<Sampler> makeDesignSampler(const ModificationSpace& space,
                                           const SamplerConfig& config) {
    if (config.type == "grid") return std::make_unique<GridSampler>(space);
    if (config.n == 0) throw ConfigError(ErrorSource::value("/sampler/n"), "must be >= 1");
    return std::make_unique<UnitCubeSampler>(space, config);
}

std::vector<Sample> gridDesign(const ModificationSpace& space) {
    return GridSampler(space).propose({});
}

}  // namespace blindspot
