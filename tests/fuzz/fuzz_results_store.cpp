// libFuzzer target: a results store (SQLite), opened and read as a resumed sweep and merge read
// it: the run, its shards, the finished scenes and every row.
#include "sweep/store/RunDirectory.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const auto run = fuzz::scratchDir() / "run";
    std::filesystem::remove(run / "results.sqlite-journal");
    fuzz::writeInput(run / "results.sqlite", fuzz::bytesOf(data, size));
    const RunDirectory dir(run.string());
    return fuzz::expectOwnErrors([&] {
        const ResultsStore store = dir.openStore(defaultDimensions(), SqliteAccess::ReadOnly);
        store.run();
        store.shards();
        store.finishedSceneIds();
        store.scenes();
    });
}
