#pragma once
// Large buffers on the heap instead of fresh mmap()s. glibc hands out blocks above its mmap
// threshold (128 kB, rising to at most 32 MB) as new mappings and returns them on free, so every
// such block is page-faulted in again on its next use; on this project's virtual machines a page
// fault is dear. The activations of a 64 x 512 batch and the 0.5 MB frames of an external
// network's batch are such blocks: re-faulting them cost a fifth of training time, and two thirds
// of a persistent worker's time per batch of 8 (docs/models.md). Threads share one arena, whose
// freed memory stays too. Process-wide; the application calls it once, before its threads start.
namespace blindspot {

void keepLargeBuffersOnHeap();

}  // namespace blindspot
