#include "models/external/ExternalEvaluation.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/segmentation/LabelSet.hpp"

namespace blindspot {
namespace {

// lidar-bonnetal's spherical projection for the HDL-64E (fov_up 3 deg, fov_down -25 deg, 2048
// columns): every point lands in a cell, the ones beyond the vertical field of view in the edge
// rows (RangeGrid::clamp_outside).
RangeGrid fullCircleGrid() {
    RangeGrid g;
    g.rows = 64;
    g.cols = 2048;
    g.elevation_step_deg = 28.0 / 64.0;
    g.top_elevation_deg = 3.0 - g.elevation_step_deg / 2;
    g.azimuth_step_deg = 360.0 / 2048.0;
    g.left_azimuth_deg = 180.0 - g.azimuth_step_deg / 2;
    g.clamp_outside = true;
    return g;
}

}  // namespace

ModelCard externalEvaluationCard(const ExternalPredictor& p) {
    ModelCard card;
    card.architecture = "external";
    card.grid = fullCircleGrid();
    card.input_channels = {InputChannel::kX, InputChannel::kY, InputChannel::kZ,
                           InputChannel::kIntensity, InputChannel::kRange};
    card.learning_map = p.palette_map;
    card.semantickitti_map = p.prediction_ids == LabelSet::kSemanticKitti
                                 ? p.learning_map
                                 : semanticKittiMapFrom(p.learning_map);
    return card;
}

std::vector<ScanOutcome> scoreRecordedScansExternally(ExternalSegmenter& segmenter,
                                                      const std::vector<RecordedScan>& scans,
                                                      int class_count, int batch) {
    std::vector<ScanOutcome> out;
    const std::size_t step = std::size_t(std::max(1, batch));
    for (std::size_t first = 0; first < scans.size(); first += step) {
        const std::size_t last = std::min(scans.size(), first + step);
        std::vector<PointList> frames;
        std::vector<std::string> names;
        for (std::size_t i = first; i < last; ++i) {
            if (scans[i].points.size() != scans[i].point_truth.size())
                throw std::logic_error(scans[i].path + ": loaded without keep_points");
            frames.push_back(scans[i].points);
            names.push_back(scans[i].name);
        }
        const auto predicted = segmenter.predictPoints(std::move(frames), names);
        for (std::size_t i = first; i < last; ++i) {
            const std::vector<int>& point_classes = predicted[i - first];
            out.push_back(scoreScanPoints(scans[i], valuesOfWinners(scans[i].image, point_classes),
                                          &point_classes, class_count));
        }
    }
    return out;
}

}  // namespace blindspot
