// The street content of generated backgrounds: plants, people, furniture and facades carry their
// palette labels and instances, the same seed gives the same world, and density scales it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "core/raycast/RayCaster.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/BackgroundFile.hpp"
#include "scenes/BackgroundGenerator.hpp"
#include "scenes/BackgroundLayout.hpp"
#include "scenes/People.hpp"
#include "scenes/SceneAssembly.hpp"
#include "scenes/Traffic.hpp"
#include "scenes/Vegetation.hpp"
#include "scenes/WorldBuilder.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;

namespace {

using blindspot::testing::carModels;

std::set<std::uint16_t> labelsOf(const TriangleMesh& mesh, const std::vector<SurfaceMaterial>& m) {
    std::set<std::uint16_t> labels;
    for (auto part : mesh.triangle_part) labels.insert(m.at(part).label);
    return labels;
}

}  // namespace

TEST(StreetContent, SameSeedSameWorldAndSeedsDiffer) {
    const Background a = generateBackground("kitti-01", carModels());
    const Background b = generateBackground("kitti-01", carModels());
    EXPECT_EQ(backgroundHash(a), backgroundHash(b));
    EXPECT_EQ(a.actors.size(), b.actors.size());
    EXPECT_NE(backgroundHash(generateBackground("kitti-residential:7", carModels())),
              backgroundHash(generateBackground("kitti-residential:8", carModels())));
}

TEST(StreetContent, PeopleAndCyclistsCarryTheirLabelsAndOwnInstances) {
    std::map<std::string, int> kinds;
    for (const char* id : {"kitti-01", "urban-01", "urban-03", "urban-04"}) {
        const Background bg = generateBackground(id, carModels());
        std::set<std::uint16_t> instances;
        for (const auto& actor : bg.actors) {
            ++kinds[actor.kind];
            const std::uint16_t want = actor.kind == "pedestrian"     ? label::kPedestrian
                                       : actor.kind == "motorcyclist" ? label::kMotorcycle
                                                                      : label::kBicyclist;
            EXPECT_EQ(labelsOf(actor.mesh, bg.materials), std::set<std::uint16_t>{want})
                << id << " " << actor.kind;
            EXPECT_GE(actor.instance_id, 3000);
            EXPECT_TRUE(instances.insert(actor.instance_id).second) << "instance ids are unique";
        }
    }
    EXPECT_GT(kinds["pedestrian"], 10);
    EXPECT_GT(kinds["cyclist"], 2);
    EXPECT_GT(kinds["motorcyclist"], 0);
}

TEST(StreetContent, FixturesHoldPlantsFurnitureAndGlass) {
    const Background bg = generateBackground("kitti-01", carModels());
    const auto labels = labelsOf(bg.fixtures, bg.materials);
    for (auto want : {label::kVegetation, label::kBuilding, label::kPole, label::kOther,
                      label::kFence, label::kTrunk})
        EXPECT_TRUE(labels.count(want)) << want;
    std::set<std::uint16_t> parts(bg.fixtures.triangle_part.begin(),
                                  bg.fixtures.triangle_part.end());
    for (auto part : {kWindowGlass, kDoor, kWall, kHedge, kBush, kCanopy, kTrunk, kFence})
        EXPECT_TRUE(parts.count(part)) << part;
    EXPECT_EQ(bg.materials[kWindowGlass].label, label::kBuilding);
    // Parked cars line both kerbs of the narrow street.
    int left = 0, right = 0;
    for (const auto& car : bg.parked_cars)
        (car.world_from_car.translation_m.y() > 0 ? left : right)++;
    EXPECT_GT(left, 5);
    EXPECT_GT(right, 5);
}

TEST(StreetContent, ScansLabelPeopleWithTheirInstance) {
    // A pedestrian 8 m ahead and a cyclist 12 m ahead, alone on a plane, scanned by hdl64e.
    const auto materials = backgroundMaterials();
    RayScene scene;
    TriangleMesh ground = withPart(makePlane(200, 200, 4), kRoad);
    Rng rng(3);
    PersonShape shape;
    shape.height_m = 1.8;
    Eigen::Isometry3d at_8 = Eigen::Isometry3d::Identity(), at_12 = Eigen::Isometry3d::Identity();
    at_8.translation() = Eigen::Vector3d(8, 0, 0);
    at_12.translation() = Eigen::Vector3d(12, 3, 0);
    const TriangleMesh walker =
        transformed(makePedestrian(shape, {kSkin, kClothesDark, kClothesDark}), at_8);
    const TriangleMesh rider =
        transformed(makeCyclist(shape, {kRiderSkin, kRiderClothes, kRiderClothes, kBicycle}), at_12);
    for (const auto& [mesh, id] : {std::pair{ground, 0}, {walker, 3001}, {rider, 3002}}) {
        MeshInstance inst;
        inst.mesh = scene.addMesh(mesh);
        inst.part_materials = materials;
        inst.instance_id = std::uint16_t(id);
        scene.addInstance(inst);
    }
    scene.commit();
    Eigen::Isometry3d world_from_sensor = Eigen::Isometry3d::Identity();
    world_from_sensor.translation() = Eigen::Vector3d(0, 0, 1.73);
    const ScanGrid scan = castScan(scene, lidarPreset("hdl64e"), world_from_sensor);
    std::map<std::uint16_t, std::set<std::uint16_t>> instances_by_label;
    std::map<std::uint16_t, int> count;
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        if (scan.valid(i)) {
            instances_by_label[scan.label[i]].insert(scan.instance[i]);
            ++count[scan.label[i]];
        }
    EXPECT_EQ(instances_by_label[label::kPedestrian], std::set<std::uint16_t>{3001});
    EXPECT_EQ(instances_by_label[label::kBicyclist], std::set<std::uint16_t>{3002});
    EXPECT_GT(count[label::kPedestrian], 40);
    EXPECT_GT(count[label::kBicyclist], 40);
}

TEST(StreetContent, ShapesHaveTheirSizes) {
    const PersonShape tall{1.9, 1.0, 0.0};
    const auto b = bounds(makePedestrian(tall, {0, 1, 2}));
    EXPECT_NEAR(b[1].z(), 1.9, 0.1);
    EXPECT_NEAR(b[0].z(), 0.0, 0.05);
    const auto c = bounds(makeCyclist(tall, {0, 1, 1, 2}));
    EXPECT_NEAR(c[1].x() - c[0].x(), 1.05 + 0.68, 0.15);  // wheelbase plus a wheel
    Rng rng(5);
    for (int species = 0; species < kTreeSpeciesCount; ++species) {
        const TriangleMesh tree = makeTree(TreeSpecies(species), rng, {0, 1});
        const auto t = bounds(tree);
        EXPECT_GT(t[1].z(), 2.5) << species;
        EXPECT_LT(t[1].z(), 20.0) << species;
        EXPECT_EQ(std::set<std::uint16_t>(tree.triangle_part.begin(), tree.triangle_part.end()),
                  (std::set<std::uint16_t>{0, 1}));
    }
}

TEST(StreetContent, DensityScalesTheContent) {
    ContentDensity none;
    none.people = 0;
    none.vegetation = 0;
    ContentDensity twice;
    twice.people = 2;
    const Background base = buildBackground("k", "kitti-residential", 11, carModels());
    const Background empty = buildBackground("k", "kitti-residential", 11, carModels(), none);
    const Background busy = buildBackground("k", "kitti-residential", 11, carModels(), twice);
    EXPECT_TRUE(empty.actors.empty());
    EXPECT_GT(busy.actors.size(), base.actors.size() * 3 / 2);
    std::set<std::uint16_t> parts(empty.fixtures.triangle_part.begin(),
                                  empty.fixtures.triangle_part.end());
    EXPECT_FALSE(parts.count(kCanopy) || parts.count(kBush) || parts.count(kHedge));
}

TEST(StreetContent, RecipeFileSetsTypeSeedAndDensity) {
    const auto dir = blindspot::testing::freshTempDir("recipe");
    const std::string path = (dir / "busy.json").string();
    std::ofstream(path) << R"({"generate": {"type": "kitti-residential", "seed": 11,
                               "density": {"people": 2}}})";
    ContentDensity twice;
    twice.people = 2;
    const Background bg = backgroundById(path, carModels());
    EXPECT_EQ(bg.type, "kitti-residential");
    EXPECT_EQ(bg.actors.size(),
              buildBackground("x", "kitti-residential", 11, carModels(), twice).actors.size());
    std::ofstream(path) << R"({"generate": {"type": "kitti-residential", "seed": 11,
                               "density": {"people": -1}}})";
    try {
        backgroundById(path, carModels());
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("/generate/density/people"), std::string::npos)
            << e.what();
    }
}

// The road's centre line moves to the ego's left by the drawn offset: the drivable strip, whose
// half-width the layout drew, is no longer centred on the ego (y = 0), and the ego keeps 0.6 m
// clear of the right-hand parking lane however far the range reaches.
TEST(StreetContent, EgoKeepsToTheRightHandLaneWhenAsked) {
    const Background centred = buildBackground("k", "kitti-residential", 11, carModels());
    const Rect c = centred.drivable.front();
    EXPECT_NEAR(c.y_min + c.y_max, 0.0, 1e-9);
    const double half_m = (c.y_max - c.y_min) / 2;
    const Background right =
        buildBackground("k", "kitti-residential", 11, carModels(), {}, EgoLateralRange{1.0, 2.0});
    const Rect r = right.drivable.front();
    const double centre_m = (r.y_min + r.y_max) / 2;
    EXPECT_NEAR((r.y_max - r.y_min) / 2, half_m, 1e-9);
    EXPECT_GE(centre_m, 1.0);
    EXPECT_LE(centre_m, 2.0);
    const Background far =
        buildBackground("k", "kitti-residential", 11, carModels(), {}, EgoLateralRange{5.0, 5.0});
    const Rect f = far.drivable.front();
    EXPECT_NEAR((f.y_min + f.y_max) / 2, std::min(5.0, half_m - 3.65), 1e-9);
    const auto dir = blindspot::testing::freshTempDir("recipe-ego");
    const std::string path = (dir / "right.json").string();
    std::ofstream(path) << R"({"generate": {"type": "kitti-residential", "seed": 11,
                               "road_centre_left_of_ego_m": {"min": 1, "max": 2}}})";
    EXPECT_NEAR(backgroundById(path, carModels()).drivable.front().y_max, r.y_max, 1e-12);
    std::ofstream(path) << R"({"generate": {"type": "kitti-residential", "seed": 11,
                               "road_centre_left_of_ego_m": {"min": 2, "max": 1}}})";
    try {
        backgroundById(path, carModels());
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("/generate/road_centre_left_of_ego_m"),
                  std::string::npos)
            << e.what();
    }
}

TEST(StreetContent, PedestrianAndCyclistTargetsCarryTheirLabel) {
    SceneAssembler assembler(carModels(), lidarPreset("hdl64e"));
    for (const auto& [type, want] :
         {std::pair<std::string, std::uint16_t>{"pedestrian", label::kPedestrian},
          {"cyclist", label::kBicyclist}}) {
        ScenarioCar target;
        target.target_type = type;
        target.x_m = 9.0;
        target.y_m = 1.0;
        const AssembledScene scene = assembler.assemble(placedCars("urban-01", {target}));
        const ScanGrid scan = castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
        std::size_t hits = 0;
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            if (scan.valid(i) && scan.instance[i] == 1) {
                EXPECT_EQ(scan.label[i], want) << type;
                ++hits;
            }
        EXPECT_GT(hits, 30u) << type;
        EXPECT_EQ(assembler.visibility(scene, scan).front().visible_points, hits) << type;
    }
}

TEST(StreetContent, TrafficUniformInAreaSpreadsCarsAwayFromTheSensor) {
    // x with density proportional to x on [5, 45]: P(x < 25) = (25^2 - 5^2) / (45^2 - 5^2) = 0.3,
    // against 0.5 for x uniform.
    const Background bg = generateBackground("kitti-01", carModels());
    TrafficPolicy area{5.0, 45.0, 15.0, 0.0, 100, true};
    TrafficPolicy flat = area;
    flat.x_uniform_in_area = false;
    auto nearShare = [&](const TrafficPolicy& policy) {
        int near = 0, cars = 0;
        for (int k = 0; k < 400; ++k) {
            Scenario s;
            s.background = "kitti-01";
            Rng rng(std::uint64_t(1000 + k));
            addTrafficCars(s, 1, bg, carModels(), rng, policy);
            for (const auto& c : s.cars) {
                EXPECT_GE(c.x_m, 5.0);
                EXPECT_LE(c.x_m, 45.0);
                near += c.x_m < 25.0;
                ++cars;
            }
        }
        return double(near) / std::max(1, cars);
    };
    // Parked cars and other obstacles reject some spots (which ones depends on the street's
    // seeded layout), so the shares only approach 0.3 / 0.5; the gap between them stays.
    const double area_share = nearShare(area), flat_share = nearShare(flat);
    EXPECT_NEAR(area_share, 0.3, 0.1);
    EXPECT_NEAR(flat_share, 0.5, 0.1);
    EXPECT_GT(flat_share - area_share, 0.12);
}

TEST(StreetContent, TrainingWorldsFillTheSweepArea) {
    // Sweep worlds keep x 2..22, |y| < 7 free of parked cars, furniture and clutter; a training
    // world ("clear_sweep_area": false) fills it like the rest of its street.
    auto standingInArea = [](const Background& bg) {
        int n = 0;
        for (const auto& o : bg.obstacles)
            n += (o.kind == "car" || o.kind == "pole" || o.kind == "clutter") &&
                 inSweepArea(o.centre.x(), o.centre.y());
        return n;
    };
    ContentDensity open;
    open.clear_sweep_area = false;
    for (const char* type : {"urban", "suburban"}) {
        EXPECT_EQ(standingInArea(buildBackground("a", type, 5001, carModels(), {})), 0) << type;
        EXPECT_GT(standingInArea(buildBackground("b", type, 5001, carModels(), open)), 0) << type;
    }
}

// Vegetation triangles below 1 m (shrubs, hedges, ground cover; crowns are higher).
std::size_t lowVegetationTriangles(const Background& bg) {
    const TriangleMesh& m = bg.fixtures;
    std::size_t n = 0;
    for (std::size_t t = 0; t < m.triangleCount(); ++t) {
        float top_m = -1e9f;
        for (int k = 0; k < 3; ++k) top_m = std::max(top_m, m.vertices_m[m.triangles[t][k]].z());
        n += m.triangle_part[t] < bg.materials.size() && top_m < 1.0f &&
             bg.materials[m.triangle_part[t]].label == label::kVegetation;
    }
    return n;
}

TEST(StreetContent, NarrowResidentialStreetsAreNarrowerAndGreener) {
    // One driving lane between two parking lanes: 7.2..10.4 m of road against 11..18 m, and
    // shrubs and ground cover in the front gardens (scenes/BackgroundLayout.cpp).
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const Background narrow = buildBackground("n", "residential-narrow", seed, carModels());
        const Background wide = buildBackground("w", "kitti-residential", seed, carModels());
        const Rect n = narrow.drivable.front(), w = wide.drivable.front();
        EXPECT_GE(n.y_max - n.y_min, 7.2);
        EXPECT_LE(n.y_max - n.y_min, 10.4);
        EXPECT_GE(w.y_max - w.y_min, 11.0);
        EXPECT_GT(lowVegetationTriangles(narrow), lowVegetationTriangles(wide)) << seed;
    }
}
