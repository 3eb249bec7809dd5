#include "sweep/output/Reinsertion.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"
#include "scenes/RealCars.hpp"
#include "scenes/RealScene.hpp"

namespace blindspot {
namespace {

// Whether a point lies in the box grown by 0.5 m (x-y) and between the ground and its top.
bool nearBox(const FittedBox& b, const float* p) {
    const double yaw = b.yaw_deg * M_PI / 180.0, c = std::cos(yaw), s = std::sin(yaw);
    const double dx = p[0] - b.centre_m.x(), dy = p[1] - b.centre_m.y();
    const double u = c * dx + s * dy, v = -s * dx + c * dy;
    return std::fabs(u) <= b.length_m / 2 + 0.5 && std::fabs(v) <= b.width_m / 2 + 0.5 &&
           p[2] >= b.ground_z_m - 0.2 && p[2] <= b.ground_z_m + b.height_m + 0.5;
}

// The object's cells (instance `instance`) and the car calls around it.
ObjectScore scoreObject(const ScanGrid& grid, const std::vector<int>& predicted,
                        std::uint16_t instance, int car_class, const FittedBox& box) {
    ObjectScore s;
    for (std::size_t i = 0; i < grid.cellCount(); ++i) {
        if (!grid.valid(i) || predicted[i] < 0) continue;
        const bool car_call = predicted[i] == car_class;
        if (grid.instance[i] == instance && grid.label[i] == label::kVehicle) {
            ++s.points;
            s.tp += car_call;
            const double up = (grid.xyz_sensor_m[3 * i + 2] - box.ground_z_m) / box.height_m;
            ++s.band_points[std::size_t(std::clamp(int(std::floor(3 * up)), 0, 2))];
        } else if (car_call && grid.label[i] != label::kVehicle &&
                   nearBox(box, &grid.xyz_sensor_m[3 * i])) {
            ++s.fp;
        }
    }
    return s;
}

}  // namespace

std::vector<InstancePair> reinsertCars(const std::vector<std::string>& frame_ids,
                                       const std::vector<CarModelSpec>& models,
                                       const LidarSpec& lasers, Segmenter& net,
                                       const ReinsertionOptions& options) {
    std::vector<InstancePair> pairs;
    const int car_class = net.classOf(label::kVehicle);
    for (const auto& id : frame_ids) {
        const ErrorSource where = ErrorSource::value(id);
        const RealFrame frame = loadRealFrame(id, where);
        if (!frame.labelled)
            throw ConfigError(where, "the re-insertion gate needs a labelled frame (no " +
                                         std::string("labels/ next to velodyne/)"));
        const RealScene as_recorded =
            composeRealScene(frame, {}, models, lasers, options.seed, true, where);
        const ScanGrid real_grid = organisedScan(as_recorded, lasers, true);
        const std::vector<int> real_pred = net.predict(real_grid);
        for (const RealCar& car : realCars(frame, options.min_points)) {
            const ScenarioCar inserted = libraryCarAt(car.box, models);
            const RealScene scene = composeRealScene(withoutPoints(frame, car.points), {inserted},
                                                     models, lasers, options.seed, true, where);
            const ScanGrid grid = organisedScan(scene, lasers);
            const std::vector<int> pred = net.predict(grid);
            InstancePair p;
            p.frame = id;
            p.instance = car.instance;
            p.model = inserted.model;
            p.range_m = car.box.range_m();
            p.real =
                scoreObject(real_grid, real_pred, std::uint16_t(car.instance), car_class, car.box);
            p.inserted = scoreObject(grid, pred, 1, car_class, car.box);
            if (p.real.points > 0) pairs.push_back(p);  // outside the network's view: no pair
        }
    }
    return pairs;
}

}  // namespace blindspot
