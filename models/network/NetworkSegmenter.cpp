// The Segmenter the sweep uses: project -> batched forward pass -> classes back on scan cells.
#include "models/network/Network.hpp"
#include "models/projection/CardInput.hpp"

namespace blindspot {

namespace {

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
        for (const ScanGrid* scan : scans) images.push_back(cardImage(*scan, card));
        std::vector<const RangeImage*> batch;
        for (const auto& image : images) batch.push_back(&image);
        const auto classes = net_->classify(batch);
        std::vector<std::vector<int>> out;
        for (std::size_t i = 0; i < images.size(); ++i)
            out.push_back(valuesForSources(images[i], classes[i]));
        return out;
    }

    std::optional<AzimuthSpan> seenAzimuth() const override {
        return gridAzimuthSpan(net_->card().grid);
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
