#include "app/App.hpp"

#include "core/base/Error.hpp"
#include "sweep/run/SweepConfig.hpp"

namespace blindspot::cli {

AppContext::AppContext(std::string version, const char* data_override, std::string executable)
    : version_(std::move(version)), executable_(std::move(executable)) {
    if (data_override && *data_override) data_override_ = data_override;
}

const DataDir& AppContext::data() const {
    if (!data_)
        data_ = findDataDir(data_override_ ? data_override_->c_str() : nullptr, executable_);
    return *data_;
}

const std::vector<CarModelSpec>& AppContext::models() const {
    if (!models_) models_ = loadCarModels(data().cars());
    return *models_;
}

Catalogue AppContext::catalogue() const { return catalogueOf(models()); }

LidarSpec lidarFromFlag(const std::string& preset_or_file, const std::string& flag) {
    try {
        return loadLidarSpec(preset_or_file);
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::flag(flag));
    }
}

}  // namespace blindspot::cli
