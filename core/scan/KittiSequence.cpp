#include "core/scan/KittiSequence.hpp"

#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/geometry/Material.hpp"
#include "core/scan/ScanIo.hpp"

namespace blindspot {

namespace fs = std::filesystem;

KittiSequenceWriter::KittiSequenceWriter(const std::string& dataset_dir,
                                         const std::string& sequence, std::size_t frames,
                                         LabelSet label_set)
    : dir_((fs::path(dataset_dir) / "sequences" / sequence).string()),
      label_set_(label_set),
      poses_(frames) {
    // A re-run after a kill rewrites every frame; what a killed writer left half-done goes first.
    prepareOutputDirectory(dataset_dir);
    prepareOutputDirectory(dir_);
    prepareOutputDirectory((fs::path(dir_) / "velodyne").string());
    prepareOutputDirectory((fs::path(dir_) / "labels").string());
}

FrameCounts KittiSequenceWriter::write(std::size_t frame, const ScanGrid& scan) {
    PointList list = validPoints(scan);
    FrameCounts counts{list.size(), 0};
    for (auto& l : list.label) {
        counts.car_points += l == label::kVehicle;
        l = labelIdIn(label_set_, l);
    }
    const std::string name = kittiFrameName(frame);
    writeFileAtomic((fs::path(dir_) / "velodyne" / (name + ".bin")).string(), encodeKittiBin(list));
    writeFileAtomic((fs::path(dir_) / "labels" / (name + ".label")).string(),
                    encodeSemanticKittiLabel(list));
    poses_.at(frame) = kittiPoseLine(scan.world_from_sensor);
    return counts;
}

void KittiSequenceWriter::finish() const {
    std::string text;
    for (const auto& p : poses_) text += p + "\n";
    writeFileAtomic((fs::path(dir_) / "poses.txt").string(), text);
}

}  // namespace blindspot
