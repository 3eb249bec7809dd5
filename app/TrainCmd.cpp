// blindspot train --data DIR[,DIR...] [--val DIR] [--init CKPT] [--retrain DIR --retrain-fraction
// F]
//                 [--recipe RECIPE.json] [--epochs N] ... -o CKPT
// Flags override the recipe file; the recipe's schema is in docs/models.md.
#include <iostream>
#include <memory>
#include <optional>

#include "app/Commands.hpp"
#include "core/base/Error.hpp"
#include "core/base/HeapBuffers.hpp"
#include "core/base/Json.hpp"
#include "models/network/Network.hpp"
#include "models/training/Training.hpp"

namespace blindspot::cli {
namespace {

struct TrainArgs {
    std::string recipe;
    std::vector<std::string> data, val, retrain;
    std::string init, output;
    std::optional<double> retrain_fraction, learning_rate;
    std::optional<int> epochs, batch, threads, max_steps, crop_cols;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> optimizer;
    bool resume = false;
    bool quiet = false;
};

TrainOptions resolve(const TrainArgs& a) {
    TrainOptions o =
        a.recipe.empty() ? TrainOptions{} : trainOptionsFromJson(readJsonFile(a.recipe), a.recipe);
    if (!a.data.empty()) o.data_dirs = a.data;
    if (!a.val.empty()) o.val_dirs = a.val;
    if (!a.retrain.empty()) o.retrain_dirs = a.retrain;
    if (!a.init.empty()) o.init = a.init;
    o.output = a.output;
    o.resume = a.resume;
    o.progress = !a.quiet;
    if (a.retrain_fraction) o.retrain_fraction = *a.retrain_fraction;
    if (a.learning_rate) o.learning_rate = *a.learning_rate;
    if (a.epochs) o.epochs = *a.epochs;
    if (a.batch) o.batch = *a.batch;
    if (a.threads) o.threads = *a.threads;
    if (a.max_steps) o.max_steps = *a.max_steps;
    if (a.crop_cols) o.crop_cols = *a.crop_cols;
    if (a.seed) o.seed = *a.seed;
    if (a.optimizer) o.optimizer = *a.optimizer;
    return o;
}

void runTrain(const TrainArgs& args) {
    const TrainOptions options = resolve(args);
    keepLargeBuffersOnHeap();
    TrainReport r;
    try {
        r = trainNetwork(options, std::cerr);
    } catch (const ConfigError& e) {
        // Option checks name a recipe key; the value came from the recipe or a flag.
        throw e.within(args.recipe.empty() ? ErrorSource::flag("train")
                                           : ErrorSource::file(args.recipe));
    }
    std::cout << "trained " << r.steps << " steps in " << r.seconds << " s";
    if (!r.epoch_loss.empty()) std::cout << ", last epoch loss " << r.epoch_loss.back();
    if (r.val_car_iou >= 0) std::cout << ", validation car IoU " << r.val_car_iou;
    std::cout << " -> " << options.output << "\n";
}

}  // namespace

void setupTrainCommand(CLI::App& app, const AppContext&) {
    auto a = std::make_shared<TrainArgs>();
    CLI::App* cmd = app.add_subcommand(
        "train", "Train or fine-tune SqueezeSeg on labelled scans (SemanticKITTI layout)");
    cmd->add_option("--recipe", a->recipe, "Training recipe JSON (flags override it)");
    cmd->add_option("--data", a->data, "Training data directories")->delimiter(',');
    cmd->add_option("--val", a->val, "Validation data directories")->delimiter(',');
    cmd->add_option("--init", a->init, "Checkpoint to start from (fine-tuning)");
    cmd->add_option("--retrain", a->retrain, "Retraining set directories, mixed into each batch")
        ->delimiter(',');
    cmd->add_option("--retrain-fraction", a->retrain_fraction,
                    "Share of each batch from the retraining set");
    cmd->add_option("-o,--output", a->output, "Checkpoint directory")->required();
    cmd->add_flag("--resume", a->resume, "Continue from the output's last finished epoch");
    cmd->add_option("--epochs", a->epochs, "Epochs");
    cmd->add_option("--batch", a->batch, "Batch size");
    cmd->add_option("--lr", a->learning_rate, "Initial learning rate");
    cmd->add_option("--optimizer", a->optimizer, "sgd or adam");
    cmd->add_option("--crop-cols", a->crop_cols,
                    "Train on random crops this wide (multiple of 16)");
    cmd->add_option("--seed", a->seed, "Seed");
    cmd->add_option("--threads", a->threads, "LibTorch threads");
    cmd->add_option("--max-steps", a->max_steps, "Stop after this many steps");
    cmd->add_flag("--quiet", a->quiet, "No progress bar");
    cmd->callback([a] { runTrain(*a); });
}

}  // namespace blindspot::cli
