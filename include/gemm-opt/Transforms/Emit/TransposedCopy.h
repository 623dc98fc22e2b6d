//===- TransposedCopy.h - A transposed copy with padded rows ----*- C++ -*-===//
//
// TF32 wgmma reads both shared-memory operands K-major only, so the wgmma
// rung gives it B (K x N, row-major) through a transposed copy B^T (N x K)
// in scratch. Likewise an operand stored transposed (A as K x M, B as N x K)
// reaches a kernel written for row-major A and B through its transposed
// copy (transposeGemmOperands). The copy's rows are padded to whole 16-byte
// chunks, so TMA can load them whatever K is; consumers read the logical
// extent through a strided view (as with PaddedStaging.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_TRANSPOSEDCOPY_H
#define GEMM_OPT_TRANSFORMS_EMIT_TRANSPOSEDCOPY_H

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

namespace mlir::gemm_opt {

/// Kinds (kKernelAttr) of the launches that write transposed copies of B
/// and of A.
inline constexpr llvm::StringLiteral kTransposedCopyKind = "matmul-transpose-b";
inline constexpr llvm::StringLiteral kTransposedCopyAKind =
    "matmul-transpose-a";

/// Square tile of the source each block transposes, and threads per block.
inline constexpr int64_t kTransposeTile = 64;
inline constexpr int64_t kTransposeThreads = 256;

/// Builds, at the builder's insertion point in the host function, a scratch
/// allocation C x Cp for `src` (a static R x C memref of 2- or 4-byte
/// elements; Cp = R rounded up to 16 bytes) and one launch (kind
/// kTransposedCopyKind) that writes src^T into it, zeros in the padding.
/// Returns the logical C x R view of the copy (the allocation itself when
/// Cp == R). The builder is left after the launch.
Value buildTransposedCopy(KernelBuilder &b, Value src,
                          StringRef kind = kTransposedCopyKind);

/// `problem` with its operands stored transposed replaced by transposed
/// copies (buildTransposedCopy, rows padded to 16 bytes), so that a kernel
/// for row-major A (M x K) and B (K x N) computes it: A (stored K x M) by
/// an M x K copy, B (stored N x K) by a K x N copy unless `keepB` (a kernel
/// that reads B K-major as it is stored). The operands become the logical
/// views of the copies (readPaddedAllocations gives the allocations).
GemmProblem transposeGemmOperands(KernelBuilder &b, const GemmProblem &problem,
                                  bool keepB);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_TRANSPOSEDCOPY_H
