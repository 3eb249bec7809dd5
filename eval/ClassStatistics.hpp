#pragma once
// Per-class statistics of labelled scans, to hold simulated classes against real ones (issue 33,
// item 2): for every SemanticKITTI training class, its share of the front view's points and the
// distribution of each point's height above the local ground, range, intensity and local shape.
// Shape is the eigenvalue features of the point's k nearest neighbours (Weinmann et al. 2015,
// "Semantic point cloud interpretation based on optimal neighborhoods"): with the covariance's
// eigenvalues l1 >= l2 >= l3, linearity (l1 - l2) / l1, planarity (l2 - l3) / l1 and scattering
// l3 / l1, each in [0, 1] and summing to 1. Real labels may calibrate the world this way; they
// never train a network.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace blindspot {

struct ClassStatisticsOptions {
    double half_fov_deg = 45.0;   ///< front view: |azimuth| <= this (lidar_2d's 90 deg)
    int neighbours = 16;          ///< k of the shape features, the point itself included
    double ground_cell_m = 2.0;   ///< cell of the local ground grid (x, y)
    int ground_search_cells = 5;  ///< rings of cells searched for ground around a point's cell
};

/// One scan: x, y, z (m, sensor frame), intensity per point, and its SemanticKITTI raw id.
struct LabelledCloud {
    std::vector<float> xyzi;
    std::vector<std::uint16_t> semantickitti_id;
    std::size_t size() const { return semantickitti_id.size(); }
};

struct ShapeFeatures {
    float linearity = 0, planarity = 0, scattering = 0;
};
/// The eigenvalue features of a neighbourhood; all 0 for fewer than 3 distinct points.
ShapeFeatures shapeFeatures(const std::vector<Eigen::Vector3f>& neighbourhood);

enum ClassFeature { kHeight, kRange, kIntensity, kLinearity, kPlanarity, kScattering };
constexpr int kClassFeatureCount = 6;
/// "height_m", "range_m", "intensity", "linearity", "planarity", "scattering".
const char* classFeatureName(int feature);

struct ClassSample {
    std::size_t points = 0;
    /// Per feature, the value of every point (height: only points with ground nearby).
    std::array<std::vector<float>, kClassFeatureCount> values;
};

struct ClassStatistics {
    std::size_t scans = 0;
    std::size_t points = 0;  ///< front-view points with a class (unlabeled and outliers left out)
    std::map<std::string, ClassSample> by_class;  ///< by SemanticKITTI training class name

    double share(const std::string& class_name) const;
};

/// Adds the front-view points of `scan`. The local ground is the mean height of the points of
/// ground classes (road, parking, sidewalk, other-ground, terrain) in the nearest grid cell that
/// has any, within ground_search_cells rings.
void addScan(ClassStatistics& statistics, const LabelledCloud& scan,
             const ClassStatisticsOptions& options = {});

struct Quartiles {
    double q1 = 0, median = 0, q3 = 0;
};
/// Quartiles by nearest rank; all 0 for no values.
Quartiles quartiles(std::vector<float> values);

/// {"scans", "points", "classes": {name: {"share", "points", feature: {"q1", "median", "q3"}}}}.
nlohmann::json toJson(const ClassStatistics& statistics);

}  // namespace blindspot
