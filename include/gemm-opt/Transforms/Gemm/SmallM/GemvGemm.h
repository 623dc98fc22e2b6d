//===- GemvGemm.h - Weight-streaming kernel for a few rows of A -*- C++ -*-===//
//
// At decode (a few tokens) a matmul is a stream of the weights: every
// element of B is read once and used M times, so the time is B's bytes over
// the memory bandwidth, and a tensor-core tile of 64 or 128 rows computes
// mostly zeros while its few blocks leave most SMs idle. With B stored
// N x K (nn.Linear's weight) each column of C is M dot products over one
// contiguous row of B: one warp per column streams that row with 16-byte
// loads, keeps M vector accumulators, and reduces them across the warp.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_SMALLM_GEMVGEMM_H
#define GEMM_OPT_TRANSFORMS_GEMM_SMALLM_GEMVGEMM_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::gemm_opt {

/// Attribute name of the plan on the kernel's launch.
inline constexpr llvm::StringLiteral kGemvPlanAttr = "gemm_opt.gemv_plan";

/// Largest M the weight-streaming kernel takes. Each warp reads all M rows
/// of A for its one column, so A's traffic (from L1/L2) is M times B's:
/// measured on the H200 (results/2026-12-02-decode, bf16, nt, against
/// cuBLAS): M = 1 97-107%, M = 2 87-95%, M = 3 83%, M = 4 64%, M = 8 21-33%
/// (the wgmma tiles reach about 58% at M = 8). Several columns per warp
/// would share A's loads; until then the kernel stops at M = 3.
inline constexpr int64_t kGemvMaxRows = 3;

/// Largest M at which the heuristics prefer this kernel to the swap-AB one
/// where both apply (16-bit inputs): at M = 3 swap-AB is faster
/// (results/2026-12-04-gemv-rows); f32 inputs keep this kernel to M = 3.
inline constexpr int64_t kGemvPreferredMaxRows = 2;

struct GemvGemmPlan {
  /// Chunks of 32 x 16 bytes of B each warp has in flight (the K loop's
  /// unroll count).
  int64_t unroll = 4;
  /// Warps per block, one column of C each.
  int64_t warps = 8;

  int64_t threads() const { return 32 * warps; }
  GemvPlanAttr toAttr(MLIRContext *ctx) const;
  static GemvGemmPlan fromAttr(GemvPlanAttr attr);
  std::string str() const;
};

/// Why the weight-streaming kernel cannot compute `problem`, or "": it
/// needs M <= kGemvMaxRows, B stored N x K, A not transposed, and rows of A
/// and B (K elements) that are whole 16-byte chunks.
std::string whyNotGemv(const GemmProblem &problem);

/// Builds the kernel before `before`: ceil(N / warps) blocks of `warps`
/// warps; warp w of block x computes column n = x * warps + w of C.
gpu::LaunchOp buildGemvGemmKernel(const GemmProblem &problem,
                                  const GemvGemmPlan &plan, Operation *before);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_SMALLM_GEMVGEMM_H
