#pragma once
// --label-set, shared by the commands that write SemanticKITTI-layout datasets (generate, export).
#include <CLI/CLI.hpp>
#include <map>
#include <string>

#include "core/segmentation/LabelSet.hpp"

namespace blindspot::cli {

inline CLI::Option* addLabelSetOption(CLI::App* cmd, LabelSet& set) {
    const std::map<std::string, LabelSet> names = {{"matlab", LabelSet::kMatlab},
                                                   {"semantickitti", LabelSet::kSemanticKitti}};
    return cmd
        ->add_option("--label-set", set,
                     "Ids in the .label files: matlab (the MATLAB palette) or semantickitti "
                     "(SemanticKITTI raw ids: car 10, road 40, ...)")
        ->transform(CLI::CheckedTransformer(names))
        ->default_str("matlab");
}

}  // namespace blindspot::cli
