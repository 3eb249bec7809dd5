// Writes the fuzzers' seed corpora (tests/fuzz/corpus/TARGET/) with blindspot's own writers, so
// every seed is a file the tool itself produces: fuzz_make_corpus SOURCE_DIR OUT_DIR.
// The lidar_2d .npy and TorchScript seeds come from numpy and python3-torch
// (tests/fuzz/make_corpus.py): blindspot writes neither format.
#include <filesystem>
#include <iostream>

#include "core/base/AtomicFile.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "models/projection/ModelCard.hpp"
#include "scenes/MeshImport.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "tests/fuzz/FuzzInput.hpp"

namespace fs = std::filesystem;
using namespace blindspot;

namespace {

void seed(const fs::path& out, const std::string& target, const std::string& name,
          const std::string& bytes) {
    makeDirectories((out / target).string());
    writeFileAtomic((out / target / name).string(), bytes);
}

std::string joined(const std::vector<std::string>& files) {
    std::string all;
    for (std::size_t i = 0; i < files.size(); ++i)
        all += (i ? fuzz::kFileSeparator : "") + files[i];
    return all;
}

// 4 x 8 beams: small enough that a seed stays a few kB, with every field of a real scan.
ScanGrid tinyScan() {
    LidarSpec spec;
    spec.name = "fuzz-4x8";
    spec.vertical = {AxisDefinition::Form::Asymmetric, 0.0, -6.0, 3.0, 3.0, {}};
    spec.horizontal = {AxisDefinition::Form::Asymmetric, 0.0, -14.0, 14.0, 4.0, {}};
    ScanGrid scan = makeEmptyScan(resolveLidarSpec(spec), Eigen::Isometry3d::Identity());
    for (std::size_t i = 0; i < scan.cellCount(); i += 3) {
        const float r = 5.0f + float(i);
        scan.range_m[i] = r;
        scan.xyz_sensor_m[3 * i] = r;
        scan.xyz_sensor_m[3 * i + 1] = 0.1f * float(i);
        scan.xyz_sensor_m[3 * i + 2] = -1.5f;
        scan.reflectivity[i] = 0.25f;
        scan.label[i] = i % 2 ? 10 : 7;
        scan.instance[i] = i % 2 ? 1 : 0;
    }
    return scan;
}

void copySources(const fs::path& out, const std::string& target, const fs::path& dir) {
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".json")
            seed(out, target, entry.path().filename().string(),
                 readFileBytes(entry.path().string()));
}

TriangleMesh tetrahedron() {
    TriangleMesh mesh;
    mesh.vertices_m = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    mesh.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
    mesh.triangle_part = {0, 0, 1, 1};
    return mesh;
}

void writeAll(const fs::path& src, const fs::path& out) {
    copySources(out, "fuzz_sweep_config", src / "sweep/configs");
    copySources(out, "fuzz_scene_file", src / "scenes/examples");
    for (const auto& name : lidarPresetNames())
        seed(out, "fuzz_lidar_spec", name + ".json", lidarSpecToJson(lidarPreset(name)).dump(1));
    seed(out, "fuzz_lidar_spec", "tiny.json", lidarSpecToJson(tinyScan().spec).dump(1));
    seed(out, "fuzz_model_card", "squeezeseg-5.json",
         modelCardToJson(squeezeSegCard(true)).dump(1));
    seed(out, "fuzz_model_card", "squeezeseg-4.json",
         modelCardToJson(squeezeSegCard(false)).dump(1));
    seed(out, "fuzz_learning_map", "squeezeseg.json",
         learningMapToJson(squeezeSegLearningMap()).dump(1));

    const fs::path scratch = fuzz::scratchDir() / "corpus";
    makeDirectories(scratch.string());
    const ScanGrid scan = tinyScan();
    const PointList points = validPoints(scan);
    seed(out, "fuzz_kitti_scan", "frame",
         joined({encodeKittiBin(points), encodeSemanticKittiLabel(points)}));
    seed(out, "fuzz_pcd", "organised.pcd", encodeOrganisedPcd(scan));

    exportMeshWithSidecar(tetrahedron(), {SurfaceMaterial{10, 0.6f}, SurfaceMaterial{40, 0.2f}},
                          (scratch / "mesh.obj").string(), (scratch / "mesh.json").string());
    seed(out, "fuzz_mesh_sidecar", "tetrahedron",
         joined({readFileBytes((scratch / "mesh.json").string()),
                 readFileBytes((scratch / "mesh.obj").string())}));

    const RunDirectory run((scratch / "run").string());
    run.writeScan("scene", "0123456789abcdef", scan, allColumns(scan.spec), {{"x_m", 10.0}},
                  {CarRow{0, 1, 4, 5, 0.8, false}});
    const fs::path entry = run.scanDir("scene");
    seed(out, "fuzz_scan_cache", "scene",
         joined({readFileBytes((entry / "scan.json").string()),
                 readFileBytes((entry / "scan.zst").string())}));

    run.create(false);
    {
        ResultsStore store(run.storePath());
        store.beginRun({"fuzz",
                        {{"name", "fuzz"}},
                        "c0ffee",
                        "",
                        {},
                        "0.1.0",
                        "2026-12-04T00:00:00Z",
                        "",
                        "1"});
        store.recordShard({0, 1, 2, 2, 2, ""});
        store.insertScene({"s1",
                           {{"x_m", 10.0}, {"y_m", 0.0}},
                           100,
                           12,
                           0.5,
                           {CarRow{0, 1, 12, 14, 0.86, false}},
                           {{"car", 10, 2, 2, 10.0 / 14, 10.0 / 12, 10.0 / 12}},
                           ""});
        store.insertScene({"s2",
                           {{"x_m", 20.0}, {"y_m", 2.0}},
                           90,
                           0,
                           0.5,
                           {},
                           {{"car", 0, 0, 0, std::nullopt, std::nullopt, std::nullopt}},
                           "collides with 3 building points"});
        store.finishRun("2026-12-04T00:01:00Z");
    }
    seed(out, "fuzz_results_store", "two-scenes.sqlite", readFileBytes(run.storePath()));
    fs::remove_all(scratch);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: fuzz_make_corpus SOURCE_DIR OUT_DIR\n";
        return 2;
    }
    try {
        writeAll(argv[1], argv[2]);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    fs::remove_all(fuzz::scratchDir());
    return 0;
}
