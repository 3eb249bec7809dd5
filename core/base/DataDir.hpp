#pragma once
// Where blindspot's bundled data lives: car models, example scenes, sweep configs and the
// baseline checkpoint. An installed tree has them in PREFIX/share/blindspot beside PREFIX/bin;
// the build tree mirrors that layout (build/bin, build/share/blindspot), so the same lookup works
// in both and no source path is compiled in. BLINDSPOT_DATA_DIR overrides it for every kind.
#include <string>

namespace blindspot {

struct DataDir {
    std::string root;
    std::string cars() const { return root + "/cars"; }          ///< CAR.json per model
    std::string examples() const { return root + "/examples"; }  ///< scene files
    std::string configs() const { return root + "/configs"; }    ///< sweep configs
    std::string baseline() const { return root + "/models/baseline"; }
};

/// `override_dir` (the value of BLINDSPOT_DATA_DIR) when given, else
/// dirname(executable)/../share/blindspot. Throws FileError when the chosen root has no cars/.
DataDir findDataDir(const char* override_dir, const std::string& executable_path);

/// This process's executable (/proc/self/exe), or "" where the system does not say.
std::string executablePath();

}  // namespace blindspot
