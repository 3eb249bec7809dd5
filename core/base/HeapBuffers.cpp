#include "core/base/HeapBuffers.hpp"

#include <malloc.h>

namespace blindspot {

void keepLargeBuffersOnHeap() {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);  // 1 GB: nothing we allocate is mapped on its own
    mallopt(M_TRIM_THRESHOLD, 1 << 30);  // and freed memory is kept for the next batch
    // One arena for every thread. A sweep worker thread's arena grows in 64 MB heaps that glibc
    // unmaps as soon as they are empty, whatever the trim threshold, so each forward pass
    // page-faulted its activations in again: 19 % of a bf16 paper sweep's CPU samples were in the
    // kernel, 6 % with one arena, and the sweep took 18 % fewer samples. The arena's lock is
    // taken a few hundred times per scene.
    mallopt(M_ARENA_MAX, 1);
}

}  // namespace blindspot
