#pragma once
// How many cores this process may use. A nightly node's job rarely owns the whole machine: Slurm
// binds a task to its --cpus-per-task (a CPU affinity mask), `taskset` does the same by hand, and
// a Kubernetes CPU limit is a CFS quota in the cgroup (cpu.max). std::thread::hardware_concurrency
// reports the machine's CPUs whatever of these applies, and a sweep planned on it oversubscribes
// the cores it was given (docs/scale.md, "Workers and threads per core count").
namespace blindspot {

/// The CPUs of this process's affinity mask, capped by the cgroup v2 CPU quota (cpu.max,
/// rounded up) when one is set; at least 1.
int usableCores();

}  // namespace blindspot
