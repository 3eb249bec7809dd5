#pragma once
// Results are never half-written: bytes go to a temporary file beside the target, which is then
// renamed over it (rename is atomic within one filesystem). A writer killed between the two leaves
// its temporary, PATH.tmp.HOST.PID; prepareOutputDirectory removes those of dead writers before a
// command writes into a directory again, so a re-run leaves exactly what an uninterrupted run does.
#include <cstddef>
#include <string>

namespace blindspot {

/// Writes `bytes` to `path` atomically. Throws FileError naming the path.
void writeFileAtomic(const std::string& path, const std::string& bytes);

/// The temporary that writeFileAtomic and the other atomic writers use for `path`:
/// PATH.tmp.HOST.PID (host and process, so writers on several machines sharing a directory never
/// collide or remove each other's).
std::string temporaryPathFor(const std::string& path);

/// True for a name temporaryPathFor made (any host, any process).
bool isTemporaryName(const std::string& file_name);

/// makeDirectories, then removes the temporaries left in `dir` (and below it when `recursive`)
/// by writers on this host that no longer run. Those of running writers and other hosts stay.
/// Returns how many it removed.
std::size_t prepareOutputDirectory(const std::string& dir, bool recursive = false);

/// Creates `dir` and its parents (present ones are fine). Throws FileError naming the directory.
void makeDirectories(const std::string& dir);

/// This machine's host name ("localhost" when it has none): temporaries and locks name their
/// writer by host and pid.
const std::string& hostName();

/// Reads a whole file. Throws FileError naming the path.
std::string readFileBytes(const std::string& path);

}  // namespace blindspot
