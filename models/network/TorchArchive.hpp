#pragma once
// Writing a LibTorch archive (weights, optimizer state) the way every other output is written:
// serialised in memory, then writeFileAtomic (temporary beside the target, renamed into place).
// Not torch::save(value, path): LibTorch 1.13's PyTorchStreamWriter finishes the file in its
// destructor and throws there when the disk is full, which terminates the process (found by
// Faults.DiskFullAndReadOnly). Torch-including: for models/ translation units only.
#include <torch/torch.h>

#include <sstream>
#include <string>
#include <type_traits>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"

namespace blindspot {

template <typename Value>
void saveTorchArchive(Value& value, const std::string& path) {
    std::ostringstream bytes;
    try {
        if constexpr (std::is_same_v<Value, torch::serialize::OutputArchive>)
            value.save_to(bytes);
        else
            torch::save(value, bytes);
    } catch (const c10::Error& e) {
        const std::string what = e.what_without_backtrace();
        throw FileError(path, "cannot serialise (" + what.substr(0, what.find('\n')) + ")");
    }
    writeFileAtomic(path, bytes.str());
}

}  // namespace blindspot
