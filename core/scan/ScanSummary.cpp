#include "core/scan/ScanSummary.hpp"

#include <map>
#include <vector>

#include "core/geometry/PoseJson.hpp"

namespace blindspot {

nlohmann::json scanSummaryJson(const ScanGrid& scan) {
    // Counted in flat arrays: a map lookup per return cost as much as writing the scan cache.
    std::vector<std::size_t> label_count(65536, 0), instance_count(65536, 0);
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) continue;
        ++label_count[scan.label[i]];
        ++instance_count[scan.instance[i]];
    }
    std::map<int, std::size_t> per_label, per_instance;
    for (int id = 0; id < 65536; ++id) {
        if (label_count[std::size_t(id)]) per_label[id] = label_count[std::size_t(id)];
        if (id != 0 && instance_count[std::size_t(id)])
            per_instance[id] = instance_count[std::size_t(id)];
    }
    nlohmann::json labels = nlohmann::json::object(), instances = nlohmann::json::object();
    for (const auto& [id, n] : per_label) labels[std::to_string(id)] = n;
    for (const auto& [id, n] : per_instance) instances[std::to_string(id)] = n;

    nlohmann::json pose = poseToJson(Pose::fromIsometry(scan.world_from_sensor));
    nlohmann::json matrix = nlohmann::json::array();
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) matrix.push_back(scan.world_from_sensor.matrix()(r, c));
    pose["matrix_row_major"] = matrix;

    return {{"lidar", lidarSpecToJson(scan.spec)},
            {"rows", scan.rows()},
            {"cols", scan.cols()},
            {"cells", scan.cellCount()},
            {"valid_points", scan.validCount()},
            {"scan_duration_s", 1.0 / scan.spec.scan_frequency_hz},
            {"world_from_sensor", pose},
            {"points_per_label", labels},
            {"points_per_instance", instances}};
}

ScanGrid emptyScanOfSummary(const JsonObject& summary) {
    const LidarSpec spec = lidarSpecFromJson(summary.object("lidar"));
    const JsonObject pose = summary.object("world_from_sensor");
    const std::vector<double> m = pose.numbers("matrix_row_major");
    if (m.size() != 16) pose.fail("matrix_row_major", "expected 16 numbers (a row-major 4x4 pose)");
    Eigen::Isometry3d world_from_sensor = Eigen::Isometry3d::Identity();
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c) world_from_sensor.matrix()(r, c) = m[std::size_t(4 * r + c)];
    return makeEmptyScan(spec, world_from_sensor);
}

}  // namespace blindspot
