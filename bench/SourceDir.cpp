// The one bench translation unit that knows the source tree's absolute path (see Benches.hpp).
#include "bench/Benches.hpp"

namespace blindspot::bench {

const char* sourceDir() { return BLINDSPOT_BENCH_SOURCE_DIR; }

}  // namespace blindspot::bench
