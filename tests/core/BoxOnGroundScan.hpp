#pragma once
// A car-sized box 10 m ahead on a ground plane, cast by `spec` from 1.73 m: a scan with returns,
// labels, an instance and sky holes, for the scan writers' and readers' tests.
#include "core/raycast/RayCaster.hpp"

namespace blindspot::testing {

inline ScanGrid boxOnGroundScan(const LidarSpec& spec, double ground_side_m) {
    RayScene scene(1);
    MeshInstance ground;
    ground.mesh = scene.addMesh(makePlane(ground_side_m, ground_side_m));
    ground.part_materials = {{label::kRoad, 0.2f, 0, 16}};
    scene.addInstance(ground);
    MeshInstance car;
    car.mesh = scene.addMesh(makeBox(4.5, 1.8, 1.5));
    car.world_from_mesh.translation() = Eigen::Vector3d(10, 1, 0.75);
    car.part_materials = {{label::kVehicle, 0.7f, 0.2f, 16}};
    car.instance_id = 4;
    scene.addInstance(car);
    scene.commit();
    Eigen::Isometry3d world_from_sensor = Eigen::Isometry3d::Identity();
    world_from_sensor.translation().z() = 1.73;
    return castScan(scene, spec, world_from_sensor);
}

}  // namespace blindspot::testing
