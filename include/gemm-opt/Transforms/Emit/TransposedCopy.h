//===- TransposedCopy.h - A transposed copy with padded rows ----*- C++ -*-===//
//
// TF32 wgmma reads both shared-memory operands K-major only, so the wgmma
// rung gives it B (K x N, row-major) through a transposed copy B^T (N x K)
// in scratch. The copy's rows are padded to whole 16-byte chunks, so TMA can
// load them whatever K is; consumers read the logical N x K extent through a
// strided view (as with PaddedStaging.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_TRANSPOSEDCOPY_H
#define GEMM_OPT_TRANSFORMS_EMIT_TRANSPOSEDCOPY_H

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

namespace mlir::gemm_opt {

/// Kind (kKernelAttr) of the launch that writes the transposed copy.
inline constexpr llvm::StringLiteral kTransposedCopyKind = "matmul-transpose-b";

/// Square tile of the source each block transposes, and threads per block.
inline constexpr int64_t kTransposeTile = 64;
inline constexpr int64_t kTransposeThreads = 256;

/// Builds, at the builder's insertion point in the host function, a scratch
/// allocation C x Cp for `src` (a static R x C memref of 2- or 4-byte
/// elements; Cp = R rounded up to 16 bytes) and one launch (kind
/// kTransposedCopyKind) that writes src^T into it, zeros in the padding.
/// Returns the logical C x R view of the copy (the allocation itself when
/// Cp == R). The builder is left after the launch.
Value buildTransposedCopy(KernelBuilder &b, Value src);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_TRANSPOSEDCOPY_H
