#include "models/training/Training.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <limits>
#include <numeric>
#include <optional>
#include <random>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "models/network/CheckpointManifest.hpp"
#include "models/network/TorchNetwork.hpp"
#include "models/training/Dataset.hpp"
#include "models/training/OptimizerArchive.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

struct Batch {
    torch::Tensor input;   // B x C x H x W, normalised
    torch::Tensor mask;    // B x 1 x H x W
    torch::Tensor labels;  // B x H x W, int64
};

// One example as tensors, flipped, cropped and without intensity as drawn.
Batch exampleTensors(const ModelCard& card, const LabelledImage& example, bool flip,
                     bool drop_intensity, int col0, int cols) {
    RangeImage image = example.image;
    std::vector<std::int8_t> classes = example.cell_class;
    const RangeGrid& g = card.grid;
    if (flip) {
        flipHorizontally(image);
        for (int r = 0; r < g.rows; ++r)
            std::reverse(classes.begin() + std::ptrdiff_t(r) * g.cols,
                         classes.begin() + std::ptrdiff_t(r + 1) * g.cols);
    }
    std::vector<float> x = normalisedInput(image, card.mean, card.std, card.empty_cells);
    const auto channel =
        std::find(image.channels.begin(), image.channels.end(), InputChannel::kIntensity);
    if (drop_intensity && channel != image.channels.end()) {
        // Every return reads the card's mean remission; empty cells stay as they are.
        const std::size_t plane = g.cellCount();
        float* intensity = x.data() + std::size_t(channel - image.channels.begin()) * plane;
        for (std::size_t i = 0; i < plane; ++i)
            if (image.mask[i]) intensity[i] = 0.0f;
    }
    Batch b;
    b.input = torch::tensor(x).view({card.channelCount(), g.rows, g.cols}).narrow(2, col0, cols);
    b.mask = torch::tensor(std::vector<float>(image.mask.begin(), image.mask.end()))
                 .view({1, g.rows, g.cols})
                 .narrow(2, col0, cols);
    b.labels = torch::tensor(std::vector<std::int64_t>(classes.begin(), classes.end()))
                   .view({g.rows, g.cols})
                   .narrow(1, col0, cols);
    return b;
}

Batch stack(const std::vector<Batch>& parts) {
    std::vector<torch::Tensor> in, mask, labels;
    for (const auto& p : parts) {
        in.push_back(p.input);
        mask.push_back(p.mask);
        labels.push_back(p.labels);
    }
    return {torch::stack(in), torch::stack(mask), torch::stack(labels)};
}

double learningRate(const TrainOptions& o, int epoch, int step_in_epoch, int steps_per_epoch) {
    if (o.schedule == "constant") return o.learning_rate;
    if (o.schedule == "cosine") {
        const double t = (epoch + double(step_in_epoch) / steps_per_epoch) / o.epochs;
        return o.learning_rate * 0.5 * (1.0 + std::cos(3.14159265358979323846 * t));
    }
    return o.learning_rate * std::pow(o.lr_decay, epoch / std::max(1, o.decay_epochs));
}

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const TrainOptions& o,
                                                       std::vector<torch::Tensor> params) {
    if (o.optimizer == "adam")
        return std::make_unique<torch::optim::Adam>(
            params, torch::optim::AdamOptions(o.learning_rate).weight_decay(o.weight_decay));
    return std::make_unique<torch::optim::SGD>(
        params,
        torch::optim::SGDOptions(o.learning_rate).momentum(0.9).weight_decay(o.weight_decay));
}

void setLearningRate(torch::optim::Optimizer& optimizer, double lr) {
    for (auto& group : optimizer.param_groups()) group.options().set_lr(lr);
}

class ProgressBar {
  public:
    ProgressBar(std::ostream& log, bool enabled) : log_(log), enabled_(enabled), tty_(isatty(2)) {}
    void step(int epoch, int epochs, int step, int steps, double loss, double seconds) {
        if (!enabled_) return;
        const bool last = step == steps;
        if (!tty_ && !last && step % 50 != 0) return;
        const int width = 30, filled = int(double(step) / steps * width);
        log_ << (tty_ ? "\r" : "") << "epoch " << epoch + 1 << "/" << epochs << " ["
             << std::string(std::size_t(filled), '#')
             << std::string(std::size_t(width - filled), ' ') << "] " << step << "/" << steps
             << " loss " << std::fixed << std::setprecision(4) << loss << " "
             << std::setprecision(2) << seconds / step << " s/step" << (tty_ && !last ? "" : "\n")
             << std::flush;
    }

  private:
    std::ostream& log_;
    bool enabled_, tty_;
};

struct Run {
    const TrainOptions& options;
    std::unique_ptr<TorchNetwork> net;
    LabelledSet train, retrain, val;
    nlohmann::json history = nlohmann::json::array();
    int start_epoch = 0;
    std::string init_hash;  ///< the --init checkpoint's hash, empty without
};

void checkOptions(const TrainOptions& o) {
    if (o.data_dirs.empty())
        throw ConfigError(ErrorSource::flag("--data"), "expected at least one directory");
    if (o.output.empty())
        throw ConfigError(ErrorSource::flag("-o"), "expected an output checkpoint directory");
    if (o.batch < 1) throw ConfigError(ErrorSource::value("/batch"), "must be >= 1");
    if (o.epochs < 1) throw ConfigError(ErrorSource::value("/epochs"), "must be >= 1");
    if (o.crop_cols < 0 || o.crop_cols % 16 != 0)
        throw ConfigError(ErrorSource::value("/crop_cols"),
                          "must be 0 or a positive multiple of 16");
    if (o.optimizer != "sgd" && o.optimizer != "adam")
        throw ConfigError(ErrorSource::value("/optimizer"), "expected \"sgd\" or \"adam\"");
    if (o.schedule != "step" && o.schedule != "cosine" && o.schedule != "constant")
        throw ConfigError(ErrorSource::value("/schedule"),
                          "expected \"step\", \"cosine\" or \"constant\"");
    if (!(o.retrain_fraction >= 0.0 && o.retrain_fraction <= 1.0))
        throw ConfigError(ErrorSource::value("/retrain_fraction"), "must lie in [0, 1]");
}

std::unique_ptr<TorchNetwork> initialNetwork(const TrainOptions& o) {
    if (!o.init.empty()) {
        auto net = torch_half::loadNetwork(o.init);
        if (net->card().architecture != "squeezeseg")
            throw ConfigError(ErrorSource::file(o.init, "/architecture"),
                              "only squeezeseg checkpoints can be trained");
        return net;
    }
    ModelCard card = squeezeSegCard(o.intensity.value_or(true));
    card.crf = o.crf.value_or(false);
    card.batch_norm = o.batch_norm.value_or(false);
    std::tie(card.learning_map, card.semantickitti_map) = trainingLearningMaps(o);
    if (!o.rows_from_lidar.empty()) {
        const LidarSpec lidar = loadLidarSpec(o.rows_from_lidar);
        if (lidar.rows() != card.grid.rows)
            throw ConfigError(ErrorSource::value("/rows_from_lidar"),
                              "LiDAR \"" + o.rows_from_lidar + "\" has " +
                                  std::to_string(lidar.rows()) + " beams; expected " +
                                  std::to_string(card.grid.rows));
        card.grid.row_elevations_deg = lidar.elevation_deg;
        card.grid.row_origin_z_m = lidar.row_origin_z_m;
    }
    return torch_half::createNetwork(card, o.seed);
}

// The recipe as a model card records it: data by directory name, never the training machine's
// absolute paths (the data hashes identify the data).
nlohmann::json cardRecipe(const TrainOptions& o) {
    auto names = [](const std::vector<std::string>& dirs) {
        std::vector<std::string> out;
        for (const auto& d : dirs)
            out.push_back(fs::path(d).lexically_normal().filename().string());
        return out;
    };
    nlohmann::json recipe = trainOptionsToJson(o);
    recipe["data"] = names(o.data_dirs);
    recipe["val"] = names(o.val_dirs);
    recipe["retrain"] = names(o.retrain_dirs);
    recipe["init"] = o.init.empty() ? "" : names({o.init}).front();
    return recipe;
}

// An epoch's checkpoint is staged in OUT/.epoch-staging/ and then moved into OUT file by file,
// train_state.json (the manifest) last: a kill at any point leaves either the previous epoch or a
// complete staging directory, which the next --resume commits first (commitStagedEpoch).
constexpr const char* kStagingDir = ".epoch-staging";

void commitStagedEpoch(const fs::path& out) {
    const fs::path staged = out / kStagingDir;
    std::error_code ec;
    if (fs::exists(staged / "train_state.json")) {
        for (const auto& entry : fs::directory_iterator(staged)) {
            const std::string name = entry.path().filename().string();
            if (name != "train_state.json" && !isTemporaryName(name))
                fs::rename(entry.path(), out / name, ec);
            if (ec)
                throw FileError((out / name).string(), "cannot commit the epoch: " + ec.message());
        }
        fs::rename(staged / "train_state.json", out / "train_state.json", ec);
        if (ec)
            throw FileError((out / "train_state.json").string(), "cannot commit: " + ec.message());
    }
    fs::remove_all(staged, ec);  // incomplete staging: the previous epoch stands
}

void saveEpoch(Run& run, torch::optim::Optimizer& optimizer, int epoch, const TrainReport& report) {
    const TrainOptions& o = run.options;
    ModelCard& card = run.net->state().card;
    card.training = {{"recipe", cardRecipe(o)},
                     {"init_hash", run.init_hash},
                     {"data_hash", run.train.hash},
                     {"train_scans", run.train.images.size()},
                     {"retrain_hash", run.retrain.hash},
                     {"val_hash", run.val.hash},
                     {"val_scans", run.val.images.size()},
                     {"epochs_done", epoch + 1},
                     {"history", run.history},
                     {"val_car_iou", report.val_car_iou}};
    const fs::path staged = fs::path(o.output) / kStagingDir;
    fs::remove_all(staged);
    try {
        run.net->save(staged.string());
        saveOptimizerState(optimizer, (staged / "optimizer.pt").string());
        const nlohmann::json files = checkpointFileHashes(
            staged.string(), {card.weights, "model_card.json", "optimizer.pt"});
        writeFileAtomic(
            (staged / "train_state.json").string(),
            nlohmann::json{{"epochs_done", epoch + 1}, {"history", run.history}, {"files", files}}
                .dump(2));
    } catch (const Error&) {  // a full disk: no half-written epoch stays behind
        std::error_code ec;
        fs::remove_all(staged, ec);
        throw;
    }
    commitStagedEpoch(o.output);
}

void resume(Run& run, torch::optim::Optimizer& optimizer) {
    const fs::path dir(run.options.output);
    prepareOutputDirectory(dir.string());
    if (!run.options.resume) {
        fs::remove_all(dir / kStagingDir);
        return;
    }
    commitStagedEpoch(dir);
    if (!fs::exists(dir / "train_state.json")) return;
    const std::string state_path = (dir / "train_state.json").string();
    int epochs_done = 0;
    nlohmann::json history;
    try {
        const nlohmann::json state = readJsonFile(state_path);
        const JsonObject j(state, state_path, "");
        epochs_done = j.integer("epochs_done");
        history = j.raw("history");
        if (epochs_done < 0 || !history.is_array() || history.size() != std::size_t(epochs_done))
            j.fail("history", "one entry per epoch done (" + std::to_string(epochs_done) + ")");
    } catch (const ConfigError& e) {
        throw FileError::damaged(e);
    }
    auto loaded = torch_half::loadNetwork(run.options.output);  // checks the manifest
    torch::NoGradGuard no_grad;
    auto from = loaded->state().native->parameters();
    auto to = run.net->state().native->parameters();
    for (std::size_t i = 0; i < to.size(); ++i) to[i].copy_(from[i]);
    loadOptimizerState(optimizer, (dir / "optimizer.pt").string());
    run.start_epoch = epochs_done;
    run.history = history;
}

int drawCropStart(std::mt19937_64& rng, int cols, int crop) {
    if (crop == 0 || crop >= cols) return 0;
    return std::uniform_int_distribution<int>(0, cols - crop)(rng);
}

}  // namespace

TrainReport torch_half::trainNetwork(const TrainOptions& recipe, std::ostream& log) {
    checkOptions(recipe);
    setThreads(recipe.threads);
    const auto start = Clock::now();
    auto network = initialNetwork(recipe);
    const TrainOptions o = withArchitectureOf(recipe, network->card());
    Run run{o, std::move(network), {}, {}, {}, nlohmann::json::array(), 0, ""};
    if (!o.init.empty()) run.init_hash = run.net->hash();
    const ModelCard& card = run.net->card();
    const int loaders = std::max(1, o.threads);
    run.train = loadLabelledSet(o.data_dirs, card, loaders);
    if (!o.retrain_dirs.empty()) run.retrain = loadLabelledSet(o.retrain_dirs, card, loaders);
    if (!o.val_dirs.empty()) run.val = loadLabelledSet(o.val_dirs, card, loaders);
    log << "train: " << run.train.images.size() << " scans, retrain " << run.retrain.images.size()
        << ", validation " << run.val.images.size() << "\n";

    SqueezeSeg model = run.net->state().native;
    model->drop->options.p(o.head_dropout);
    auto optimizer = makeOptimizer(o, model->parameters());
    resume(run, *optimizer);
    const torch::Tensor weights =
        torch::tensor(std::vector<float>(o.class_weights.begin(), o.class_weights.end()));
    const int cols = o.crop_cols > 0 ? std::min(o.crop_cols, card.grid.cols) : card.grid.cols;
    const int n = int(run.train.images.size());
    const int steps_per_epoch = (n + o.batch - 1) / o.batch;
    TrainReport report;
    ProgressBar bar(log, o.progress);
    for (int epoch = run.start_epoch; epoch < o.epochs; ++epoch) {
        // Seeded per epoch, so a resumed run draws what an uninterrupted one would have.
        std::mt19937_64 rng(o.seed * 1000003ull + std::uint64_t(epoch));
        torch::manual_seed(o.seed * 1000003ull + std::uint64_t(epoch));
        std::vector<int> order(static_cast<std::size_t>(n), 0);
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        model->train();
        double epoch_loss = 0.0;
        const auto epoch_start = Clock::now();
        int step = 0;
        for (; step < steps_per_epoch; ++step) {
            if (o.max_steps > 0 && report.steps >= o.max_steps) break;
            std::vector<Batch> parts;
            for (int b = 0; b < o.batch; ++b) {
                const bool from_retrain = !run.retrain.images.empty() &&
                                          std::bernoulli_distribution(o.retrain_fraction)(rng);
                const LabelledImage& ex =
                    from_retrain
                        ? run.retrain.images[std::uniform_int_distribution<std::size_t>(
                              0, run.retrain.images.size() - 1)(rng)]
                        : run.train
                              .images[std::size_t(order[std::size_t((step * o.batch + b) % n)])];
                const bool flip = o.flip && std::bernoulli_distribution(0.5)(rng);
                // Drawn only for a share strictly inside (0, 1), so that 0 and 1 leave the
                // crops and flips of a recipe without dropout as they were.
                const bool drop = o.intensity_dropout >= 1.0 ||
                                  (o.intensity_dropout > 0.0 &&
                                   std::bernoulli_distribution(o.intensity_dropout)(rng));
                parts.push_back(exampleTensors(card, ex, flip, drop,
                                               drawCropStart(rng, card.grid.cols, cols), cols));
            }
            const Batch batch = stack(parts);
            setLearningRate(*optimizer, learningRate(o, epoch, step, steps_per_epoch));
            optimizer->zero_grad();
            const torch::Tensor logits = model->forward(batch.input, batch.mask);
            const torch::Tensor loss =
                maskedWeightedCrossEntropy(logits, batch.labels, batch.mask.squeeze(1), weights);
            loss.backward();
            if (o.grad_clip > 0)
                for (auto& p : model->parameters())
                    if (p.grad().defined()) torch::nn::utils::clip_grad_norm_(p, o.grad_clip);
            optimizer->step();
            const double value = loss.item<double>();
            report.step_loss.push_back(value);
            ++report.steps;
            epoch_loss += value;
            bar.step(epoch, o.epochs, step + 1, steps_per_epoch, epoch_loss / (step + 1),
                     std::chrono::duration<double>(Clock::now() - epoch_start).count());
        }
        if (step == 0) break;
        report.epoch_loss.push_back(epoch_loss / step);
        model->eval();
        nlohmann::json entry = {{"epoch", epoch + 1}, {"loss", epoch_loss / step}};
        if (!run.val.images.empty()) {
            // Cells with a return only.
            const ConfusionMatrix m = evaluateLabelledSet(*run.net, run.val, o.batch);
            report.val_car_iou = m.iou(m.classCount() > 1 ? 1 : 0)
                                     .value_or(std::numeric_limits<double>::quiet_NaN());
            report.val_iou_by_epoch.push_back(report.val_car_iou);
            entry["val_iou"] = iouPerClassJson(m);
            log << "epoch " << epoch + 1 << ": loss " << epoch_loss / step
                << ", validation car IoU " << report.val_car_iou << "\n";
        }
        run.history.push_back(entry);
        saveEpoch(run, *optimizer, epoch, report);
        if (o.max_steps > 0 && report.steps >= o.max_steps) break;
    }
    report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return report;
}

nlohmann::json iouPerClassJson(const ConfusionMatrix& m) {
    nlohmann::json out = nlohmann::json::array();
    for (int c = 0; c < m.classCount(); ++c) {
        const std::optional<double> iou = m.iou(c);
        out.push_back(iou ? nlohmann::json(*iou) : nlohmann::json());
    }
    return out;
}

}  // namespace blindspot
