// libFuzzer target: a scan cache entry (scan.json and scan.zst), through RunDirectory::readScan
// as a resumed sweep or a report reads it. Input: scan.json, separator, scan.zst.
#include "core/base/Hash.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    auto parts = fuzz::splitFiles(data, size, 2);
    // readScan trusts nothing whose checksum fails, so the target puts the right checksum into a
    // scan.json that parses: otherwise mutations would stop there and never reach the grid.
    nlohmann::json summary = nlohmann::json::parse(parts[0], nullptr, false);
    if (summary.is_object() && summary.contains("pcd_fnv1a64")) {
        summary["pcd_fnv1a64"] = hex64(fnv1a64(parts[1]));
        parts[0] = summary.dump();
    }
    const auto run = fuzz::scratchDir() / "run";
    fuzz::writeInput(run / "scans" / "scene" / "scan.zst", parts[1]);
    fuzz::writeInput(run / "scans" / "scene" / "scan.json", parts[0]);
    const RunDirectory dir(run.string());
    return fuzz::expectOwnErrors([&] { dir.readScan("scene", ""); });
}
