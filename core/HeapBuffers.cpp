#include "core/HeapBuffers.hpp"

#include <malloc.h>

namespace blindspot {

void keepLargeBuffersOnHeap() {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);  // 1 GB: nothing we allocate is mapped on its own
    mallopt(M_TRIM_THRESHOLD, 1 << 30);  // and freed memory is kept for the next batch
}

}  // namespace blindspot
