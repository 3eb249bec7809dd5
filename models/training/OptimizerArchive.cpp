#include "models/training/OptimizerArchive.hpp"

#include "core/base/Error.hpp"
#include "models/network/TorchArchive.hpp"

namespace blindspot {
namespace {

// LibTorch's own key for a parameter's state (torch/optim/optimizer.h).
std::string stateKey(const torch::Tensor& parameter) {
    return c10::guts::to_string(parameter.unsafeGetTensorImpl());
}

std::string prefix(std::size_t group, std::size_t index) {
    return "g" + std::to_string(group) + "_p" + std::to_string(index) + "_";
}

void writeState(torch::serialize::OutputArchive& archive, const std::string& k,
                torch::optim::OptimizerParamState& state) {
    if (auto* adam = dynamic_cast<torch::optim::AdamParamState*>(&state)) {
        archive.write(k + "step", torch::tensor(adam->step(), torch::kInt64));
        archive.write(k + "exp_avg", adam->exp_avg());
        archive.write(k + "exp_avg_sq", adam->exp_avg_sq());
        if (adam->max_exp_avg_sq().defined())
            archive.write(k + "max_exp_avg_sq", adam->max_exp_avg_sq());
    } else if (auto* sgd = dynamic_cast<torch::optim::SGDParamState*>(&state)) {
        archive.write(k + "momentum_buffer", sgd->momentum_buffer());
    }
}

// A fresh tensor per key: InputArchive::read set_()s a defined tensor onto the stored storage.
// Reading exp_avg into the tensor that held the int64 `step` asked the float storage for twice
// its bytes, which fails ("Trying to resize storage that is not resizable") on every Adam resume.
torch::Tensor readTensor(torch::serialize::InputArchive& archive, const std::string& key) {
    torch::Tensor t;
    archive.read(key, t);
    return t.clone();
}

std::unique_ptr<torch::optim::OptimizerParamState> readState(
    torch::serialize::InputArchive& archive, const std::string& k, bool adam) {
    torch::Tensor t;
    if (adam) {
        if (!archive.try_read(k + "step", t)) return nullptr;
        auto state = std::make_unique<torch::optim::AdamParamState>();
        state->step(t.item<std::int64_t>());
        state->exp_avg(readTensor(archive, k + "exp_avg"));
        state->exp_avg_sq(readTensor(archive, k + "exp_avg_sq"));
        torch::Tensor max_sq;  // not `t`, which holds the int64 step
        if (archive.try_read(k + "max_exp_avg_sq", max_sq)) state->max_exp_avg_sq(max_sq.clone());
        return state;
    }
    if (!archive.try_read(k + "momentum_buffer", t)) return nullptr;
    auto state = std::make_unique<torch::optim::SGDParamState>();
    state->momentum_buffer(t.clone());
    return state;
}

}  // namespace

void saveOptimizerState(torch::optim::Optimizer& optimizer, const std::string& path) {
    torch::serialize::OutputArchive archive;
    const auto& groups = optimizer.param_groups();
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (std::size_t i = 0; i < groups[g].params().size(); ++i) {
            const auto it = optimizer.state().find(stateKey(groups[g].params()[i]));
            if (it != optimizer.state().end()) writeState(archive, prefix(g, i), *it->second);
        }
    saveTorchArchive(archive, path);
}

void loadOptimizerState(torch::optim::Optimizer& optimizer, const std::string& path) {
    const bool adam = dynamic_cast<torch::optim::Adam*>(&optimizer) != nullptr;
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(path);
        const auto& groups = optimizer.param_groups();
        for (std::size_t g = 0; g < groups.size(); ++g)
            for (std::size_t i = 0; i < groups[g].params().size(); ++i) {
                auto state = readState(archive, prefix(g, i), adam);
                if (state) optimizer.state()[stateKey(groups[g].params()[i])] = std::move(state);
            }
    } catch (const std::exception& e) {
        const std::string what = e.what();
        throw FileError(path, "not an optimizer state blindspot wrote (" +
                                  what.substr(0, what.find('\n')) + ")");
    }
}

}  // namespace blindspot
