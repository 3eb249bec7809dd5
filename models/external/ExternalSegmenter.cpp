#include "models/external/ExternalSegmenter.hpp"

#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/base/Error.hpp"
#include "core/process/ChildProcess.hpp"
#include "core/process/WorkerProcess.hpp"
#include "core/scan/ScanIo.hpp"
#include "models/external/ExternalBatch.hpp"
#include "models/projection/CardInput.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kShutdownGrace{10};

std::string scenesOf(const std::vector<std::string>& names) {
    return names.size() == 1 ? "scene " + names.front()
                             : "scenes " + names.front() + " .. " + names.back();
}

// A scan's class per cell (-1 where no return) from its valid points' classes, row-major.
std::vector<int> cellClasses(const ScanGrid& scan, const std::vector<int>& point_classes) {
    std::vector<int> out(scan.cellCount(), -1);
    std::size_t point = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        if (scan.valid(i)) out[i] = point_classes[point++];
    return out;
}

// The command once per batch, the batch folder as its last argument.
class PerBatchSegmenter : public ExternalSegmenter {
  public:
    explicit PerBatchSegmenter(ExternalPredictor p) : p_(std::move(p)) {}

    std::vector<std::string> classNames() const override { return p_.learning_map.classes; }
    int classOf(std::uint16_t palette_label) const override {
        return p_.palette_map.classOf(palette_label);
    }
    std::vector<int> predict(const ScanGrid& scan) override { return predictBatch({&scan})[0]; }
    std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans) override {
        std::vector<std::string> names;
        for (std::size_t k = 0; k < scans.size(); ++k)
            names.push_back("frame " + kittiFrameName(k));
        return predictBatch(scans, names);
    }
    std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans,
                                               const std::vector<std::string>& names) override {
        if (p_.range_image_card) return predictImages(scans, names);
        std::vector<PointList> frames;
        for (const ScanGrid* s : scans) frames.push_back(validPoints(*s));
        const auto points = predictPoints(std::move(frames), names);
        std::vector<std::vector<int>> out;
        for (std::size_t k = 0; k < scans.size(); ++k)
            out.push_back(cellClasses(*scans[k], points[k]));
        return out;
    }
    std::vector<std::vector<int>> predictPoints(std::vector<PointList> frames,
                                                const std::vector<std::string>& names) override {
        if (p_.range_image_card)
            throw ConfigError(ErrorSource::file(p_.spec_path, "/input"),
                              "\"points\" to classify point clouds; a range-image network gets "
                              "range images (classifyImages)");
        return runWithRetry(ExternalBatch(p_, std::move(frames)), names);
    }
    std::vector<std::string> ignoredClasses() const override {
        return p_.range_image_card ? p_.range_image_card->ignore_classes
                                   : std::vector<std::string>{};
    }
    std::optional<AzimuthSpan> seenAzimuth() const override {
        if (!p_.range_image_card) return std::nullopt;
        return gridAzimuthSpan(p_.range_image_card->grid);
    }
    std::string checkpointHash() const override { return p_.identity; }

  protected:
    std::vector<std::vector<int>> runWithRetry(const ExternalBatch& batch,
                                               const std::vector<std::string>& names) {
        try {
            return runBatch(batch, names);
        } catch (const FileError&) {
            retried();
            batch.clearPredictions();
            return runBatch(batch, names);  // once more: a flaky command gets a second chance
        }
    }
    // The in-process network's path (models/network/NetworkSegmenter.cpp) with the forward pass
    // outside.
    std::vector<std::vector<int>> predictImages(const std::vector<const ScanGrid*>& scans,
                                                const std::vector<std::string>& names) {
        std::vector<RangeImage> images;
        for (const ScanGrid* scan : scans) images.push_back(cardImage(*scan, *p_.range_image_card));
        std::vector<const RangeImage*> pointers;
        for (const auto& image : images) pointers.push_back(&image);
        const auto classes = classifyImages(pointers, names);
        std::vector<std::vector<int>> out;
        for (std::size_t k = 0; k < images.size(); ++k)
            out.push_back(valuesForSources(images[k], classes[k]));
        return out;
    }

  public:
    std::vector<std::vector<int>> classifyImages(const std::vector<const RangeImage*>& images,
                                                 const std::vector<std::string>& names) override {
        if (!p_.range_image_card)
            throw ConfigError(ErrorSource::file(p_.spec_path, "/input"),
                              "\"range_image\" to classify range images");
        auto classes = runWithRetry(ExternalBatch(p_, images), names);
        for (std::size_t k = 0; k < images.size(); ++k)
            classes[k] = maskEmptyCells(*images[k], std::move(classes[k]));
        return classes;
    }

  protected:
    virtual std::vector<std::vector<int>> runBatch(const ExternalBatch& batch,
                                                   const std::vector<std::string>& names) {
        std::vector<std::string> argv = p_.command;
        argv.push_back(batch.dir().string());
        const std::string log = (batch.dir() / "command.log").string();
        const ChildExit e = runCommand(argv, p_.working_directory, log, p_.timeout);
        if (e.kind != ChildExit::Kind::kExited || e.exit_code != 0)
            throw FileError(p_.spec_path,
                            scenesOf(names) + ": the command ended with " + e.describe() +
                                (e.kind == ChildExit::Kind::kTimedOut
                                     ? " (" + std::to_string(p_.timeout.count()) + " s)"
                                     : "") +
                                lastLogLine(log));
        return batch.predictions(names);
    }
    virtual void retried() {}

    ExternalPredictor p_;
};

// One long-lived worker, a JSON line per batch each way.
class PersistentSegmenter : public PerBatchSegmenter {
  public:
    explicit PersistentSegmenter(ExternalPredictor p) : PerBatchSegmenter(std::move(p)) {}
    ~PersistentSegmenter() override {
        if (!worker_) return;
        const ChildExit e = worker_->stop(kShutdownGrace);
        std::error_code ec;
        if (e.kind == ChildExit::Kind::kExited && e.exit_code == 0) fs::remove(log_, ec);
    }

  private:
    std::vector<std::vector<int>> runBatch(const ExternalBatch& batch,
                                           const std::vector<std::string>& names) override {
        if (!worker_) start();
        const nlohmann::json request = {{"batch", batch.dir().string()},
                                        {"frames", batch.frames()}};
        std::string reply;
        const bool sent = worker_->writeLine(request.dump());
        const auto read =
            sent ? worker_->readLine(reply, p_.timeout) : WorkerProcess::Read::kClosed;
        if (read == WorkerProcess::Read::kTimedOut)
            fail(names, "no reply within " + std::to_string(p_.timeout.count()) + " s");
        if (read == WorkerProcess::Read::kClosed)
            fail(names, "the worker ended with " + worker_->stop(kShutdownGrace).describe());
        const nlohmann::json j = nlohmann::json::parse(reply, nullptr, false);
        if (!j.is_object() || j.value("batch", std::string()) != batch.dir().string())
            fail(names, "a reply that is not this batch's: \"" + reply.substr(0, 120) + "\"");
        if (j.contains("error"))
            fail(names, "the worker reported: " + j["error"].dump().substr(0, 300));
        if (j.value("done", false) != true) fail(names, "a reply without \"done\": true");
        return batch.predictions(names);
    }
    void retried() override { worker_.reset(); }  // the next batch starts a fresh worker

    [[noreturn]] void fail(const std::vector<std::string>& names, const std::string& why) {
        const std::string log = lastLogLine(log_);
        worker_.reset();  // killed: a hung or confused worker must not answer the next batch
        throw FileError(p_.spec_path,
                        scenesOf(names) + ": " + why + log + " (worker log " + log_ + ")");
    }

    // The index is taken at the first start, so that segmenters that never run a batch (the
    // sweep asks one for its classes) use none, and a restarted worker keeps its device.
    void start() {
        if (index_ < 0) {
            index_ = p_.workers->fetch_add(1);
            log_ = (fs::temp_directory_path() / ("blindspot-worker-" + std::to_string(::getpid()) +
                                                 "-" + std::to_string(index_) + ".log"))
                       .string();
        }
        WorkerCommand c{p_.command, p_.working_directory, log_, {}};
        c.env["BLINDSPOT_WORKER"] = std::to_string(index_);
        for (const auto& [name, values] : p_.worker_env)
            c.env[name] = values[std::size_t(index_) % values.size()];
        worker_ = std::make_unique<WorkerProcess>(c);
    }

    int index_ = -1;
    std::string log_;
    std::unique_ptr<WorkerProcess> worker_;
};

}  // namespace

std::unique_ptr<ExternalSegmenter> makeExternalSegmenter(const ExternalPredictor& predictor) {
    if (predictor.protocol == ExternalPredictor::Protocol::kPersistent)
        return std::make_unique<PersistentSegmenter>(predictor);
    return std::make_unique<PerBatchSegmenter>(predictor);
}

}  // namespace blindspot
