// The one test translation unit that knows absolute paths (see TestPaths.hpp).
#include "tests/TestPaths.hpp"

namespace blindspot::testing {

const char* sourceDir() { return BLINDSPOT_TEST_SOURCE_DIR; }
const char* cliPath() { return BLINDSPOT_TEST_CLI; }
const char* torchscriptFixtureDir() { return BLINDSPOT_TEST_TS_FIXTURE; }

}  // namespace blindspot::testing
