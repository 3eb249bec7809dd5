#pragma once
// The optimizer's state in a file whose bytes depend on the state alone (issue 19). LibTorch
// 1.13's torch::save(optimizer) keys each parameter's state by its TensorImpl address and writes
// the states in hash-map order, so one state saved by two processes gives two different files and
// a resumed training never reproduces its checkpoint. Here the state goes by parameter position
// (group g, parameter i), Adam's step, exp_avg, exp_avg_sq (and max_exp_avg_sq with amsgrad) or
// SGD's momentum buffer. Torch-including: for models/ translation units only.
#include <torch/torch.h>

#include <string>

namespace blindspot {

/// Writes the per-parameter state atomically (a FileError names `path` when it cannot).
void saveOptimizerState(torch::optim::Optimizer& optimizer, const std::string& path);
/// Restores what saveOptimizerState wrote into an optimizer over the same parameters. Throws
/// FileError naming `path` for a file that is not such an archive.
void loadOptimizerState(torch::optim::Optimizer& optimizer, const std::string& path);

}  // namespace blindspot
