#include "bench/BenchScenes.hpp"

#include <cmath>

#include "core/geometry/Pose.hpp"

namespace blindspot::bench {
namespace {
MeshInstance place(MeshId mesh, double x, double y, double z, double yaw_deg, std::uint16_t label,
                   float rho, std::uint16_t instance) {
    MeshInstance inst;
    inst.mesh = mesh;
    Pose pose;
    pose.translation_m = {x, y, z};
    pose.yaw_deg = yaw_deg;
    inst.world_from_mesh = pose.parentFromLocal();
    inst.part_materials = {SurfaceMaterial{label, rho, 0.2f, 16.0f}};
    inst.instance_id = instance;
    return inst;
}
}  // namespace

RayScene makeRaycastBenchScene(std::size_t* triangle_count) {
    RayScene scene;
    std::size_t triangles = 0;
    const TriangleMesh ground = makePlane(200.0, 200.0, 200);
    const TriangleMesh sphere = makeSphere(1.5, 64, 128);
    const TriangleMesh pole = makeCylinder(0.15, 6.0, 64);
    const TriangleMesh building = makeBox(10.0, 15.0, 12.0);
    const TriangleMesh car = makeBox(4.5, 1.8, 1.5);
    const MeshId g = scene.addMesh(ground), s = scene.addMesh(sphere), p = scene.addMesh(pole),
                 b = scene.addMesh(building), c = scene.addMesh(car);
    scene.addInstance(place(g, 0, 0, 0, 0, label::kRoad, 0.2f, 0));
    triangles += ground.triangleCount();
    for (int i = 0; i < 6; ++i) {
        const double a = i * M_PI / 3.0;
        scene.addInstance(
            place(s, 12 * std::cos(a), 12 * std::sin(a), 1.5, 0, label::kVegetation, 0.6f, 0));
        triangles += sphere.triangleCount();
    }
    for (int i = 0; i < 20; ++i) {
        scene.addInstance(
            place(p, -40 + 4.0 * i, (i % 2 ? 7.0 : -7.0), 3.0, 0, label::kPole, 0.4f, 0));
        scene.addInstance(
            place(b, -50 + 5.0 * i, (i % 2 ? 25.0 : -25.0), 6.0, 0, label::kBuilding, 0.5f, 0));
        scene.addInstance(place(c, -30 + 3.5 * i, (i % 2 ? 3.5 : -3.5), 0.75, 10.0 * i,
                                label::kVehicle, 0.7f, std::uint16_t(i + 1)));
        triangles += pole.triangleCount() + building.triangleCount() + car.triangleCount();
    }
    scene.commit();
    if (triangle_count) *triangle_count = triangles;
    return scene;
}

}  // namespace blindspot::bench
