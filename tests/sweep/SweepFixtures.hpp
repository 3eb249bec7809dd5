#pragma once
// Shared by the sweep tests: a ground-truth segmenter, a small grid config, and store read-back.
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/segmentation/LearningMap.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/store/ResultsStore.hpp"

namespace blindspot::testing {

namespace fs = std::filesystem;

// Ground truth as prediction: a test-only stand-in for the network.
class OracleSegmenter : public Segmenter {
  public:
    std::vector<std::string> classNames() const override { return map_.classes; }
    int classOf(std::uint16_t label) const override { return map_.classOf(label); }
    std::vector<int> predict(const ScanGrid& scan) override {
        std::vector<int> out(scan.cellCount(), -1);
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            if (scan.valid(i)) out[i] = map_.classOf(scan.label[i]);
        return out;
    }
    std::string checkpointHash() const override { return "oracle"; }

  private:
    LearningMap map_ = squeezeSegLearningMap();
};

inline fs::path writeConfig(const fs::path& dir, int x_count, int count) {
    const fs::path path = dir / "small.json";
    std::ofstream(path)
        << R"({"name": "small", "lidar": "vlp16", "sampler": {"type": "grid"}, "dimensions": {
        "car_model": {"values": ["sedan", "van"]},
        "x": {"range": {"start": 6, "stop": )"
        << 6 + 2 * (x_count - 1) << R"(, "step": 2}},
        "y": {"values": [-2, 2]},
        "count": {"value": )"
        << count << R"(},
        "background": {"values": ["urban-01", "urban-02"]}}})";
    return path;
}

inline std::vector<SceneRow> rows(const fs::path& run) {
    auto scenes = ResultsStore((run / "results.sqlite").string()).scenes();
    for (auto& s : scenes) s.seconds = 0;  // timing is the one thing allowed to differ
    return scenes;
}

inline bool sameRows(const std::vector<SceneRow>& a, const std::vector<SceneRow>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].scene_id != b[i].scene_id || a[i].sample != b[i].sample ||
            a[i].valid_points != b[i].valid_points || a[i].target_points != b[i].target_points ||
            a[i].cars.size() != b[i].cars.size() || a[i].classes.size() != b[i].classes.size())
            return false;
        for (std::size_t c = 0; c < a[i].cars.size(); ++c)
            if (a[i].cars[c].visible_points != b[i].cars[c].visible_points ||
                a[i].cars[c].unoccluded_points != b[i].cars[c].unoccluded_points)
                return false;
        for (std::size_t c = 0; c < a[i].classes.size(); ++c)
            if (a[i].classes[c].tp != b[i].classes[c].tp ||
                a[i].classes[c].fp != b[i].classes[c].fp ||
                a[i].classes[c].fn != b[i].classes[c].fn)
                return false;
    }
    return true;
}

inline RunnerOptions options(const fs::path& run, int jobs) {
    RunnerOptions o;
    o.run_dir = run.string();
    o.jobs = jobs;
    o.progress = false;
    return o;
}

}  // namespace blindspot::testing
