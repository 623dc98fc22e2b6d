//===- SwapAbGemm.h - Small-M tensor-core kernel, C^T = B A^T --*- C++ -*-===//
//
// A few tokens times a weight (nn.Linear at decode and short prefill): the
// time is B's bytes over the memory bandwidth, but at M >= 4 the
// weight-streaming kernel's warps re-read A's rows once per column, and a
// tensor-core tile of 64 or more rows of A computes mostly padding. Here
// the operands swap roles: mma.sync m16n8k16 takes 16 rows of B (columns of
// C) as its 16-row operand and 8 rows of A as its 8-column one, and C is
// written transposed. The fragments come straight from global memory in
// 16-byte loads (no shared memory): B stored N x K is K-contiguous as the
// fragments are; B stored K x N is read along N, 8 rows of K per lane, and
// paired in registers. Each element of B is read once; A's rows are read
// once per 16 * row_tiles rows of B.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_SMALLM_SWAPABGEMM_H
#define GEMM_OPT_TRANSFORMS_GEMM_SMALLM_SWAPABGEMM_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::gemm_opt {

/// Attribute name of the plan on the kernel's launch.
inline constexpr llvm::StringLiteral kSwapAbPlanAttr = "gemm_opt.swap_ab_plan";

/// Largest M the kernel takes: 8 tiles of 8 rows of A (32 accumulators per
/// 16 rows of B per lane).
inline constexpr int64_t kSwapAbMaxRows = 64;

/// Largest M for which the heuristics choose the kernel over tensor-core
/// tiles of A's rows, with B stored N x K and K x N. Measured on the H200
/// (bf16, against cuBLAS): with B stored K x N the suite's M = 32 layers
/// at 64% against the tiles' 65% (results/2026-12-02-suite-small-m); with
/// B stored N x K the kernel as it is now (88 registers at two row tiles)
/// reaches 43-55% at M = 32 where the wgmma rung's 64-row tiles reach
/// 71-102% (results/2026-12-02-mid-m-variants), so 16 rows both ways.
inline constexpr int64_t kSwapAbHeuristicMaxRowsNT = 16;
inline constexpr int64_t kSwapAbHeuristicMaxRowsNN = 16;

struct SwapAbGemmPlan {
  /// Warps per block; they split K and sum their partial results.
  int64_t kWarps = 8;
  /// Tiles of 16 rows of B (columns of C) per block.
  int64_t rowTiles = 1;
  /// Steps of 64 elements of K each warp has in flight (the K loop's
  /// unroll count).
  int64_t unroll = 2;

  int64_t threads() const { return 32 * kWarps; }
  int64_t rowsOfB() const { return 16 * rowTiles; }
  /// Dynamic shared memory for the sum over the warps, for `m` rows of A.
  int64_t sharedBytes(int64_t m) const;
  /// Why the plan cannot compute `problem` (row tiles beyond
  /// largestSwapAbRowTiles), or "".
  std::string validate(const GemmProblem &problem) const;
  SwapAbPlanAttr toAttr(MLIRContext *ctx) const;
  static SwapAbGemmPlan fromAttr(SwapAbPlanAttr attr);
  std::string str() const;
};

/// Why the kernel cannot compute `problem`, or "": it needs M <=
/// kSwapAbMaxRows, A stored M x K in rows (K elements) of whole 16-byte
/// chunks, f16 or bf16 for both operands, and with B stored K x N an even
/// N.
std::string whyNotSwapAb(const GemmProblem &problem);

/// The most row tiles a plan may have for `problem`: with B stored K x N
/// each lane reads 2 * row_tiles columns of a row of B in one load, so
/// 2 * row_tiles must divide N; 4 with B stored N x K.
int64_t largestSwapAbRowTiles(const GemmProblem &problem);

/// Builds the kernel before `before`: ceil(N / (16 * row_tiles)) blocks of
/// k_warps warps.
gpu::LaunchOp buildSwapAbGemmKernel(const GemmProblem &problem,
                                    const SwapAbGemmPlan &plan,
                                    Operation *before);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_SMALLM_SWAPABGEMM_H
