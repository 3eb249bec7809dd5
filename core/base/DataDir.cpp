#include "core/base/DataDir.hpp"

#include <filesystem>

#include "core/base/Error.hpp"

namespace blindspot {

namespace fs = std::filesystem;

DataDir findDataDir(const char* override_dir, const std::string& executable_path) {
    const bool overridden = override_dir && *override_dir;
    const fs::path root =
        overridden ? fs::path(override_dir)
                   : fs::path(executable_path).parent_path().parent_path() / "share" / "blindspot";
    if (!fs::is_directory(root / "cars"))
        throw FileError(root.string(),
                        std::string("no blindspot data here (expected cars/, configs/, "
                                    "models/baseline/); ") +
                            (overridden ? "check BLINDSPOT_DATA_DIR"
                                        : "set BLINDSPOT_DATA_DIR or install blindspot"));
    return {root.lexically_normal().string()};
}

std::string executablePath() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.string();
}

}  // namespace blindspot
