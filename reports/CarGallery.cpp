#include "reports/CarGallery.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/geometry/Pose.hpp"
#include "core/raycast/RayCaster.hpp"

namespace blindspot {
namespace {

constexpr int kTile = 360;  // pixels per view

// Part colours (BGR): paint, glass, tyre, chrome, lights.
const cv::Vec3b kPartColor[kCarPartCount] = {
    {60, 60, 200}, {120, 70, 30}, {30, 30, 30}, {200, 200, 200}, {80, 220, 255}};

// Orthographic view along `view_dir` (world), with `up` and `right` spanning the image.
void renderView(const RayScene& scene, const Eigen::Vector3d& view_dir,
                const Eigen::Vector3d& right, const Eigen::Vector3d& up, double metres_per_px,
                const Eigen::Vector3d& centre, cv::Mat tile) {
    const Eigen::Vector3d light = (-view_dir + up * 0.8 + right * 0.3).normalized();
    for (int r = 0; r < tile.rows; ++r)
        for (int c = 0; c < tile.cols; ++c) {
            const Eigen::Vector3d origin = centre - view_dir * 30.0 +
                                           right * ((c - tile.cols / 2) * metres_per_px) +
                                           up * ((tile.rows / 2 - r) * metres_per_px);
            const auto hit = scene.intersect(origin, view_dir, 60.0);
            if (!hit) continue;
            const double shade = 0.35 + 0.65 * std::max(0.0, hit->normal_world.dot(light));
            const cv::Vec3b base = kPartColor[hit->material.label % kCarPartCount];
            tile.at<cv::Vec3b>(r, c) = cv::Vec3b(cv::saturate_cast<uchar>(base[0] * shade),
                                                 cv::saturate_cast<uchar>(base[1] * shade),
                                                 cv::saturate_cast<uchar>(base[2] * shade));
        }
}

}  // namespace

void writeCarGalleryPng(const std::vector<CarModelSpec>& models, const std::string& path) {
    const int cols = 2;
    cv::Mat image(int(models.size()) * kTile / 2, cols * kTile, CV_8UC3, cv::Scalar(235, 235, 235));
    for (std::size_t i = 0; i < models.size(); ++i) {
        const CarModelSpec& m = models[i];
        RayScene scene(1);
        MeshInstance inst;
        inst.mesh = scene.addMesh(buildCarMesh(m));
        // The part index doubles as the label so the hit tells which part it is.
        for (std::uint16_t p = 0; p < kCarPartCount; ++p)
            inst.part_materials.push_back({p, 0.5f, 0, 16});
        scene.addInstance(inst);
        scene.commit();
        const double scale = std::max(m.length_m, 5.0) * 1.1 / kTile;  // metres per pixel
        const Eigen::Vector3d centre(0, 0, m.height_m / 2);
        cv::Mat side = image(cv::Rect(0, int(i) * kTile / 2, kTile, kTile / 2));
        renderView(scene, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}, scale, centre, side);
        const Eigen::Vector3d dir = Eigen::Vector3d(-0.75, 0.55, -0.35).normalized();
        const Eigen::Vector3d right = dir.cross(Eigen::Vector3d::UnitZ()).normalized();
        cv::Mat three_quarter = image(cv::Rect(kTile, int(i) * kTile / 2, kTile, kTile / 2));
        renderView(scene, dir, right, right.cross(dir), scale, centre, three_quarter);
        cv::putText(image, m.name, {8, int(i) * kTile / 2 + 22}, cv::FONT_HERSHEY_SIMPLEX, 0.6,
                    cv::Scalar(0, 0, 0), 1, cv::LINE_AA);
    }
    std::vector<uchar> png;
    if (!cv::imencode(".png", image, png)) throw FileError(path, "PNG encoding failed");
    writeFileAtomic(path, std::string(png.begin(), png.end()));
}

}  // namespace blindspot
