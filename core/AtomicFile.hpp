#pragma once
// Results are never half-written: bytes go to a temporary file beside the target, which is then
// renamed over it (rename is atomic within one filesystem).
#include <string>

namespace blindspot {

/// Writes `bytes` to `path` atomically. Throws FileError naming the path.
void writeFileAtomic(const std::string& path, const std::string& bytes);

/// Creates `dir` and its parents (present ones are fine). Throws FileError naming the directory.
void makeDirectories(const std::string& dir);

/// Reads a whole file. Throws FileError naming the path.
std::string readFileBytes(const std::string& path);

}  // namespace blindspot
