//===- SoftmaxHeuristics.h - Choosing softmax kernel plans ------*- C++ -*-===//
//
// The choices of threads, rows per block, vector width and where the row
// lives, per rung, kept apart from the kernel builders (SoftmaxKernels.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_HEURISTICS_SOFTMAXHEURISTICS_H
#define GEMM_OPT_TRANSFORMS_HEURISTICS_SOFTMAXHEURISTICS_H

#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"

#include <optional>

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
  /// SMs the grid should fill (the chip's).
  int64_t numSMs = 132;
};

/// The limits from the rung passes' options on `chip` (shared memory at
/// most what the chip gives a block besides the reduction slots), or an
/// error at `at` when they are out of range.
FailureOr<SoftmaxLimits> makeSoftmaxLimits(Operation *at, const ChipInfo &chip,
                                           int64_t maxThreads,
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

/// How softmax-rows may split a row over a thread-block cluster.
struct SoftmaxClusterOptions {
  /// Blocks per row: 0 lets the heuristics choose (a cluster only for rows
  /// too long for one block's registers), 1 never uses a cluster, 2..8
  /// forces that cluster size for every row.
  int64_t clusterSize = 0;
  /// Streaming multiprocessors to fill (132 on the H200).
  int64_t smCount = 132;
  /// Rows each cluster processes in a software pipeline (SoftmaxPlan::
  /// pipelineRows): 0 lets the heuristics choose, 1 never pipelines, >= 2
  /// pipelines that many rows per cluster (cluster plans only).
  int64_t pipelineRows = 0;
  /// Threads per block of a cluster plan: 0 lets the heuristics choose,
  /// else a power of two, 32..1024.
  int64_t blockThreads = 0;
  /// exp with `ex2.approx.ftz.f32`: -1 lets the heuristics choose, 0 no,
  /// 1 yes (softmax-rows plans only).
  int64_t ftzExp = -1;
  /// Blocks of a cluster plan meant to share an SM (needs blockThreads):
  /// the kernel's register cap becomes 65536 / (blocks x threads), so that
  /// one block's loads overlap the others' reductions and stores; 0 lets
  /// the heuristics choose.
  int64_t blocksPerSm = 0;
};

/// The cluster options from softmax-rows' options on `chip`, or an error at
/// `at`. Clusters need sm_90: below it the heuristics never choose one, and
/// a forced cluster size is an error naming the chip. smCount -1 = the
/// chip's.
FailureOr<SoftmaxClusterOptions>
makeSoftmaxClusterOptions(Operation *at, const ChipInfo &chip,
                          int64_t clusterSize, int64_t smCount,
                          int64_t pipelineRows = 0, int64_t blockThreads = 0,
                          int64_t ftzExp = -1, int64_t blocksPerSm = 0);

/// Rung softmax-rows: the mapping follows the row length (sub-warp, warp,
/// multi-warp or whole block per row; several rows per block when short; a
/// cluster of blocks per row, through distributed shared memory, when the
/// row is too long for one block's registers). Fails, after an error at
/// `at`, when a forced cluster size cannot hold the row in registers.
FailureOr<SoftmaxPlan> chooseRowsPlan(Operation *at, const SoftmaxProblem &p,
                                      const SoftmaxLimits &limits,
                                      int64_t targetBlockThreads,
                                      const SoftmaxClusterOptions &cluster);

/// The cluster plan of softmax-rows with `clusterSize` blocks per row (each
/// keeping its slice of the row in registers), or none when the slices are
/// too long for one block's registers. With pipelineRows > 1 each cluster
/// processes that many rows and a thread keeps two rows' slices (the one
/// being reduced and written, the next one being loaded), so a slice gets
/// half the register budget. blockThreads > 0 fixes the threads per block
/// (the register budget per thread grows as the block shrinks: ptxas may
/// give a block of T threads 65536 / T registers per thread); 0 takes as
/// few threads as hold the slice, as many as 1024. blocksPerSm > 0 (with
/// blockThreads) caps the registers so that that many blocks share an SM
/// and fails when the slice does not fit under the cap.
std::optional<SoftmaxPlan>
chooseClusterPlan(const SoftmaxProblem &p, const SoftmaxLimits &limits,
                  int64_t clusterSize, int64_t pipelineRows = 1,
                  int64_t blockThreads = 0, int64_t blocksPerSm = 0);

/// Largest power-of-two number of elements, at most 16 bytes, dividing
/// `cols` (1 when cols is odd).
int64_t chooseVectorWidth(int64_t cols, int64_t elemBytes);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_HEURISTICS_SOFTMAXHEURISTICS_H
