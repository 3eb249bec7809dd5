#include "scenes/TargetPeople.hpp"

#include <cmath>

#include "scenes/BackgroundLayout.hpp"
#include "scenes/People.hpp"

namespace blindspot {

TriangleMesh targetPersonMesh(const std::string& type) {
    const PersonShape adult{1.75, 1.0, 0.25};  // mid-stride, the left leg forward
    return type == "cyclist" ? makeCyclist(adult, {0, 1, 1, 2}) : makePedestrian(adult, {0, 1, 2});
}

std::vector<SurfaceMaterial> targetPersonMaterials(const std::string& type) {
    const std::vector<SurfaceMaterial> all = backgroundMaterials();
    if (type == "cyclist") return {all[kRiderSkin], all[kRiderClothes], all[kBicycle]};
    return {all[kSkin], all[kClothesDark], all[kClothesDark]};
}

Footprint targetPersonFootprint(const std::string& type, double x_m, double y_m, double yaw_deg) {
    const Eigen::Vector2d half =
        type == "cyclist" ? Eigen::Vector2d(0.9, 0.35) : Eigen::Vector2d(0.3, 0.3);
    return {{x_m, y_m}, half, yaw_deg / (180.0 / M_PI), type};
}

}  // namespace blindspot
