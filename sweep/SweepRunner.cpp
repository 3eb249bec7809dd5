#include "sweep/SweepRunner.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "core/AtomicFile.hpp"
#include "core/ConfusionMatrix.hpp"
#include "core/Error.hpp"
#include "core/Hash.hpp"
#include "core/LearningMap.hpp"
#include "core/ScanIo.hpp"
#include "core/ScanSummary.hpp"
#include "reports/CameraImages.hpp"
#include "sweep/SampleScanner.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string utcNow() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char b[32];
    std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return b;
}

// One worker's scene machinery: an assembler per distinct sensor set-up.
class Worker {
  public:
    Worker(const SweepConfig& config, const std::vector<CarModelSpec>& models,
           const RunnerOptions& options)
        : config_(config), scanner_(config, models), options_(options) {
        if (options.segmenter) segmenter_ = options.segmenter();
    }

    /// Scenes of one batch: scans first, then one batched forward pass, then the cache writes.
    std::vector<SceneRow> run(const std::vector<const Sample*>& samples) {
        const auto start = Clock::now();
        auto lap = [this, t = start](const char* stage) mutable {
            const auto now = Clock::now();
            stage_seconds[stage] += std::chrono::duration<double>(now - t).count();
            t = now;
        };
        std::vector<SceneRow> rows(samples.size());
        std::vector<ScanGrid> scans;
        std::vector<bool> was_cached;
        for (std::size_t k = 0; k < samples.size(); ++k) {
            SceneRow& row = rows[k];
            row.scene_id = sceneIdIn(config_, *samples[k]);
            row.sample = samples[k]->toJson();
            std::optional<ScanGrid> cached = readCache(row.scene_id, row);
            lap("cache");
            was_cached.push_back(cached.has_value());
            scans.push_back(cached ? std::move(*cached)
                                   : castAndMeasure(*samples[k], row.scene_id, row, lap));
            row.valid_points = std::int64_t(scans.back().validCount());
        }
        const std::vector<std::vector<int>> predicted =
            segmenter_ ? score(scans, rows) : std::vector<std::vector<int>>{};
        lap("segment");
        for (std::size_t k = 0; k < predicted.size(); ++k)
            writeFileAtomic(predictionPath(options_.run_dir, rows[k].scene_id),
                            encodePredictions(predicted[k]));
        for (std::size_t k = 0; k < samples.size(); ++k)
            if (options_.cache_scans && !was_cached[k])
                writeCache(rows[k].scene_id, scans[k], rows[k]);
        lap("write");
        if (options_.images) {
            for (std::size_t k = 0; k < samples.size(); ++k) {
                const CameraSpec camera;
                const CameraImage image = scanner_.camera(*samples[k], rows[k].scene_id, camera,
                                                          options_.jobs > 1 ? 1 : 0);
                writeCameraOutputs(
                    image, scans[k], camera,
                    (fs::path(options_.run_dir) / "images" / rows[k].scene_id).string());
            }
            lap("camera");
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        for (auto& row : rows) row.seconds = seconds / double(rows.size());
        return rows;
    }

    std::size_t cache_hits = 0;
    std::map<std::string, double> stage_seconds;

  private:
    template <typename Lap>
    ScanGrid castAndMeasure(const Sample& sample, const std::string& id, SceneRow& row, Lap& lap) {
        ScannedSample scanned =
            scanner_.scan(sample, id, options_.jobs > 1 ? 1 : 0, [&lap](const char* s) { lap(s); });
        for (std::size_t i = 0; i < scanned.visibility.size(); ++i) {
            const auto& v = scanned.visibility[i];
            row.target_points += std::int64_t(v.visible_points);
            row.cars.push_back({int(i), v.instance_id, std::int64_t(v.visible_points),
                                std::int64_t(v.unoccluded_points), v.visibility, v.fully_occluded});
        }
        return std::move(scanned.scan);
    }

    fs::path cacheDir(const std::string& id) const {
        const fs::path root = options_.scan_cache_dir.empty() ? fs::path(options_.run_dir) / "scans"
                                                              : fs::path(options_.scan_cache_dir);
        return root / id;
    }

    // A cached scan of this scene id, with its target-car rows, or nothing.
    std::optional<ScanGrid> readCache(const std::string& id, SceneRow& row) {
        const fs::path dir = cacheDir(id);
        if (!options_.cache_scans || !fs::exists(dir / "scan.json") ||
            !fs::exists(dir / "scan.pcd"))
            return std::nullopt;
        const nlohmann::json summary = readJsonFile((dir / "scan.json").string());
        if (summary.value("scene_id", "") != id || !summary.contains("cars")) return std::nullopt;
        for (const auto& c : summary.at("cars")) {
            row.cars.push_back({c.at("car_index").get<int>(), c.at("instance_id").get<int>(),
                                c.at("visible_points").get<std::int64_t>(),
                                c.at("unoccluded_points").get<std::int64_t>(),
                                c.at("visibility").get<double>(),
                                c.at("fully_occluded").get<bool>()});
            row.target_points += row.cars.back().visible_points;
        }
        ++cache_hits;
        return readScanDirectory(dir.string());
    }

    // One forward pass over the batch; fills the rows' class metrics, returns the predictions.
    std::vector<std::vector<int>> score(const std::vector<ScanGrid>& scans,
                                        std::vector<SceneRow>& rows) {
        std::vector<const ScanGrid*> batch;
        for (const auto& scan : scans) batch.push_back(&scan);
        std::vector<std::vector<int>> predicted = segmenter_->predictBatch(batch);
        for (std::size_t k = 0; k < scans.size(); ++k)
            rows[k].classes = score(scans[k], predicted[k]);
        return predicted;
    }

    std::vector<ClassRow> score(const ScanGrid& scan, const std::vector<int>& predicted) {
        const auto names = segmenter_->classNames();
        ConfusionMatrix m(int(names.size()));
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            if (scan.valid(i) && predicted[i] >= 0 && !config_.ignored(scan.label[i]))
                m.add(segmenter_->classOf(scan.label[i]), predicted[i]);
        std::vector<ClassRow> rows;
        for (int c = 0; c < int(names.size()); ++c)
            rows.push_back({names[std::size_t(c)], m.truePositives(c), m.falsePositives(c),
                            m.falseNegatives(c), m.iou(c), m.precision(c), m.recall(c)});
        return rows;
    }

    void writeCache(const std::string& id, const ScanGrid& scan, const SceneRow& row) {
        // The organised PCD holds the whole grid (xyz, intensity, range, label, instance, NaN
        // holes) and scan.json the spec, pose and target-car rows: enough to rebuild the scan bit
        // for bit and every other format. Disk writes dominate a scans-only sweep, so nothing else.
        const fs::path dir = cacheDir(id);
        fs::create_directories(dir);
        writeFileAtomic((dir / "scan.pcd").string(), encodeOrganisedPcd(scan));
        nlohmann::json summary = scanSummaryJson(scan);
        summary["sample"] = row.sample;
        summary["scene_id"] = id;
        nlohmann::json cars = nlohmann::json::array();
        for (const auto& c : row.cars)
            cars.push_back({{"car_index", c.car_index},
                            {"instance_id", c.instance_id},
                            {"visible_points", c.visible_points},
                            {"unoccluded_points", c.unoccluded_points},
                            {"visibility", c.visibility},
                            {"fully_occluded", c.fully_occluded}});
        summary["cars"] = cars;
        // scan.json last: a scan counts as cached only once both files are complete.
        writeFileAtomic((dir / "scan.json").string(), summary.dump(2) + "\n");
    }

    const SweepConfig& config_;
    SampleScanner scanner_;
    const RunnerOptions& options_;
    std::unique_ptr<Segmenter> segmenter_;
};

class Progress {
  public:
    /// `already`: scenes done before this run started (a resume); they do not count in the rate.
    Progress(std::size_t total, std::size_t already, bool enabled)
        : total_(total),
          already_(already),
          enabled_(enabled),
          tty_(::isatty(2)),
          start_(Clock::now()) {}
    void update(std::size_t done) {
        if (!enabled_) return;
        const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
        const double rate = double(done - already_) / std::max(elapsed, 1e-3);
        const double eta = rate > 0 ? double(total_ - done) / rate : 0.0;
        if (tty_) {
            const int width = 30,
                      filled = int(width * double(done) / double(std::max<std::size_t>(total_, 1)));
            std::fprintf(stderr, "\r[%s%s] %zu/%zu  %.1f scenes/s  ETA %d:%02d ",
                         std::string(std::size_t(filled), '=').c_str(),
                         std::string(std::size_t(width - filled), ' ').c_str(), done, total_, rate,
                         int(eta) / 60, int(eta) % 60);
            if (done == total_) std::fprintf(stderr, "\n");
        } else if (done == total_ || elapsed - last_log_ >= 10.0) {
            last_log_ = elapsed;
            std::fprintf(stderr, "sweep: %zu/%zu scenes, %.1f scenes/s, ETA %.0f s\n", done, total_,
                         rate, eta);
        }
    }

  private:
    std::size_t total_, already_;
    bool enabled_, tty_;
    Clock::time_point start_;
    double last_log_ = -1e9;
};

}  // namespace

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    const std::string expected = "expected i/N with 0 <= i < N (e.g. 0/4), got \"" + text + "\"";
    if (slash == std::string::npos) throw ConfigError("--shard", "", expected);
    try {
        std::size_t a = 0, b = 0;
        const int i = std::stoi(text.substr(0, slash), &a),
                  n = std::stoi(text.substr(slash + 1), &b);
        if (a != slash || b != text.size() - slash - 1 || n < 1 || i < 0 || i >= n)
            throw std::invalid_argument(text);
        return {i, n};
    } catch (const std::exception&) {
        throw ConfigError("--shard", "", expected);
    }
}

nlohmann::json configJson(const SweepConfig& config) { return config.source; }

std::string configHash(const SweepConfig& config) {
    return hex64(fnv1a64(std::string(kWorldVersion) + config.source.dump()));
}

RunSummary runSweep(const SweepConfig& config, const RunnerOptions& options) {
    const auto start = Clock::now();
    std::error_code ec;
    fs::create_directories(options.run_dir, ec);
    if (ec) throw FileError(options.run_dir, "cannot create run directory: " + ec.message());
    const std::vector<Sample> design = drawSamples(config.space, config.sampler);
    std::vector<const Sample*> mine;
    for (std::size_t i = 0; i < design.size(); ++i)
        if (int(i % std::size_t(options.shard.count)) == options.shard.index)
            mine.push_back(&design[i]);

    if (options.segmenter) fs::create_directories(fs::path(options.run_dir) / "predictions", ec);
    ResultsStore store((fs::path(options.run_dir) / "results.sqlite").string());
    RunInfo info;
    info.name = config.name;
    info.config = configJson(config);
    info.config_hash = configHash(config);
    // Segmenters share one loaded network, so asking one for the hash costs nothing.
    info.checkpoint_hash = options.segmenter ? options.segmenter()->checkpointHash() : "";
    info.lidar = lidarSpecToJson(lidarPreset(config.lidar));
    info.tool_version = options.tool_version;
    info.started_at = utcNow();
    store.beginRun(info);
    if (options.segmenter) writePredictionClasses(*options.segmenter(), options.run_dir);

    const auto finished = store.finishedSceneIds();
    std::vector<const Sample*> todo;
    for (const Sample* s : mine)
        if (!finished.count(sceneIdIn(config, *s))) todo.push_back(s);
    RunSummary summary;
    summary.planned = mine.size();
    summary.skipped = mine.size() - todo.size();
    if (options.stop_after > 0 && todo.size() > options.stop_after) todo.resize(options.stop_after);

    const auto models = loadCarModels(defaultCarModelDir());
    std::atomic<std::size_t> next{0};
    std::size_t done = 0;
    std::mutex store_mutex;  // one connection: one transaction at a time
    std::exception_ptr failure;
    Progress progress(mine.size(), summary.skipped, options.progress);
    if (summary.skipped > 0) progress.update(summary.skipped);
    auto work = [&] {
        try {
            Worker worker(config, models, options);
            // Batches are fixed chunks of the to-do list, whatever the number of workers.
            const std::size_t batch = std::size_t(std::max(1, options.batch));
            for (std::size_t i = next.fetch_add(batch); i < todo.size();
                 i = next.fetch_add(batch)) {
                std::vector<const Sample*> samples;
                for (std::size_t k = i; k < std::min(todo.size(), i + batch); ++k)
                    samples.push_back(todo[k]);
                const std::vector<SceneRow> rows = worker.run(samples);
                std::lock_guard<std::mutex> lock(store_mutex);
                if (failure) return;
                const auto t0 = Clock::now();
                for (const auto& row : rows) store.insertScene(row);
                worker.stage_seconds["store"] +=
                    std::chrono::duration<double>(Clock::now() - t0).count();
                done += rows.size();
                progress.update(summary.skipped + done);
            }
            std::lock_guard<std::mutex> lock(store_mutex);
            for (const auto& [stage, s] : worker.stage_seconds) summary.stage_seconds[stage] += s;
            summary.cache_hits += worker.cache_hits;
        } catch (...) {
            std::lock_guard<std::mutex> lock(store_mutex);
            if (!failure) failure = std::current_exception();
            next = todo.size();
        }
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < std::max(1, options.jobs); ++w) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    summary.done = done;
    // A re-run of a finished run changes nothing, so it keeps the original finish time.
    if (summary.skipped + done == summary.planned && (done > 0 || store.run()->finished_at.empty()))
        store.finishRun(utcNow());
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return summary;
}

std::size_t mergeRuns(const std::vector<std::string>& run_dirs, const std::string& out_dir) {
    if (run_dirs.empty()) throw ConfigError("merge", "", "expected at least one run directory");
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) throw FileError(out_dir, "cannot create directory: " + ec.message());
    fs::create_directories(fs::path(out_dir) / "scans", ec);
    ResultsStore out((fs::path(out_dir) / "results.sqlite").string());
    std::size_t added = 0;
    for (const auto& dir : run_dirs) {
        const std::string path = (fs::path(dir) / "results.sqlite").string();
        if (!fs::exists(path)) throw FileError(path, "no results store here");
        ResultsStore in(path);
        const auto run = in.run();
        if (!run) throw FileError(path, "holds no run");
        out.beginRun(*run);  // refuses a different config or checkpoint
        for (const auto& scene : in.scenes()) {
            added += out.insertScene(scene);
            const fs::path scans = fs::path(dir) / "scans" / scene.scene_id;
            if (fs::exists(scans))
                fs::copy(scans, fs::path(out_dir) / "scans" / scene.scene_id,
                         fs::copy_options::recursive | fs::copy_options::skip_existing, ec);
        }
        // Predictions (and their classes.json) are per scene id, like the scans.
        const fs::path predictions = fs::path(dir) / "predictions";
        if (fs::exists(predictions))
            fs::copy(predictions, fs::path(out_dir) / "predictions",
                     fs::copy_options::recursive | fs::copy_options::skip_existing, ec);
    }
    out.finishRun(utcNow());
    return added;
}

}  // namespace blindspot
