// Runs fuzz targets over files, without libFuzzer: `fuzz_replay TARGET PATH...` feeds every file
// under each PATH (directories recursively, missing ones skipped) to TARGET's entry point. CTest
// replays the seed corpus and every past finding (regressions/TARGET/) this way, so a fixed crash
// stays fixed in the normal and the sanitizer build alike.
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include "core/base/AtomicFile.hpp"

#define FUZZ_TARGET(name) extern "C" int replay_##name(const std::uint8_t* data, std::size_t size);
#include "FuzzTargets.inc"
#undef FUZZ_TARGET

namespace fs = std::filesystem;
using Entry = int (*)(const std::uint8_t*, std::size_t);

namespace {

const std::map<std::string, Entry>& targets() {
#define FUZZ_TARGET(name) {#name, replay_##name},
    static const std::map<std::string, Entry> all = {
#include "FuzzTargets.inc"
    };
#undef FUZZ_TARGET
    return all;
}

int replay(Entry entry, const fs::path& file) {
    const std::string bytes = blindspot::readFileBytes(file.string());
    std::cout << "replay " << file.string() << " (" << bytes.size() << " bytes)" << std::endl;
    return entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || !targets().count(argv[1])) {
        std::cerr << "usage: fuzz_replay TARGET PATH...; targets:";
        for (const auto& [name, entry] : targets()) std::cerr << " " << name;
        std::cerr << "\n";
        return 2;
    }
    const Entry entry = targets().at(argv[1]);
    int files = 0;
    for (int i = 2; i < argc; ++i) {
        if (fs::is_regular_file(argv[i])) {
            replay(entry, argv[i]);
            ++files;
            continue;
        }
        if (!fs::is_directory(argv[i])) continue;
        for (const auto& e : fs::recursive_directory_iterator(argv[i]))
            if (e.is_regular_file()) files += (replay(entry, e.path()), 1);
    }
    std::cout << files << " inputs replayed, none crashed\n";
    return files > 0 ? 0 : 1;
}
