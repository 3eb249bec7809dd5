#pragma once
// The one mapping from errors to a one-line message on stderr and an exit code (README.md):
//   0 success, 1 unexpected internal error, 2 usage error, 3 bad configuration or input value,
//   4 file error, 5 ray-casting backend error, 6 regression gate failed (report --fail-on-drop).
#include <exception>
#include <string>

namespace blindspot::cli {

struct Failure {
    int exit_code = 1;
    std::string message;  ///< one line, without the newline
};

/// The exit code and message for an error thrown by a command (not CLI11's parse errors).
Failure failureOf(const std::exception_ptr& error);

}  // namespace blindspot::cli
