#pragma once
// One batch of frames as an external predictor (models/external/ExternalPredictor.hpp) sees it: a
// SemanticKITTI sequence directory with velodyne/NNNNNN.bin (and labels/ when CMD.json asks for
// them and the frames carry palette labels), or range_image/NNNNNN.npy for a range-image network,
// whose predictions/NNNNNN.label are read back. It lives in /dev/shm where that exists
// (memory: a batch of 8 hdl64e scans is about 15 MB that need never reach a disk), else in the
// temporary directory, and is removed with the batch.
#include <filesystem>
#include <string>
#include <vector>

#include "core/scan/ScanIo.hpp"
#include "models/external/ExternalPredictor.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

class ExternalBatch {
  public:
    /// Writes the frames: a sweep's scans (validPoints, labels in blindspot's palette) or recorded
    /// points (no labels: a network under evaluation never sees the truth). Throws FileError
    /// naming the folder when it cannot be written.
    ExternalBatch(const ExternalPredictor& predictor, std::vector<PointList> frames);
    /// Writes each image's normalised input (models/projection/CardInput.hpp) for a predictor whose
    /// CMD.json says "input": "range_image"; its predictions are class indices, one per image cell.
    ExternalBatch(const ExternalPredictor& predictor, const std::vector<const RangeImage*>& images);
    ~ExternalBatch();  ///< removes the folder
    ExternalBatch(const ExternalBatch&) = delete;
    ExternalBatch& operator=(const ExternalBatch&) = delete;

    const std::filesystem::path& dir() const { return dir_; }
    /// "000000", "000001", ...: the frames' file names without extension.
    std::vector<std::string> frames() const;
    /// Each frame's class per point, in the .bin's order (-1 for an id without a class), or per
    /// image cell, from predictions/. Throws FileError naming CMD.json and the scene (`names`)
    /// when a file is missing, holds the wrong count or names a class the card does not have.
    std::vector<std::vector<int>> predictions(const std::vector<std::string>& names) const;
    /// Empties predictions/ before a retry, so that a failed try's files are never read.
    void clearPredictions() const;

  private:
    void createFolders(const std::vector<const char*>& subfolders) const;

    const ExternalPredictor& predictor_;
    std::vector<std::size_t> answers_;  ///< per frame: the labels expected (points or cells)
    std::filesystem::path dir_;
};

/// " (last output: LINE)" for the last non-empty line of a command's log, or "" when it is empty.
std::string lastLogLine(const std::string& log_path);

}  // namespace blindspot
