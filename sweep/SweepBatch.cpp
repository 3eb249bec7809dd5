#include "sweep/SweepBatch.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/ConfusionMatrix.hpp"
#include "core/Error.hpp"
#include "core/Hash.hpp"
#include "eval/Metrics.hpp"
#include "eval/TargetMetrics.hpp"
#include "reports/CameraImages.hpp"

namespace blindspot {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

SweepBatch::SweepBatch(const SweepConfig& config, std::vector<CarModelSpec> models,
                       const RunDirectory& run, std::unique_ptr<Segmenter> segmenter,
                       BatchOptions options)
    : config_(config),
      scanner_(models, config.effects),
      drive_scanner_(std::move(models), config.effects),
      run_(run),
      segmenter_(std::move(segmenter)),
      options_(options) {}

std::vector<SceneRow> SweepBatch::run(const std::vector<const Sample*>& samples) {
    const auto start = Clock::now();
    auto t = start;
    const std::function<void(const char*)> lap = [this, &t](const char* stage) {
        const auto now = Clock::now();
        stage_seconds[stage] += std::chrono::duration<double>(now - t).count();
        t = now;
    };
    std::vector<SceneRow> rows(samples.size());
    // Per sample: its scan, or a drive sample's frames (never cached: a sequence per scene).
    std::vector<std::vector<ScanGrid>> scans(samples.size());
    std::vector<bool> was_cached;
    std::vector<std::string> spec_hashes;
    const bool drive = config_.drive_frames > 0;
    for (std::size_t k = 0; k < samples.size(); ++k) {
        SceneRow& row = rows[k];
        spec_hashes.push_back(lidarSpecHashIn(config_, *samples[k]));
        row.scene_id = sceneIdIn(config_, *samples[k], spec_hashes.back());
        row.sample = samples[k]->toJson();
        std::optional<CachedScan> cached = options_.cache_scans && !drive
                                               ? run_.readScan(row.scene_id, spec_hashes.back())
                                               : std::nullopt;
        lap("cache");
        was_cached.push_back(cached.has_value());
        if (drive) {
            scans[k] = castDrive(*samples[k], row.scene_id);
            lap("scan");
        } else if (cached) {
            ++cache_hits;
            row.cars = cached->cars;
            for (const auto& c : row.cars) row.target_points += c.visible_points;
            scans[k].push_back(std::move(cached->scan));
        } else {
            scans[k].push_back(castAndMeasure(*samples[k], row, lap));
        }
        for (const auto& scan : scans[k]) row.valid_points += std::int64_t(scan.validCount());
    }
    if (segmenter_) {
        std::vector<const ScanGrid*> batch;
        std::vector<std::string> names;
        for (std::size_t k = 0; k < scans.size(); ++k)
            for (std::size_t f = 0; f < scans[k].size(); ++f) {
                batch.push_back(&scans[k][f]);
                names.push_back(drive ? rows[k].scene_id + "-" + std::to_string(f)
                                      : rows[k].scene_id);
            }
        const std::vector<std::vector<int>> predicted = segmenter_->predictBatch(batch, names);
        lap("segment");
        std::size_t next = 0;
        for (std::size_t k = 0; k < scans.size(); ++k) {
            const std::vector<std::vector<int>> mine(
                predicted.begin() + long(next), predicted.begin() + long(next + scans[k].size()));
            next += scans[k].size();
            rows[k].classes = score(scans[k], mine, rows[k].cars);
            if (!drive) run_.writePredictions(rows[k].scene_id, mine.front());
        }
    }
    for (std::size_t k = 0; k < samples.size(); ++k)
        if (options_.cache_scans && !was_cached[k] && !drive)
            run_.writeScan(rows[k].scene_id, spec_hashes[k], scans[k].front(), rows[k].sample,
                           rows[k].cars);
    lap("write");
    if (options_.images && !drive) {
        for (std::size_t k = 0; k < samples.size(); ++k)
            writeImages(*samples[k], rows[k].scene_id, scans[k].front());
        lap("camera");
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    for (auto& row : rows) row.seconds = seconds / double(rows.size());
    return rows;
}

std::vector<ScanGrid> SweepBatch::castDrive(const Sample& sample, const std::string& scene_id) {
    try {
        return drive_scanner_.scan(scenarioFor(config_, sample, true), fnv1a64(scene_id));
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::scene(scene_id));
    }
}

ScanGrid SweepBatch::castAndMeasure(const Sample& sample, SceneRow& row,
                                    const std::function<void(const char*)>& lap) {
    ScannedScene scanned;
    try {
        scanned = scanner_.scan(scenarioFor(config_, sample, true), fnv1a64(row.scene_id),
                                options_.cast_threads, lap);
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::scene(row.scene_id));  // e.g. a car off the background
    }
    for (std::size_t i = 0; i < scanned.visibility.size(); ++i) {
        const auto& v = scanned.visibility[i];
        row.target_points += std::int64_t(v.visible_points);
        row.cars.push_back({int(i), v.instance_id, std::int64_t(v.visible_points),
                            std::int64_t(v.unoccluded_points), v.visibility, v.fully_occluded});
    }
    return std::move(scanned.scan);
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
