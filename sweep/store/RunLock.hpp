#pragma once
// The writer's lock on a run directory: RUN/sweep.lock (docs/results-store.md, issue 55).
//
// Two sweeps into one run directory (a Slurm requeue while the old task still exits, a user's
// second terminal) take turns: the second waits for the first's lock, then resumes from the store
// and finds every scene the first finished already done, so no scene is computed twice and the rows
// equal a single run's. The lock is an open-file-description lock (fcntl F_OFD_SETLK): the kernel
// drops it when its holder dies, even by kill -9, so a dead sweep never blocks the next one, and
// it is per open file, so two runners in one process exclude each other too. Linux maps it to a
// POSIX lock on NFS, which the lock daemon serves to every node.
#include <functional>
#include <string>

namespace blindspot {

/// Who holds a run directory's lock, as the holder wrote it into the lock file.
struct LockHolder {
    long pid = 0;
    std::string host;
    std::string since;  ///< UTC, ISO 8601
};

class RunLock {
  public:
    /// Takes the lock of `run_dir`, waiting while another process holds it; `waiting` is called
    /// once, with the holder, before the wait. Throws FileError naming the lock file.
    RunLock(const std::string& run_dir, const std::function<void(const LockHolder&)>& waiting);
    ~RunLock();
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

    static std::string pathIn(const std::string& run_dir);

  private:
    int fd_ = -1;
    std::string path_;
};

/// "pid 4242 on host node17 (since 2026-12-07T14:00:00Z)".
std::string describe(const LockHolder& holder);

}  // namespace blindspot
