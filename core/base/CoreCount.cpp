#include "core/base/CoreCount.hpp"

#include <sched.h>

#include <cmath>
#include <fstream>
#include <string>
#include <thread>

namespace blindspot {
namespace {

int affinityCores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) return CPU_COUNT(&set);
    return int(std::thread::hardware_concurrency());
}

// cgroup v2's "QUOTA PERIOD" (microseconds) or "max PERIOD"; 0 when no quota is readable.
int quotaCores() {
    std::ifstream in("/sys/fs/cgroup/cpu.max");
    std::string quota;
    double period = 0;
    if (!(in >> quota >> period) || quota == "max" || !(period > 0)) return 0;
    try {
        return int(std::ceil(std::stod(quota) / period));
    } catch (const std::exception&) {
        return 0;
    }
}

}  // namespace

int usableCores() {
    int cores = affinityCores();
    const int quota = quotaCores();
    if (quota > 0 && quota < cores) cores = quota;
    return cores > 0 ? cores : 1;
}

}  // namespace blindspot
