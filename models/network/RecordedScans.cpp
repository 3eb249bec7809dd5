#include "models/network/RecordedScans.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/base/Error.hpp"
#include "core/base/NpyFile.hpp"
#include "core/scan/ScanIo.hpp"
#include "models/network/Network.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kLidar2dRows = 64, kLidar2dCols = 512, kLidar2dFields = 6;

int classByName(const std::string& name, const std::vector<std::string>& classes) {
    const auto at = std::find(classes.begin(), classes.end(), name);
    return at == classes.end() ? -1 : int(at - classes.begin());
}

// -1 for a class the card ignores: its points are not scored.
int scoredClass(const ModelCard& card, int model_class) {
    return isIgnored(card, model_class) ? -1 : model_class;
}

// |xyz| per point, in float as the projection computes it.
std::vector<float> pointRanges(const PointList& points) {
    std::vector<float> out(points.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float* p = &points.xyzi[4 * i];
        out[i] = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    }
    return out;
}

// lidar_2d label ids (SqueezeSeg's KITTI export).
int classOfLidar2dLabel(float label, const std::vector<std::string>& classes) {
    static const char* names[] = {"unknown", "car", "pedestrian", "cyclist"};
    const int id = int(label);
    if (float(id) != label || id < 0 || id > 3) return -1;
    return classByName(names[id], classes);
}

// The lidar_2d grid is SqueezeSeg's front view (RangeGrid's defaults): cells copy over 1:1 when
// the model uses it; another grid gets the valid points projected onto it.
RecordedScan readLidar2d(const std::string& path, const ModelCard& card, bool keep_points) {
    const NpyArray a = readNpyFloat32(path);
    if (a.shape != std::vector<std::size_t>{kLidar2dRows, kLidar2dCols, kLidar2dFields})
        throw FileError(path,
                        "lidar_2d shape must be 64 x 512 x 6 (x, y, z, intensity, range, "
                        "label)");
    RecordedScan s{fs::path(path).stem().string(), path, "lidar_2d", {}, {}, true, {}, {}, {}, {}};
    const std::size_t plane = kLidar2dRows * kLidar2dCols;
    auto field = [&](std::size_t cell, std::size_t f) { return a.data[cell * kLidar2dFields + f]; };
    const RangeGrid squeezeseg_front;
    const bool same_grid = card.grid.rows == squeezeseg_front.rows &&
                           card.grid.cols == squeezeseg_front.cols &&
                           card.grid.top_elevation_deg == squeezeseg_front.top_elevation_deg &&
                           card.grid.elevation_step_deg == squeezeseg_front.elevation_step_deg &&
                           card.grid.left_azimuth_deg == squeezeseg_front.left_azimuth_deg;
    if (same_grid && !keep_points) {
        RangeImage& im = s.image;
        im.grid = card.grid;
        im.channels = card.input_channels;
        im.raw.assign(im.channels.size() * plane, 0.0f);
        im.mask.assign(plane, 0);
        im.source.assign(plane, -1);
        im.cell.assign(plane, -1);
        s.truth.assign(plane, -1);
        for (std::size_t cell = 0; cell < plane; ++cell) {
            if (!(field(cell, 4) > 0.0f)) continue;  // range 0: no return
            im.mask[cell] = 1;
            im.source[cell] = std::int32_t(cell);
            im.cell[cell] = std::int32_t(cell);
            for (std::size_t c = 0; c < im.channels.size(); ++c)
                im.raw[c * plane + cell] = im.channels[c] == InputChannel::kMask
                                               ? 1.0f
                                               : field(cell, std::size_t(im.channels[c]));
            s.truth[cell] =
                scoredClass(card, classOfLidar2dLabel(field(cell, 5), card.learning_map.classes));
        }
        s.point_truth = s.truth;
        s.point_range_m.assign(plane, 0.0f);
        for (std::size_t cell = 0; cell < plane; ++cell) s.point_range_m[cell] = field(cell, 4);
        return s;
    }
    PointList points;
    std::vector<int> point_class;
    for (std::size_t cell = 0; cell < plane; ++cell) {
        if (!(field(cell, 4) > 0.0f)) continue;
        for (std::size_t f = 0; f < 4; ++f) points.xyzi.push_back(field(cell, f));
        point_class.push_back(
            scoredClass(card, classOfLidar2dLabel(field(cell, 5), card.learning_map.classes)));
    }
    s.image = projectPoints(points, card.grid, card.input_channels);
    s.point_range_m = pointRanges(points);
    s.point_truth = std::move(point_class);
    s.truth = valuesOfWinners(s.image, s.point_truth);
    if (keep_points) s.points = std::move(points);
    return s;
}

RecordedScan readKitti(const std::string& bin, const std::string& label, const std::string& name,
                       LabelSet set, const ModelCard& card, bool keep_points) {
    const PointList points = readKittiScan(bin, label);
    RecordedScan s{
        name, bin, label.empty() ? "kitti-bin" : "semantickitti", {}, {}, !label.empty(), {}, {},
        {},   {}};
    s.image = projectPoints(points, card.grid, card.input_channels);
    s.point_range_m = pointRanges(points);
    s.point_truth.assign(points.size(), -1);
    if (!label.empty())
        for (std::size_t i = 0; i < points.size(); ++i)
            s.point_truth[i] = scoredClass(card, classOfLabel(card, set, points.label[i]));
    if (!label.empty() && set == LabelSet::kSemanticKitti) s.point_dataset_id = points.label;
    s.truth = valuesOfWinners(s.image, s.point_truth);
    if (keep_points) s.points.xyzi = points.xyzi;
    return s;
}

std::vector<fs::path> sortedFiles(const fs::path& dir, const std::string& extension) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().extension() == extension)
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

// A sequence directory (velodyne/ and maybe labels/): labelled frames where a label exists.
// Labels are SemanticKITTI ids unless blindspot wrote the dataset in its own palette.
void addSequence(const fs::path& seq, const ModelCard& card, bool keep_points,
                 std::vector<RecordedScan>& out) {
    const LabelSet set = datasetLabelSet(seq.string(), LabelSet::kSemanticKitti);
    for (const auto& bin : sortedFiles(seq / "velodyne", ".bin")) {
        const fs::path label = seq / "labels" / bin.filename().replace_extension(".label");
        out.push_back(readKitti(bin.string(), fs::exists(label) ? label.string() : "",
                                seq.filename().string() + "/" + bin.stem().string(), set, card,
                                keep_points));
    }
}

void addInput(const fs::path& input, const ModelCard& card, bool keep_points,
              std::vector<RecordedScan>& out) {
    if (fs::is_regular_file(input)) {
        if (input.extension() == ".npy")
            return out.push_back(readLidar2d(input.string(), card, keep_points));
        if (input.extension() == ".bin")
            return out.push_back(readKitti(input.string(), "", input.stem().string(),
                                           LabelSet::kSemanticKitti, card, keep_points));
        throw FileError(input.string(), "expected a lidar_2d .npy or a KITTI .bin file");
    }
    if (!fs::is_directory(input)) throw FileError(input.string(), "no such file or directory");
    if (fs::is_directory(input / "velodyne")) return addSequence(input, card, keep_points, out);
    if (fs::is_directory(input / "sequences")) {
        std::vector<fs::path> seqs;
        for (const auto& e : fs::directory_iterator(input / "sequences"))
            if (fs::is_directory(e.path() / "velodyne")) seqs.push_back(e.path());
        std::sort(seqs.begin(), seqs.end());
        for (const auto& s : seqs) addSequence(s, card, keep_points, out);
        return;
    }
    const auto npys = sortedFiles(input, ".npy");
    if (npys.empty())
        throw FileError(input.string(),
                        "no scans: expected .npy files (lidar_2d), velodyne/ or "
                        "sequences/SS/velodyne/ (KITTI, SemanticKITTI)");
    for (const auto& f : npys) out.push_back(readLidar2d(f.string(), card, keep_points));
}

// Every labelled point gets its cell's prediction (SemanticKITTI's back-projection), or its
// k-NN vote.
ScanOutcome scoredPoints(const RecordedScan& scan, std::vector<int> predicted,
                         const ModelCard& card, const KnnParams* knn) {
    if (!knn) return scoreScanPoints(scan, std::move(predicted), nullptr, card.classCount());
    std::vector<bool> ignored(std::size_t(card.classCount()));
    for (int c = 0; c < card.classCount(); ++c) ignored[std::size_t(c)] = isIgnored(card, c);
    const std::vector<int> point_class =
        knnRefined(scan.image, scan.point_range_m, predicted, ignored, *knn);
    return scoreScanPoints(scan, std::move(predicted), &point_class, card.classCount());
}

}  // namespace

std::vector<RecordedScan> loadRecordedScans(const std::vector<std::string>& inputs,
                                            const ModelCard& card, bool keep_points) {
    std::vector<RecordedScan> out;
    for (const auto& input : inputs) addInput(input, card, keep_points, out);
    return out;
}

ScanOutcome scoreScanPoints(const RecordedScan& scan, std::vector<int> predicted,
                            const std::vector<int>* point_classes, int class_count) {
    ScanOutcome o{std::move(predicted), ConfusionMatrix(class_count), 0, 0,
                  DatasetConfusion(class_count)};
    for (std::size_t i = 0; i < scan.point_truth.size(); ++i) {
        const int truth = scan.point_truth[i];
        const std::int32_t cell = scan.image.cell[i];
        const int predicted_class = cell < 0        ? -1
                                    : point_classes ? (*point_classes)[i]
                                                    : o.predicted[std::size_t(cell)];
        // A point's cell is never empty, so predicted_class < 0 means outside the grid (or, from
        // an external network, an id without a class, which is not scored).
        if (predicted_class >= 0 && !scan.point_dataset_id.empty())
            o.dataset.add(scan.point_dataset_id[i], predicted_class);
        if (truth < 0) continue;
        if (cell < 0) {
            ++o.points_outside;
            continue;
        }
        if (predicted_class < 0) continue;
        o.confusion.add(truth, predicted_class);
        ++o.points_scored;
    }
    return o;
}

GridReturns gridReturnsOf(const RecordedScan& s) {
    const std::size_t plane = s.image.grid.cellCount();
    GridReturns g{s.image.grid.rows, s.image.grid.cols, s.image.mask, {}, {}};
    g.intensity.assign(plane, 0.0f);
    g.range_m.assign(plane, 0.0f);
    for (std::size_t c = 0; c < s.image.channels.size(); ++c) {
        std::vector<float>* target = s.image.channels[c] == InputChannel::kIntensity ? &g.intensity
                                     : s.image.channels[c] == InputChannel::kRange   ? &g.range_m
                                                                                     : nullptr;
        if (target)
            std::copy(s.image.raw.begin() + std::ptrdiff_t(c * plane),
                      s.image.raw.begin() + std::ptrdiff_t((c + 1) * plane), target->begin());
    }
    return g;
}

std::vector<ScanOutcome> scoreRecordedScans(const SegmentationNetwork& net,
                                            const std::vector<RecordedScan>& scans, int batch,
                                            const KnnParams* knn) {
    return scoreRecordedScans([&net](const auto& images) { return net.classify(images); },
                              net.card(), scans, batch, knn);
}

std::vector<ScanOutcome> scoreRecordedScans(const ImageClassifier& classify, const ModelCard& card,
                                            const std::vector<RecordedScan>& scans, int batch,
                                            const KnnParams* knn) {
    std::vector<ScanOutcome> out;
    const std::size_t step = std::size_t(std::max(1, batch));
    for (std::size_t first = 0; first < scans.size(); first += step) {
        std::vector<const RangeImage*> images;
        for (std::size_t i = first; i < std::min(scans.size(), first + step); ++i)
            images.push_back(&scans[i].image);
        const auto predicted = classify(images);
        for (std::size_t k = 0; k < images.size(); ++k)
            out.push_back(scoredPoints(scans[first + k], predicted[k], card, knn));
    }
    return out;
}

}  // namespace blindspot
