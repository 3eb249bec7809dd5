#include "sweep/Shard.hpp"

#include <stdexcept>

#include "core/Error.hpp"

namespace blindspot {

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    const std::string expected = "expected i/N with 0 <= i < N (e.g. 0/4), got \"" + text + "\"";
    if (slash == std::string::npos) throw ConfigError(ErrorSource::flag("--shard"), expected);
    try {
        std::size_t a = 0, b = 0;
        const int i = std::stoi(text.substr(0, slash), &a),
                  n = std::stoi(text.substr(slash + 1), &b);
        if (a != slash || b != text.size() - slash - 1 || n < 1 || i < 0 || i >= n)
            throw std::invalid_argument(text);
        return {i, n};
    } catch (const std::exception&) {
        throw ConfigError(ErrorSource::flag("--shard"), expected);
    }
}

}  // namespace blindspot
