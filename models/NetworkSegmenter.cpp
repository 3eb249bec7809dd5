// The Segmenter the sweep uses: project -> batched forward pass -> classes back on scan cells.
#include <algorithm>
#include <sstream>

#include "core/Error.hpp"
#include "models/Network.hpp"

namespace blindspot {

namespace {

std::string span(double a, double b) {
    std::ostringstream s;
    s << a << ".." << b << " deg";
    return s.str();
}

// The LiDAR must see the whole grid (to within one cell), or the network would score a partial
// image as if it were a full one.
void checkCoverage(const LidarSpec& spec, const ModelCard& card) {
    const RangeGrid& g = card.grid;
    const double top = g.top_elevation_deg, bottom = top - (g.rows - 1) * g.elevation_step_deg;
    const double left = g.left_azimuth_deg, right = left - (g.cols - 1) * g.azimuth_step_deg;
    const double lidar_top = spec.elevation_deg.front(), lidar_bottom = spec.elevation_deg.back();
    const double lidar_left = spec.azimuth_deg.front(), lidar_right = spec.azimuth_deg.back();
    const bool full_circle =
        lidar_left - lidar_right + 2.0 * (lidar_left - spec.azimuth_deg[1]) > 359.999;
    // A clamping grid (lidar-bonnetal's) is wider than the sensor by design: RangeNet++'s +3 deg
    // top row is above the HDL-64E's +2 deg top beam in the real KITTI data it was trained on.
    const bool vertical_ok = g.clamp_outside || (lidar_top >= top - g.elevation_step_deg &&
                                                 lidar_bottom <= bottom + g.elevation_step_deg);
    const bool horizontal_ok = full_circle || (lidar_left >= left - g.azimuth_step_deg &&
                                               lidar_right <= right + g.azimuth_step_deg);
    if (vertical_ok && horizontal_ok) return;
    throw ConfigError(ErrorSource::flag("--model", "/grid"),
                      "LiDAR \"" + spec.name + "\" covers elevation " +
                          span(lidar_top, lidar_bottom) + " and azimuth " +
                          span(lidar_left, lidar_right) + ", but the network's grid needs " +
                          span(top, bottom) + " and " + span(left, right));
}

class NetworkSegmenter : public Segmenter {
  public:
    explicit NetworkSegmenter(std::shared_ptr<const SegmentationNetwork> net)
        : net_(std::move(net)) {}

    std::vector<std::string> classNames() const override {
        return net_->card().learning_map.classes;
    }
    int classOf(std::uint16_t label) const override {
        return net_->card().learning_map.classOf(label);
    }
    std::vector<std::string> ignoredClasses() const override { return net_->card().ignore_classes; }
    std::vector<int> predict(const ScanGrid& scan) override { return predictBatch({&scan})[0]; }

    std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans) override {
        const ModelCard& card = net_->card();
        std::vector<RangeImage> images;
        for (const ScanGrid* scan : scans) {
            checkCoverage(scan->spec, card);
            images.push_back(projectScan(*scan, card.grid, card.input_channels));
        }
        std::vector<const RangeImage*> batch;
        for (const auto& image : images) batch.push_back(&image);
        const auto classes = net_->classify(batch);
        std::vector<std::vector<int>> out;
        for (std::size_t i = 0; i < images.size(); ++i)
            out.push_back(valuesForSources(images[i], classes[i]));
        return out;
    }

    std::optional<AzimuthSpan> seenAzimuth() const override {
        const RangeGrid& g = net_->card().grid;
        const double left = g.left_azimuth_deg + g.azimuth_step_deg / 2,
                     right = g.left_azimuth_deg - (g.cols - 0.5) * g.azimuth_step_deg;
        if (g.clamp_outside || left - right >= 360.0) return std::nullopt;
        return AzimuthSpan{right, left};
    }

    std::string checkpointHash() const override { return net_->hash(); }

  private:
    std::shared_ptr<const SegmentationNetwork> net_;
};

}  // namespace

std::unique_ptr<Segmenter> makeNetworkSegmenter(std::shared_ptr<const SegmentationNetwork> net) {
    return std::make_unique<NetworkSegmenter>(std::move(net));
}

}  // namespace blindspot
