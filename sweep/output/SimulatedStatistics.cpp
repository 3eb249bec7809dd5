#include "sweep/output/SimulatedStatistics.hpp"

#include "sweep/run/ScenarioScanner.hpp"

namespace blindspot {

SimulatedScans simulateScans(const std::vector<CarModelSpec>& models,
                             const SimulatedScansOptions& o) {
    ScenarioScanner scanner(models, o.effects);
    SimulatedScans out;
    for (int i = 0; i < o.scenes; ++i) {
        Scenario s = placedCars(o.backgrounds[std::size_t(i) % o.backgrounds.size()], {});
        s.count = o.cars;
        s.sensor.lidar = o.lidar;
        s.sensor.pitch_deg = o.pitch_deg;
        const GridReturns g = gridReturnsOf(scanner.scan(s, std::uint64_t(i + 1), 0).scan);
        out.statistics.add(g);
        if (i == 0) out.first = g;
    }
    return out;
}

}  // namespace blindspot
