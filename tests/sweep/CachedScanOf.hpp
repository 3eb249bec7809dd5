#pragma once
// A scene's scan from a scan cache directory, as a sweep reads it back.
#include <gtest/gtest.h>

#include <filesystem>

#include "sweep/store/RunDirectory.hpp"

namespace blindspot::testing {

inline ScanGrid cachedScanOf(const std::filesystem::path& cache_dir, const std::string& scene_id) {
    const auto cached = RunDirectory("", cache_dir.string()).readScan(scene_id, "");
    if (!cached) ADD_FAILURE() << "no cached scan of " << scene_id << " in " << cache_dir;
    return cached ? cached->scan : ScanGrid{};
}

}  // namespace blindspot::testing
