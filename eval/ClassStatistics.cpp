#include "eval/ClassStatistics.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <nanoflann.hpp>
#include <unordered_map>

#include "core/segmentation/LearningMap.hpp"

namespace blindspot {
namespace {

// nanoflann's view of a scan's points (x y z of xyzi).
struct CloudAdaptor {
    const std::vector<float>& xyzi;
    std::size_t kdtree_get_point_count() const { return xyzi.size() / 4; }
    float kdtree_get_pt(std::size_t i, std::size_t dim) const { return xyzi[4 * i + dim]; }
    template <class Box>
    bool kdtree_get_bbox(Box&) const {
        return false;
    }
};
using KdTree =
    nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<float, CloudAdaptor>,
                                        CloudAdaptor, 3, std::uint32_t>;

bool isGroundClass(const std::string& name) {
    return name == "road" || name == "parking" || name == "sidewalk" || name == "other-ground" ||
           name == "terrain";
}

// Mean z of ground-class points per (x, y) cell.
class GroundGrid {
  public:
    GroundGrid(double cell_m, int search_cells) : cell_m_(cell_m), search_(search_cells) {}
    void add(float x, float y, float z) {
        auto& c = cells_[key(index(x), index(y))];
        c.first += z;
        c.second += 1;
    }
    /// The ground under (x, y): the nearest ring's cells with ground, averaged; false if none.
    bool heightAt(float x, float y, float& z) const {
        const long ix = index(x), iy = index(y);
        for (int ring = 0; ring <= search_; ++ring) {
            double sum = 0;
            int n = 0;
            for (long dx = -ring; dx <= ring; ++dx)
                for (long dy = -ring; dy <= ring; ++dy) {
                    if (std::max(std::labs(dx), std::labs(dy)) != ring) continue;
                    const auto it = cells_.find(key(ix + dx, iy + dy));
                    if (it == cells_.end()) continue;
                    sum += it->second.first / it->second.second;
                    ++n;
                }
            if (n > 0) {
                z = float(sum / n);
                return true;
            }
        }
        return false;
    }

  private:
    long index(float v) const { return long(std::floor(v / cell_m_)); }
    static long long key(long ix, long iy) { return (long long)(ix)*1000003LL + iy; }
    double cell_m_;
    int search_;
    std::unordered_map<long long, std::pair<double, int>> cells_;
};

}  // namespace

ShapeFeatures shapeFeatures(const std::vector<Eigen::Vector3f>& neighbourhood) {
    if (neighbourhood.size() < 3) return {};
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (const auto& p : neighbourhood) mean += p.cast<double>();
    mean /= double(neighbourhood.size());
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    for (const auto& p : neighbourhood) {
        const Eigen::Vector3d d = p.cast<double>() - mean;
        cov += d * d.transpose();
    }
    const Eigen::Vector3d ev =
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(cov, Eigen::EigenvaluesOnly).eigenvalues();
    // Ascending order: ev(2) is the largest.
    const double l1 = ev(2), l2 = std::max(ev(1), 0.0), l3 = std::max(ev(0), 0.0);
    if (!(l1 > 1e-12)) return {};
    return {float((l1 - l2) / l1), float((l2 - l3) / l1), float(l3 / l1)};
}

const char* classFeatureName(int feature) {
    static const char* const names[kClassFeatureCount] = {"height_m",  "range_m",   "intensity",
                                                          "linearity", "planarity", "scattering"};
    return names[feature];
}

double ClassStatistics::share(const std::string& class_name) const {
    const auto it = by_class.find(class_name);
    return it == by_class.end() || points == 0 ? 0.0 : double(it->second.points) / double(points);
}

void addScan(ClassStatistics& s, const LabelledCloud& scan, const ClassStatisticsOptions& o) {
    const LearningMap classes = semanticKittiLearningMap();
    const std::size_t n = scan.size();
    const float* p = scan.xyzi.data();
    GroundGrid ground(o.ground_cell_m, o.ground_search_cells);
    std::vector<int> cls(n);
    for (std::size_t i = 0; i < n; ++i) {
        cls[i] = classes.classOf(scan.semantickitti_id[i]);
        if (isGroundClass(classes.classes[std::size_t(cls[i])]))
            ground.add(p[4 * i], p[4 * i + 1], p[4 * i + 2]);
    }
    const CloudAdaptor cloud{scan.xyzi};
    const KdTree tree(3, cloud, nanoflann::KDTreeSingleIndexAdaptorParams(16));
    const std::size_t k = std::size_t(std::max(o.neighbours, 3));
    std::vector<std::uint32_t> index(k);
    std::vector<float> dist2(k);
    std::vector<Eigen::Vector3f> neighbourhood;
    const double cos_half = std::cos(o.half_fov_deg * M_PI / 180.0);
    for (std::size_t i = 0; i < n; ++i) {
        const float x = p[4 * i], y = p[4 * i + 1], z = p[4 * i + 2];
        const double planar = std::hypot(double(x), double(y));
        if (cls[i] == 0 || planar == 0.0 || x < cos_half * planar) continue;  // outside the view
        ClassSample& c = s.by_class[classes.classes[std::size_t(cls[i])]];
        ++c.points;
        ++s.points;
        float ground_z = 0;
        if (ground.heightAt(x, y, ground_z)) c.values[kHeight].push_back(z - ground_z);
        c.values[kRange].push_back(float(std::sqrt(planar * planar + double(z) * z)));
        c.values[kIntensity].push_back(p[4 * i + 3]);
        const std::size_t found = tree.knnSearch(p + 4 * i, k, index.data(), dist2.data());
        neighbourhood.clear();
        for (std::size_t j = 0; j < found; ++j)
            neighbourhood.emplace_back(p[4 * index[j]], p[4 * index[j] + 1], p[4 * index[j] + 2]);
        const ShapeFeatures f = shapeFeatures(neighbourhood);
        c.values[kLinearity].push_back(f.linearity);
        c.values[kPlanarity].push_back(f.planarity);
        c.values[kScattering].push_back(f.scattering);
    }
    ++s.scans;
}

Quartiles quartiles(std::vector<float> v) {
    if (v.empty()) return {};
    auto rank = [&](double q) {
        const std::size_t r = std::size_t(std::ceil(q * double(v.size())));
        const std::size_t at = std::clamp<std::size_t>(r, 1, v.size()) - 1;
        std::nth_element(v.begin(), v.begin() + long(at), v.end());
        return double(v[at]);
    };
    return {rank(0.25), rank(0.5), rank(0.75)};
}

nlohmann::json toJson(const ClassStatistics& s) {
    nlohmann::json classes = nlohmann::json::object();
    for (const auto& [name, c] : s.by_class) {
        nlohmann::json j = {{"share", s.share(name)}, {"points", c.points}};
        for (int f = 0; f < kClassFeatureCount; ++f) {
            const Quartiles q = quartiles(c.values[std::size_t(f)]);
            j[classFeatureName(f)] = {{"q1", q.q1}, {"median", q.median}, {"q3", q.q3}};
        }
        classes[name] = j;
    }
    return {{"scans", s.scans}, {"points", s.points}, {"classes", classes}};
}

}  // namespace blindspot
