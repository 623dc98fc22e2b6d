//===- Timing.h - CUDA-event timing of launch sequences ---------*- C++ -*-===//
//
// The timing loops of Bench.cpp (the method is documented in Bench.h):
// warm-up, then event pairs around each measured launch sequence on the
// null stream, summarised by median, min and max.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_TIMING_H
#define GEMM_OPT_RUNTIME_TIMING_H

#include "gemm-opt/Runtime/CudaDriver.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <utility>

namespace gemm_opt::runtime {

/// Milliseconds.
struct Timing {
  double median = 0, min = 0, max = 0;
};

/// Enqueues the launches to time on buffer set `set`.
using EnqueueFn = llvm::function_ref<void(size_t set)>;

/// Warm-up, then `repeat` event-timed calls of enqueue(set), rotating sets.
Timing timeSequences(CudaDriver &drv, int warmup, int repeat, size_t sets, EnqueueFn enqueue);

/// Warm-up (alternating), then `repeat` rounds of enqueueA(set) and
/// enqueueB(set'), each between its own pair of events. One set counter runs
/// across both sides (A on set 2i, B on set 2i+1, modulo `sets`), so each
/// launch reads a different set than the one before it, as back-to-back
/// rotation does.
std::pair<Timing, Timing> timeInterleaved(CudaDriver &drv, int warmup, int repeat, size_t sets, EnqueueFn enqueueA,
                                          EnqueueFn enqueueB);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_TIMING_H
