#pragma once
// What main() hands every subcommand: the tool version, where the bundled data is, the car
// models and the dimension registry. Data is looked up on first use, so commands that need none
// (lidar, --help) work wherever the data went.
#include <CLI/CLI.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/DataDir.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "core/scenario/DimensionRegistry.hpp"
#include "scenes/CarModel.hpp"
#include "sweep/space/ModificationSpace.hpp"

namespace blindspot::cli {

class AppContext {
  public:
    /// `data_override`: BLINDSPOT_DATA_DIR (null when unset); `executable`: this program's path.
    AppContext(std::string version, const char* data_override, std::string executable);

    const std::string& version() const { return version_; }
    const DimensionRegistry& dimensions() const { return dimensions_; }
    /// Throws FileError when no data directory can be found.
    const DataDir& data() const;
    const std::vector<CarModelSpec>& models() const;
    Catalogue catalogue() const;

  private:
    std::string version_;
    std::optional<std::string> data_override_;
    std::string executable_;
    DimensionRegistry dimensions_ = defaultDimensions();
    mutable std::optional<DataDir> data_;
    mutable std::optional<std::vector<CarModelSpec>> models_;
};

/// The LiDAR spec a flag names (a preset or a spec file); errors name the flag.
LidarSpec lidarFromFlag(const std::string& preset_or_file, const std::string& flag);

/// The regression gate failed (report --fail-on-drop): exit code 6.
struct GateFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace blindspot::cli
