#pragma once
// The bundled data as the tests see it: read from the source tree (the CLI tests go through
// build/share/blindspot like an installed tool).
#include <string>
#include <vector>

#include "scenes/CarModel.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "tests/TestPaths.hpp"

namespace blindspot::testing {

inline const std::vector<CarModelSpec>& carModels() {
    static const std::vector<CarModelSpec> models =
        loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    return models;
}

inline Catalogue catalogue() { return catalogueOf(carModels()); }

inline std::string baselineCheckpoint() {
    return std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline";
}

}  // namespace blindspot::testing
