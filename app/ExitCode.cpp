#include "app/ExitCode.hpp"

#include "app/App.hpp"
#include "core/base/Error.hpp"

namespace blindspot::cli {

Failure failureOf(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const GateFailed& e) {
        return {6, std::string("error: ") + e.what()};
    } catch (const ConfigError& e) {
        return {3, std::string("error: ") + e.what()};
    } catch (const FileError& e) {
        return {4, std::string("error: ") + e.what()};
    } catch (const BackendError& e) {
        return {5, std::string("error: ") + e.what()};
    } catch (const std::exception& e) {
        return {1, std::string("internal error: ") + e.what()};
    } catch (...) {
        return {1, "internal error: unknown exception"};
    }
}

}  // namespace blindspot::cli
