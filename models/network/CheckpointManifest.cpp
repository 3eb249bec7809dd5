#include "models/network/CheckpointManifest.hpp"

#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/Json.hpp"

namespace fs = std::filesystem;

namespace blindspot {

nlohmann::json checkpointFileHashes(const std::string& dir, const std::vector<std::string>& names) {
    nlohmann::json files = nlohmann::json::object();
    for (const auto& name : names)
        files[name] = hex64(fnv1a64(readFileBytes((fs::path(dir) / name).string())));
    return files;
}

void checkCheckpointManifest(const std::string& dir) {
    const std::string state_path = (fs::path(dir) / "train_state.json").string();
    if (!fs::exists(state_path)) return;
    std::vector<std::pair<std::string, std::string>> listed;  // file name, hash
    try {
        const nlohmann::json state = readJsonFile(state_path);
        const JsonObject j(state, state_path, "");
        if (!j.has("files")) return;  // written before manifests existed
        const JsonObject files = j.object("files");
        for (const auto& name : files.keys()) listed.emplace_back(name, files.string(name));
    } catch (const ConfigError& e) {
        throw FileError::damaged(e);
    }
    for (const auto& [name, expected] : listed) {
        if (name.find('/') != std::string::npos || name == "..")
            throw FileError(state_path,
                            "/files/" + name + ": expected a file name in the checkpoint");
        const std::string path = (fs::path(dir) / name).string();
        if (!fs::is_regular_file(path))
            throw FileError(path, "missing, but " + state_path + " lists it in /files/" + name);
        const std::string actual = hex64(fnv1a64(readFileBytes(path)));
        if (actual != expected)
            throw FileError(path, "hash " + actual + " differs from /files/" + name + " = " +
                                      expected + " in " + state_path +
                                      ": the checkpoint set is out of step (a save was "
                                      "interrupted): train again into a new directory");
    }
}

}  // namespace blindspot
