#include "eval/Reinsertion.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/base/Rng.hpp"

namespace blindspot {
namespace {

constexpr int kResamples = 2000;

std::optional<double> averageOf(const std::vector<double>& v) {
    if (v.empty()) return std::nullopt;
    double s = 0.0;
    for (double x : v) s += x;
    return s / double(v.size());
}

// The 2.5th and 97.5th percentiles of `statistic` over instances drawn with replacement.
BootstrapInterval bootstrap(
    std::size_t n, std::uint64_t seed,
    const std::function<std::optional<double>(const std::vector<std::size_t>&)>& statistic) {
    BootstrapInterval out;
    out.units = n;
    if (n < 2) return out;
    Rng rng(seed);
    std::vector<double> draws;
    std::vector<std::size_t> pick(n);
    for (int r = 0; r < kResamples; ++r) {
        for (auto& p : pick) p = std::size_t(rng.uniform(0.0, double(n))) % n;
        if (const auto v = statistic(pick)) draws.push_back(*v);
    }
    if (draws.size() < 2) return out;
    std::sort(draws.begin(), draws.end());
    out.low = draws[std::size_t(0.025 * double(draws.size() - 1))];
    out.high = draws[std::size_t(0.975 * double(draws.size() - 1))];
    return out;
}

// Inserted over real, each side's `count` summed over the picked instances.
template <typename Count>
std::optional<double> summedRatio(const std::vector<const InstancePair*>& in,
                                  const std::vector<std::size_t>& pick, Count count) {
    double real = 0.0, inserted = 0.0;
    for (std::size_t i : pick) real += count(in[i]->real), inserted += count(in[i]->inserted);
    return real > 0.0 ? std::optional<double>(inserted / real) : std::nullopt;
}

std::optional<double> pointsRatio(const std::vector<const InstancePair*>& in,
                                  const std::vector<std::size_t>& pick) {
    return summedRatio(in, pick, [](const ObjectScore& o) { return double(o.points); });
}

// Mean over the picked instances where both sides are defined of (inserted - real).
std::optional<double> meanDifference(const std::vector<const InstancePair*>& in,
                                     const std::vector<std::size_t>& pick,
                                     std::optional<double> (ObjectScore::*metric)() const) {
    std::vector<double> d;
    for (std::size_t i : pick) {
        const auto r = (in[i]->real.*metric)(), s = (in[i]->inserted.*metric)();
        if (r && s) d.push_back(*s - *r);
    }
    return averageOf(d);
}

std::optional<double> sideMean(const std::vector<const InstancePair*>& in, bool inserted,
                               std::optional<double> (ObjectScore::*metric)() const) {
    std::vector<double> v;
    for (const auto* p : in) {
        const auto r = (p->real.*metric)(), s = (p->inserted.*metric)();
        if (r && s) v.push_back(inserted ? *s : *r);
    }
    return averageOf(v);
}

std::string fixed(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3f", v);
    return b;
}

nlohmann::json number(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json();
}
nlohmann::json interval(const BootstrapInterval& ci) { return {number(ci.low), number(ci.high)}; }

}  // namespace

std::optional<double> ObjectScore::recall() const {
    return points > 0 ? std::optional<double>(double(tp) / double(points)) : std::nullopt;
}

std::optional<double> ObjectScore::iou() const {
    return points + fp > 0 ? std::optional<double>(double(tp) / double(points + fp)) : std::nullopt;
}

std::vector<ReinsertionBin> reinsertionBins(const std::vector<InstancePair>& pairs,
                                            std::uint64_t seed) {
    std::vector<ReinsertionBin> bins(3);
    const double edges[4] = {0, 10, 20, 40};
    for (std::size_t b = 0; b < bins.size(); ++b) {
        bins[b].low_m = edges[b];
        bins[b].high_m = edges[b + 1];
        bins[b].name =
            std::to_string(int(edges[b])) + "-" + std::to_string(int(edges[b + 1])) + " m";
    }
    for (std::size_t b = 0; b < bins.size(); ++b) {
        ReinsertionBin& bin = bins[b];
        std::vector<const InstancePair*> in;
        for (const auto& p : pairs)
            if (p.range_m >= bin.low_m && p.range_m < bin.high_m) in.push_back(&p);
        bin.instances = in.size();
        if (in.empty()) continue;
        std::vector<std::size_t> all(in.size());
        for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
        for (const auto* p : in)
            bin.real_points += double(p->real.points),
                bin.inserted_points += double(p->inserted.points);
        bin.real_points /= double(in.size());
        bin.inserted_points /= double(in.size());
        const std::uint64_t s = seed + 101 * b;
        bin.points_ratio = pointsRatio(in, all);
        bin.points_ratio_ci =
            bootstrap(in.size(), s, [&](const auto& pick) { return pointsRatio(in, pick); });
        for (std::size_t k = 0; k < 3; ++k)  // per third of the height, over every instance
            bin.band_ratio[k] = summedRatio(
                in, all, [k](const ObjectScore& o) { return double(o.band_points[k]); });
        bin.real_iou = sideMean(in, false, &ObjectScore::iou);
        bin.inserted_iou = sideMean(in, true, &ObjectScore::iou);
        bin.iou_difference = meanDifference(in, all, &ObjectScore::iou);
        bin.iou_difference_ci = bootstrap(in.size(), s + 1, [&](const auto& pick) {
            return meanDifference(in, pick, &ObjectScore::iou);
        });
        bin.real_recall = sideMean(in, false, &ObjectScore::recall);
        bin.inserted_recall = sideMean(in, true, &ObjectScore::recall);
        bin.recall_difference = meanDifference(in, all, &ObjectScore::recall);
        bin.recall_difference_ci = bootstrap(in.size(), s + 2, [&](const auto& pick) {
            return meanDifference(in, pick, &ObjectScore::recall);
        });
    }
    return bins;
}

std::vector<std::string> reinsertionShortfalls(const std::vector<ReinsertionBin>& bins) {
    std::vector<std::string> out;
    for (const auto& b : bins) {
        if (b.instances == 0) continue;
        if (b.points_ratio && *b.points_ratio < 0.8)
            out.push_back(b.name + ": inserted cars get " + fixed(*b.points_ratio) +
                          " x the real cars' points, " + fixed(0.8 - *b.points_ratio) +
                          " below 0.8");
        if (b.points_ratio && *b.points_ratio > 1.25)
            out.push_back(b.name + ": inserted cars get " + fixed(*b.points_ratio) +
                          " x the real cars' points, " + fixed(*b.points_ratio - 1.25) +
                          " above 1.25");
        if (b.iou_difference && std::fabs(*b.iou_difference) > 0.10)
            out.push_back(b.name + ": inserted cars' mean IoU differs from the real cars' by " +
                          fixed(*b.iou_difference) + ", " +
                          fixed(std::fabs(*b.iou_difference) - 0.10) + " beyond 0.10");
    }
    return out;
}

nlohmann::json toJson(const std::vector<InstancePair>& pairs) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& p : pairs) {
        auto side = [](const ObjectScore& s) {
            return nlohmann::json{{"points", s.points},
                                  {"band_points", s.band_points},
                                  {"tp", s.tp},
                                  {"fp", s.fp},
                                  {"recall", number(s.recall())},
                                  {"iou", number(s.iou())}};
        };
        out.push_back({{"frame", p.frame},
                       {"instance", p.instance},
                       {"model", p.model},
                       {"range_m", p.range_m},
                       {"real", side(p.real)},
                       {"inserted", side(p.inserted)}});
    }
    return out;
}

nlohmann::json toJson(const std::vector<ReinsertionBin>& bins) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& b : bins)
        out.push_back({{"bin", b.name},
                       {"instances", b.instances},
                       {"real_points", b.real_points},
                       {"inserted_points", b.inserted_points},
                       {"points_ratio", number(b.points_ratio)},
                       {"points_ratio_ci", interval(b.points_ratio_ci)},
                       {"band_ratio",
                        {{"lower", number(b.band_ratio[0])},
                         {"middle", number(b.band_ratio[1])},
                         {"upper", number(b.band_ratio[2])}}},
                       {"real_iou", number(b.real_iou)},
                       {"inserted_iou", number(b.inserted_iou)},
                       {"iou_difference", number(b.iou_difference)},
                       {"iou_difference_ci", interval(b.iou_difference_ci)},
                       {"real_recall", number(b.real_recall)},
                       {"inserted_recall", number(b.inserted_recall)},
                       {"recall_difference", number(b.recall_difference)},
                       {"recall_difference_ci", interval(b.recall_difference_ci)}});
    return out;
}

}  // namespace blindspot
