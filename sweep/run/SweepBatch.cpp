#include "sweep/run/SweepBatch.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/segmentation/ConfusionMatrix.hpp"
#include "eval/Metrics.hpp"
#include "eval/TargetMetrics.hpp"
#include "reports/CameraImages.hpp"

namespace blindspot {
namespace {

using Clock = std::chrono::steady_clock;

// A stopwatch that adds each stage's time to `seconds` under the stage's name.
class StageClock {
  public:
    explicit StageClock(std::map<std::string, double>& seconds) : seconds_(seconds) {}
    void operator()(const char* stage) {
        const auto now = Clock::now();
        seconds_[stage] += std::chrono::duration<double>(now - t_).count();
        t_ = now;
    }
    double total() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  private:
    std::map<std::string, double>& seconds_;
    Clock::time_point start_ = Clock::now(), t_ = start_;
};

}  // namespace

SweepBatch::SweepBatch(const SweepConfig& config, std::vector<CarModelSpec> models,
                       const RunDirectory& run, std::unique_ptr<Segmenter> segmenter,
                       BatchOptions options)
    : config_(config),
      scanner_(models, config.effects, config.keep_colliding),
      drive_scanner_(std::move(models), config.effects),
      run_(run),
      segmenter_(std::move(segmenter)),
      options_(options),
      seen_(segmenter_ && !options.full_scans ? segmenter_->seenAzimuth() : std::nullopt) {}

std::vector<SceneRow> SweepBatch::run(const std::vector<const Sample*>& samples) {
    return finish(prepare(samples));
}

PreparedBatch SweepBatch::prepare(const std::vector<const Sample*>& samples) {
    PreparedBatch out;
    StageClock clock(out.stage_seconds);
    const std::function<void(const char*)> lap = [&clock](const char* stage) { clock(stage); };
    out.samples = samples;
    out.rows.resize(samples.size());
    out.scans.resize(samples.size());
    const bool drive = config_.drive_frames > 0;
    for (std::size_t k = 0; k < samples.size(); ++k) {
        SceneRow& row = out.rows[k];
        const std::string spec_hash = lidarSpecHashIn(config_, *samples[k]);
        row.scene_id = sceneIdIn(config_, *samples[k], spec_hash);
        row.sample = samples[k]->toJson();
        std::optional<CachedScan> cached =
            options_.cache_scans && !drive ? run_.readScan(row.scene_id, spec_hash) : std::nullopt;
        if (cached && !usable(*cached)) cached.reset();
        lap("cache");
        if (drive) {
            out.scans[k] = castDrive(*samples[k], row.scene_id);
            lap("scan");
        } else if (cached) {
            ++out.cache_hits;
            row.cars = cached->cars;
            row.skipped = cached->skipped;
            for (const auto& c : row.cars) row.target_points += c.visible_points;
            out.scans[k].push_back(std::move(cached->scan));
        } else {
            ScannedScene scanned = castAndMeasure(*samples[k], row, lap);
            if (options_.cache_scans)
                run_.writeScan(row.scene_id, spec_hash, scanned.scan, scanned.columns, row.sample,
                               row.cars, row.skipped);
            lap("cache write");
            out.scans[k].push_back(std::move(scanned.scan));
        }
        for (const auto& scan : out.scans[k]) row.valid_points += std::int64_t(scan.validCount());
        if (options_.images && !drive) {
            writeImages(*samples[k], row.scene_id, out.scans[k].front());
            lap("camera");
        }
    }
    out.seconds = clock.total();
    return out;
}

std::vector<SceneRow> SweepBatch::finish(PreparedBatch batch) {
    StageClock clock(stage_seconds);
    for (const auto& [stage, t] : batch.stage_seconds) stage_seconds[stage] += t;
    cache_hits += batch.cache_hits;
    std::vector<SceneRow>& rows = batch.rows;
    const auto& scans = batch.scans;
    const bool drive = config_.drive_frames > 0;
    if (segmenter_) {
        std::vector<const ScanGrid*> frames;
        std::vector<std::string> names;
        for (std::size_t k = 0; k < scans.size(); ++k)
            for (std::size_t f = 0; f < scans[k].size(); ++f) {
                frames.push_back(&scans[k][f]);
                names.push_back(drive ? rows[k].scene_id + "-" + std::to_string(f)
                                      : rows[k].scene_id);
            }
        const std::vector<std::vector<int>> predicted = segmenter_->predictBatch(frames, names);
        clock("segment");
        std::size_t next = 0;
        for (std::size_t k = 0; k < scans.size(); ++k) {
            const std::vector<std::vector<int>> mine(
                predicted.begin() + long(next), predicted.begin() + long(next + scans[k].size()));
            next += scans[k].size();
            rows[k].classes = score(scans[k], mine, rows[k].cars);
            if (!drive) run_.writePredictions(rows[k].scene_id, mine.front());
        }
        clock("predictions");
    }
    const double seconds = batch.seconds + clock.total();
    for (auto& row : rows) row.seconds = seconds / double(rows.size());
    return std::move(batch.rows);
}

bool SweepBatch::usable(const CachedScan& cached) const {
    const LidarSpec& spec = cached.scan.spec;
    return cached.columns.covers(seen_ ? columnsWithin(spec, *seen_) : allColumns(spec));
}

std::vector<ScanGrid> SweepBatch::castDrive(const Sample& sample, const std::string& scene_id) {
    try {
        return drive_scanner_.scan(scenarioFor(config_, sample, true), fnv1a64(scene_id));
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::scene(scene_id));
    }
}

ScannedScene SweepBatch::castAndMeasure(const Sample& sample, SceneRow& row,
                                        const std::function<void(const char*)>& lap) {
    ScannedScene scanned;
    try {
        scanned = scanner_.scan(scenarioFor(config_, sample, true), fnv1a64(row.scene_id),
                                options_.cast_threads, lap, seen_);
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::scene(row.scene_id));  // e.g. a car off the background
    }
    for (const auto& reason : scanned.skipped)
        if (!reason.empty()) row.skipped += (row.skipped.empty() ? "" : "; ") + reason;
    for (std::size_t i = 0; i < scanned.visibility.size(); ++i) {
        const auto& v = scanned.visibility[i];
        row.target_points += std::int64_t(v.visible_points);
        row.cars.push_back({int(i), v.instance_id, std::int64_t(v.visible_points),
                            std::int64_t(v.unoccluded_points), v.visibility, v.fully_occluded});
    }
    return scanned;
}

std::vector<ClassRow> SweepBatch::score(const std::vector<ScanGrid>& scans,
                                        const std::vector<std::vector<int>>& predicted,
                                        const std::vector<CarRow>& targets) const {
    const auto names = segmenter_->classNames();
    const auto ignored_names = segmenter_->ignoredClasses();
    std::vector<bool> ignored(names.size(), false);
    for (std::size_t c = 0; c < names.size(); ++c)
        ignored[c] = std::count(ignored_names.begin(), ignored_names.end(), names[c]) > 0;
    // A drive sample's frames are pooled: their counts add up, then the ratios are taken.
    ConfusionMatrix m(int(names.size()));
    for (std::size_t f = 0; f < scans.size(); ++f) {
        const ScanGrid& scan = scans[f];
        for (std::size_t i = 0; i < scan.cellCount(); ++i) {
            if (!scan.valid(i) || predicted[f][i] < 0 || config_.ignored(scan.label[i])) continue;
            const int truth = segmenter_->classOf(scan.label[i]);
            if (!ignored[std::size_t(truth)]) m.add(truth, predicted[f][i]);
        }
    }
    std::vector<ClassRow> rows;
    for (int c = 0; c < int(names.size()); ++c)
        rows.push_back({names[std::size_t(c)], m.truePositives(c), m.falsePositives(c),
                        m.falseNegatives(c), m.iou(c), m.precision(c), m.recall(c)});
    if (targets.empty()) return rows;
    std::vector<int> instances;
    for (const auto& t : targets) instances.push_back(t.instance_id);
    const TargetCounts t =
        scoreTargets(scans.front(), predicted.front(), instances, [&](std::uint16_t label) {
            return config_.ignored(label) ? -1 : segmenter_->classOf(label);
        });
    const Ratios r = ratiosOf(t.tp, t.fp, t.fn);
    rows.push_back({std::string(kTargetClass), t.tp, t.fp, t.fn, r.iou, r.precision, r.recall});
    return rows;
}

// The camera sees the sample in its true paint colours, whatever the LiDAR effects mode.
void SweepBatch::writeImages(const Sample& sample, const std::string& scene_id,
                             const ScanGrid& scan) {
    const CameraSpec camera;
    const CameraImage image =
        scanner_.camera(scenarioFor(config_, sample, false), fnv1a64(scene_id), camera,
                        CameraConditions{}, options_.cast_threads);
    writeCameraOutputs(image, scan, camera, run_.imagesDir(scene_id));
}

}  // namespace blindspot
