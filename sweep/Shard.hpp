#pragma once
// A shard of a sweep's design: shard i of N takes the samples whose index is i modulo N (a Slurm
// array task or a Kubernetes Indexed Job index).
#include <string>

namespace blindspot {

struct Shard {
    int index = 0;
    int count = 1;
    bool owns(std::size_t sample_index) const {
        return int(sample_index % std::size_t(count)) == index;
    }
};

/// Parses "i/N" (0 <= i < N); throws ConfigError naming --shard otherwise.
Shard parseShard(const std::string& text);

}  // namespace blindspot
