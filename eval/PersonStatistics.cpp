#include "eval/PersonStatistics.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "eval/ClassStatistics.hpp"

namespace blindspot {
namespace {

const char* kindOf(std::uint16_t id) {
    switch (id) {
        case 30:
        case 254:
            return "person";
        case 31:
        case 253:
            return "bicyclist";
        case 32:
        case 255:
            return "motorcyclist";
        default:
            return nullptr;
    }
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
}

// The median scattering of each point's 8 nearest neighbours among `pts` (itself included).
double medianScattering(const std::vector<Eigen::Vector3f>& pts) {
    constexpr std::size_t k = 8;
    if (pts.size() < k) return 0.0;
    std::vector<double> out;
    std::vector<std::pair<float, std::size_t>> d(pts.size());
    std::vector<Eigen::Vector3f> hood;
    for (const auto& p : pts) {
        for (std::size_t j = 0; j < pts.size(); ++j) d[j] = {(pts[j] - p).squaredNorm(), j};
        std::partial_sort(d.begin(), d.begin() + k, d.end());
        hood.clear();
        for (std::size_t j = 0; j < k; ++j) hood.push_back(pts[d[j].second]);
        out.push_back(shapeFeatures(hood).scattering);
    }
    return median(out);
}

PersonInstance describe(const std::string& kind, const std::vector<Eigen::Vector3f>& pts,
                        const std::vector<float>& intensity) {
    PersonInstance p;
    p.kind = kind;
    p.points = pts.size();
    Eigen::Vector3f c = Eigen::Vector3f::Zero();
    for (const auto& q : pts) c += q;
    c /= float(pts.size());
    p.range_m = std::hypot(c.x(), c.y());
    const Eigen::Vector2f across = Eigen::Vector2f(-c.y(), c.x()).normalized();
    float zlo = 1e9f, zhi = -1e9f, alo = 1e9f, ahi = -1e9f;
    for (const auto& q : pts) {
        zlo = std::min(zlo, q.z());
        zhi = std::max(zhi, q.z());
        const float a = across.dot(q.head<2>());
        alo = std::min(alo, a);
        ahi = std::max(ahi, a);
    }
    p.height_m = zhi - zlo;
    p.width_m = ahi - alo;
    p.intensity = median(std::vector<double>(intensity.begin(), intensity.end()));
    p.scattering = medianScattering(pts);
    return p;
}

}  // namespace

std::vector<PersonInstance> personInstances(const std::vector<float>& xyzi,
                                            const std::vector<std::uint16_t>& semantickitti_id,
                                            const std::vector<std::uint16_t>& instance,
                                            const PersonStatisticsOptions& options) {
    struct Points {
        std::vector<Eigen::Vector3f> xyz;
        std::vector<float> intensity;
    };
    std::map<std::pair<std::string, std::uint16_t>, Points> by_instance;
    const double tan_half = std::tan(options.half_fov_deg * M_PI / 180.0);
    for (std::size_t i = 0; i < semantickitti_id.size(); ++i) {
        const char* kind = kindOf(semantickitti_id[i]);
        const float x = xyzi[4 * i], y = xyzi[4 * i + 1];
        if (!kind || x <= 0 || std::fabs(y) > x * tan_half) continue;
        Points& p = by_instance[{kind, i < instance.size() ? instance[i] : std::uint16_t(0)}];
        p.xyz.emplace_back(x, y, xyzi[4 * i + 2]);
        p.intensity.push_back(xyzi[4 * i + 3]);
    }
    std::vector<PersonInstance> out;
    for (const auto& [key, p] : by_instance)
        if (p.xyz.size() >= options.min_points) out.push_back(describe(key.first, p.xyz, p.intensity));
    return out;
}

nlohmann::json summariseByRange(const std::vector<PersonInstance>& people) {
    nlohmann::json out = nlohmann::json::object();
    for (const char* kind : {"person", "bicyclist", "motorcyclist"})
        for (std::size_t b = 0; b + 1 < std::size(kPersonRangeBinsM); ++b) {
            std::vector<double> pts, at10, height, width, inten, scat;
            for (const auto& p : people)
                if (p.kind == kind && p.range_m >= kPersonRangeBinsM[b] &&
                    p.range_m < kPersonRangeBinsM[b + 1]) {
                    pts.push_back(double(p.points));
                    at10.push_back(double(p.points) * std::pow(p.range_m / 10.0, 2));
                    height.push_back(p.height_m);
                    width.push_back(p.width_m);
                    inten.push_back(p.intensity);
                    scat.push_back(p.scattering);
                }
            if (pts.empty()) continue;
            const std::string bin = std::to_string(int(kPersonRangeBinsM[b])) + "-" +
                                    std::to_string(int(kPersonRangeBinsM[b + 1])) + " m";
            out[kind][bin] = {{"instances", pts.size()},        {"points", median(pts)},
                              {"points_at_10m", median(at10)}, {"height_m", median(height)},
                              {"width_m", median(width)},      {"intensity", median(inten)},
                              {"scattering", median(scat)}};
        }
    return out;
}

}  // namespace blindspot
