//===- SoftmaxHeuristics.h - Choosing softmax kernel plans ------*- C++ -*-===//
//
// The choices of threads, rows per block, vector width and where the row
// lives, per rung, kept apart from the kernel builders (SoftmaxKernels.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_SOFTMAXHEURISTICS_H
#define GEMM_OPT_TRANSFORMS_SOFTMAXHEURISTICS_H

#include "gemm-opt/Transforms/SoftmaxKernels.h"

namespace mlir::gemm_opt {

/// Limits the heuristics work under.
struct SoftmaxLimits {
  /// Most threads per block.
  int64_t maxThreads = 1024;
  /// Most f32 row elements a thread keeps in registers (ptxas must not
  /// spill at maxThreads threads, i.e. 64 registers per thread).
  int64_t maxRegisterElems = 32;
  /// Most dynamic shared memory per block for a shared-memory-resident row.
  int64_t maxSharedBytes = 160 * 1024;
};

/// The limits from the rung passes' options, or an error at `at` when they
/// are out of range.
FailureOr<SoftmaxLimits> makeSoftmaxLimits(Operation *at, int64_t maxThreads,
                                           int64_t maxRegisterElems,
                                           int64_t maxSharedBytes);

/// Rung softmax-3pass / softmax-fused: one block of `blockThreads` threads
/// (fewer for short rows) per row, scalar accesses.
SoftmaxPlan chooseThreePassPlan(const SoftmaxProblem &p, int64_t blockThreads);
SoftmaxPlan chooseFusedPlan(const SoftmaxProblem &p, int64_t blockThreads);

/// Rung softmax-online (vectorize = false: scalar accesses, shared-memory
/// tree) and softmax-vector (vectorize = true: 16-byte accesses, shuffles):
/// a block per row, the row in registers, else shared memory, else re-read.
SoftmaxPlan chooseBlockPerRowPlan(const SoftmaxProblem &p,
                                  const SoftmaxLimits &limits, bool vectorize);

/// Rung softmax-rows: the mapping follows the row length (sub-warp, warp,
/// multi-warp or whole block per row; several rows per block when short).
SoftmaxPlan chooseRowsPlan(const SoftmaxProblem &p, const SoftmaxLimits &limits,
                           int64_t targetBlockThreads);

/// Largest power-of-two number of elements, at most 16 bytes, dividing
/// `cols` (1 when cols is odd).
int64_t chooseVectorWidth(int64_t cols, int64_t elemBytes);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_SOFTMAXHEURISTICS_H
