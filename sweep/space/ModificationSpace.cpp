#include "sweep/space/ModificationSpace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "scenes/Background.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/RealBackground.hpp"

namespace blindspot {
namespace {

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    return b;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

// Throws ConfigError at `path` if `v` is not valid for the dimension.
void checkValue(const DimensionDef& def, const DimValue& v, const Catalogue& cat,
                const std::string& file, const std::string& path) {
    const ErrorSource at = ErrorSource::file(file, path);
    if (def.numeric()) {
        if (!std::holds_alternative<double>(v))
            throw ConfigError(at, "expected a number (" + def.meaning + ")");
        const double x = std::get<double>(v);
        if (!(x >= def.min && x <= def.max))
            throw ConfigError(
                at, "must lie in [" + num(def.min) + ", " + num(def.max) + "], got " + num(x));
        if (def.kind == DimensionKind::Integer && x != std::floor(x))
            throw ConfigError(at, def.name + " must be a whole number, got " + num(x));
        return;
    }
    if (!std::holds_alternative<std::string>(v))
        throw ConfigError(at, "expected a string (" + def.meaning + ")");
    const std::string& s = std::get<std::string>(v);
    switch (def.values) {
        case ValueSet::CarModels:
            if (!contains(cat.car_models, s))
                throw ConfigError(at, "unknown car model \"" + s + "\"");
            break;
        case ValueSet::Colors:
            if (!contains(cat.colors, s)) throw ConfigError(at, "unknown colour \"" + s + "\"");
            break;
        case ValueSet::LidarPresets:
            if (!contains(cat.lidar_presets, s))
                throw ConfigError(at, "unknown LiDAR preset \"" + s + "\"");
            break;
        case ValueSet::Backgrounds:
            if (!isBackgroundId(s) && !isRealBackground(s))
                throw ConfigError(at, "unknown background \"" + s +
                                          "\"; expected urban-01 ... urban-15, train-NN, "
                                          "TYPE:SEED or a scene file");
            break;
        case ValueSet::Weather:
            try {
                parseWeather(s);
            } catch (const ConfigError& e) {
                throw ConfigError(at, e.expected());
            }
            break;
        case ValueSet::TargetTypes:
            if (!contains(targetTypes(), s))
                throw ConfigError(
                    at, "unknown target type \"" + s + "\"; expected car, pedestrian or cyclist");
            break;
        case ValueSet::None:
            break;
    }
}

DimValue valueFromJson(const nlohmann::json& v, const std::string& file, const std::string& path) {
    if (v.is_number()) return v.get<double>();
    if (v.is_string()) return v.get<std::string>();
    throw ConfigError(ErrorSource::file(file, path), "expected a number or a string");
}

// "real:DIR#A..B:S" stands for its frames, each a background value of its own (a fixed value
// naming several frames becomes their list).
void expandRealFrames(Dimension& d, const JsonObject& j) {
    std::vector<DimValue> values;
    for (std::size_t i = 0; i < d.values.size(); ++i) {
        const auto* text = std::get_if<std::string>(&d.values[i]);
        if (!text || !isRealBackground(*text)) {
            values.push_back(d.values[i]);
            continue;
        }
        const std::string at = d.kind == Dimension::Kind::Fixed
                                   ? j.pathOf("value")
                                   : j.pathOf("values") + "/" + std::to_string(i);
        for (const auto& id : expandRealBackground(*text, ErrorSource::file(j.file(), at)))
            values.push_back(id);
    }
    if (d.kind == Dimension::Kind::Fixed && values.size() > 1) d.kind = Dimension::Kind::List;
    if (d.kind == Dimension::Kind::Distribution && values.size() != d.weights.size())
        j.fail("distribution", "a choice's real:DIR#A..B values must each name one frame");
    d.values = std::move(values);
}

Dimension dimensionFromJson(const JsonObject& j, const DimensionDef& rule, const Catalogue& cat) {
    Dimension d;
    d.name = rule.name;
    d.json_path = j.path();
    d.numeric = rule.numeric();
    const int forms = j.has("value") + j.has("values") + j.has("range") + j.has("distribution");
    if (forms != 1) j.fail("", "expected exactly one of value, values, range or distribution");
    if (j.has("value")) {
        d.kind = Dimension::Kind::Fixed;
        d.values.push_back(valueFromJson(j.raw("value"), j.file(), j.pathOf("value")));
    } else if (j.has("values")) {
        d.kind = Dimension::Kind::List;
        const auto& list = j.raw("values");
        if (!list.is_array() || list.empty()) j.fail("values", "expected a non-empty list");
        for (std::size_t i = 0; i < list.size(); ++i)
            d.values.push_back(
                valueFromJson(list[i], j.file(), j.pathOf("values") + "/" + std::to_string(i)));
    } else if (j.has("range")) {
        d.kind = Dimension::Kind::List;
        if (!rule.numeric()) j.fail("range", "a range needs a numeric dimension");
        const JsonObject r = j.object("range");
        for (double v : expandRange(r.number("start"), r.number("stop"), r.number("step"), j.file(),
                                    j.pathOf("range")))
            d.values.push_back(v);
        r.rejectUnknownKeys();
    } else {
        d.kind = Dimension::Kind::Distribution;
        const JsonObject dist = j.object("distribution");
        d.distribution = dist.string("type");
        if (d.distribution == "uniform" || d.distribution == "int_uniform") {
            if (!rule.numeric()) dist.fail("type", d.distribution + " needs a numeric dimension");
            d.low = dist.number("low");
            d.high = dist.number("high");
            if (!(d.low < d.high)) dist.fail("high", "must be > low");
            if (d.distribution == "int_uniform" &&
                (d.low != std::floor(d.low) || d.high != std::floor(d.high)))
                dist.fail("low", "int_uniform bounds must be whole numbers");
        } else if (d.distribution == "normal") {
            if (!rule.numeric()) dist.fail("type", "normal needs a numeric dimension");
            d.mean = dist.number("mean");
            d.stddev = dist.number("std");
            if (!(d.stddev > 0)) dist.fail("std", "must be > 0");
            // Truncated to [low, high], by default the dimension's own limits, so no draw can
            // leave them (issue 20: an untruncated normal could put a car outside its range).
            d.low = dist.number("low", rule.min);
            d.high = dist.number("high", rule.max);
            if (!(d.low < d.high)) dist.fail("high", "must be > low");
            if (!(d.mean >= d.low && d.mean <= d.high))
                dist.fail("mean", "must lie in [low, high] = [" + num(d.low) + ", " + num(d.high) +
                                      "], got " + num(d.mean));
        } else if (d.distribution == "choice") {
            const auto& list = dist.raw("values");
            if (!list.is_array() || list.empty()) dist.fail("values", "expected a non-empty list");
            for (std::size_t i = 0; i < list.size(); ++i)
                d.values.push_back(valueFromJson(list[i], dist.file(),
                                                 dist.pathOf("values") + "/" + std::to_string(i)));
            d.weights = dist.has("weights") ? dist.numbers("weights")
                                            : std::vector<double>(d.values.size(), 1.0);
            if (d.weights.size() != d.values.size())
                dist.fail("weights", "expected one weight per value");
            double total = 0;
            for (double w : d.weights) {
                if (!(w >= 0)) dist.fail("weights", "weights must be >= 0");
                total += w;
            }
            if (!(total > 0)) dist.fail("weights", "weights must not all be 0");
        } else {
            dist.fail("type", "expected uniform, int_uniform, normal or choice, got \"" +
                                  d.distribution + "\"");
        }
        dist.rejectUnknownKeys();
    }
    j.rejectUnknownKeys();
    if (rule.values == ValueSet::Backgrounds) expandRealFrames(d, j);
    for (std::size_t i = 0; i < d.values.size(); ++i)
        checkValue(rule, d.values[i], cat, j.file(), j.path());
    if (d.kind == Dimension::Kind::Distribution && d.distribution != "choice") {
        checkValue(rule, d.low, cat, j.file(), j.path());
        checkValue(rule, d.high, cat, j.file(), j.path());
    }
    return d;
}

// Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9).
double normalQuantile(double p) {
    const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                        1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                        6.680131188771972e+01, -1.328068155288572e+01};
    const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                        -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                        3.754408661907416e+00};
    p = std::clamp(p, 1e-12, 1 - 1e-12);
    if (p < 0.02425) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - 0.02425) return -normalQuantile(1 - p);
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

double normalCdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

}  // namespace

std::vector<double> expandRange(double start, double stop, double step, const std::string& file,
                                const std::string& path) {
    if (step == 0 || !std::isfinite(step))
        throw ConfigError(ErrorSource::file(file, path + "/step"), "must not be 0");
    const double steps = (stop - start) / step;
    if (steps < -1e-9)
        throw ConfigError(ErrorSource::file(file, path),
                          "empty range: stop " + num(stop) + " cannot be reached from start " +
                              num(start) + " with step " + num(step));
    // Checked as a double first: converting a count beyond size_t's range is undefined behaviour
    // (a fuzzed config asked for 6e116 values), and a non-finite count is not a range.
    if (!(steps < 1e6))
        throw ConfigError(ErrorSource::file(file, path), "range has more than 1,000,000 values");
    const auto count = std::size_t(std::floor(steps + 1e-9)) + 1;
    std::vector<double> values(count);
    for (std::size_t k = 0; k < count; ++k)
        values[k] = std::round((start + double(k) * step) * 1e9) / 1e9;
    return values;
}

DimValue Dimension::at(double u) const {
    switch (kind) {
        case Kind::Fixed:
            return values.front();
        case Kind::List:
            return values[std::min(values.size() - 1, std::size_t(u * double(values.size())))];
        case Kind::Distribution:
            break;
    }
    if (distribution == "uniform") return low + u * (high - low);
    if (distribution == "int_uniform")
        return std::min(high, std::floor(low + u * (high - low + 1)));
    if (distribution == "normal") {
        // Inverse CDF of the normal truncated to [low, high].
        const double cdf_low = normalCdf((low - mean) / stddev);
        const double cdf_high = normalCdf((high - mean) / stddev);
        return std::clamp(mean + stddev * normalQuantile(cdf_low + u * (cdf_high - cdf_low)), low,
                          high);
    }
    double total = 0;
    for (double w : weights) total += w;
    double acc = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        acc += weights[i] / total;
        if (u < acc) return values[i];
    }
    return values.back();
}

const Dimension* ModificationSpace::find(const std::string& name) const {
    for (const auto& d : dimensions)
        if (d.name == name) return &d;
    return nullptr;
}

ModificationSpace modificationSpaceFromJson(const JsonObject& j, const Catalogue& catalogue,
                                            const DimensionRegistry& registry) {
    for (const auto& key : j.keys()) {
        const DimensionDef* def = registry.resolve(key);
        if (!def) j.fail(key, "unknown dimension; expected one of " + registry.list());
        if (key != def->name && j.has(def->name))
            j.fail(key,
                   "\"" + key + "\" is the old name of \"" + def->name + "\"; give one of them");
    }
    ModificationSpace space;
    for (const auto& def : registry.dims)
        for (const auto& key : j.keys())
            if (registry.resolve(key) == &def)
                space.dimensions.push_back(dimensionFromJson(j.object(key), def, catalogue));
    return space;
}

nlohmann::json Sample::toJson() const {
    nlohmann::json out = nlohmann::json::object();
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (std::holds_alternative<std::string>(values[i])) {
            out[names[i]] = std::get<std::string>(values[i]);
            continue;
        }
        // Whole numbers print as integers (count = 3, not 3.0), so the canonical form is tidy.
        const double v = std::get<double>(values[i]);
        if (v == std::floor(v) && std::fabs(v) < 1e15)
            out[names[i]] = static_cast<std::int64_t>(v);
        else
            out[names[i]] = v;
    }
    return out;
}

Scenario scenarioOf(const Sample& sample, const DimensionRegistry& registry) {
    return scenarioOf(sample.names, sample.values, registry);
}

std::string sceneId(const Sample& sample, const DimensionRegistry& registry) {
    Sample keyed = sample;
    for (auto& name : keyed.names)
        if (const DimensionDef* def = registry.find(name)) name = def->hashKey();
    const std::string text = std::string(kWorldVersion) + "\n" + keyed.toJson().dump();
    return hex64(fnv1a64(text));
}

}  // namespace blindspot
