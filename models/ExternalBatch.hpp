#pragma once
// One batch of scans as an external predictor (models/ExternalPredictor.hpp) sees it: a
// SemanticKITTI sequence directory with velodyne/NNNNNN.bin (and labels/ when CMD.json asks for
// them), whose predictions/NNNNNN.label are read back. It lives in /dev/shm where that exists
// (memory: a batch of 8 hdl64e scans is about 15 MB that need never reach a disk), else in the
// temporary directory, and is removed with the batch.
#include <filesystem>
#include <string>
#include <vector>

#include "core/ScanGrid.hpp"
#include "models/ExternalPredictor.hpp"

namespace blindspot {

class ExternalBatch {
  public:
    /// Writes the scans. Throws FileError naming the folder when it cannot be written.
    ExternalBatch(const ExternalPredictor& predictor, const std::vector<const ScanGrid*>& scans);
    ~ExternalBatch();  ///< removes the folder
    ExternalBatch(const ExternalBatch&) = delete;
    ExternalBatch& operator=(const ExternalBatch&) = delete;

    const std::filesystem::path& dir() const { return dir_; }
    /// "000000", "000001", ...: the frames' file names without extension.
    std::vector<std::string> frames() const;
    /// Each scan's class per cell (-1 where no return), from predictions/. Throws FileError naming
    /// CMD.json and the scene (`names`) when a file is missing or holds the wrong count.
    std::vector<std::vector<int>> predictions(const std::vector<std::string>& names) const;

  private:
    const ExternalPredictor& predictor_;
    std::vector<const ScanGrid*> scans_;
    std::filesystem::path dir_;
};

/// " (last output: LINE)" for the last non-empty line of a command's log, or "" when it is empty.
std::string lastLogLine(const std::string& log_path);

}  // namespace blindspot
