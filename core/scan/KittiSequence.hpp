#pragma once
// Writes one sequence of a dataset in the SemanticKITTI layout: DIR/sequences/SS/velodyne/N.bin,
// labels/N.label (one atomic file each) and, on finish(), poses.txt (the sensor poses in the
// world frame, one line per frame). Frames may be written from several threads, each frame once.
// Labels are written in the writer's label set (core/segmentation/LabelSet.hpp).
#include <string>
#include <vector>

#include "core/lidar/ScanGrid.hpp"
#include "core/segmentation/LabelSet.hpp"

namespace blindspot {

struct FrameCounts {
    std::size_t points = 0;
    std::size_t car_points = 0;  ///< returns labelled vehicle
};

class KittiSequenceWriter {
  public:
    /// Creates the folders. Throws FileError when it cannot.
    KittiSequenceWriter(const std::string& dataset_dir, const std::string& sequence,
                        std::size_t frames, LabelSet label_set = LabelSet::kMatlab);
    /// The valid points of `scan` as frame `frame` (0 <= frame < frames).
    FrameCounts write(std::size_t frame, const ScanGrid& scan);
    /// Writes poses.txt.
    void finish() const;

  private:
    std::string dir_;
    LabelSet label_set_;
    std::vector<std::string> poses_;
};

}  // namespace blindspot
