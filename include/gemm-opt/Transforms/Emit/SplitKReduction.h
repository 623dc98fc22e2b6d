//===- SplitKReduction.h - The deterministic split-K reduction --*- C++ -*-===//
//
// A split-K matmul writes one f32 partial product per split; a second
// kernel sums them into C. It sums in split order, so the result does not
// depend on which split finished first. Built by the SIMT warptile rung
// and by the split-K transformation of any matmul launch
// (Gpu/SplitK.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_SPLITKREDUCTION_H
#define GEMM_OPT_TRANSFORMS_EMIT_SPLITKREDUCTION_H

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

namespace mlir::gemm_opt {

/// Kind (kKernelAttr) of the launch that sums split-K partials into C.
inline constexpr llvm::StringLiteral kSplitKReduceKind = "matmul-splitk-reduce";

/// What the reduction kernel reads and writes.
struct SplitKReduction {
  /// f32 partials, `splits * m` rows of `ldPartials` (a multiple of 4)
  /// columns: split z's partial of C[r][c] at row z * m + r, column c.
  Value partials;
  /// The m x n result (f32, f16 or bf16), row-major.
  Value c;
  int64_t m, n, ldPartials, splits;
  /// C += the sum (instead of C = the sum).
  bool accumulate;
  /// Wait for the matmul grid's partials with griddepcontrol.wait (for a
  /// programmatic dependent launch, sm_90 on); else the stream orders the
  /// two launches.
  bool programmatic;
  /// The matmul whose fused epilogue (if any) the sums get before they are
  /// stored (the partials never do).
  const struct GemmProblem *epilogue = nullptr;
};

/// Builds the reduction launch (kind kSplitKReduceKind) at the builder's
/// insertion point in the host function.
gpu::LaunchOp buildSplitKReduction(KernelBuilder &b, const SplitKReduction &r);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_SPLITKREDUCTION_H
