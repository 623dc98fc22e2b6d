//===- PaddedStaging.h - Copies of operands into aligned rows ---*- C++ -*-===//
//
// TMA (and 16-byte cp.async) need row strides that are multiples of 16
// bytes. A matmul whose K or N is not (4097^3, 1000x999x777 in f16/bf16)
// can still run such a kernel on copies of its operands: a copy kernel
// writes each such operand, R rows x C columns, into a scratch buffer of R
// rows x Cp columns (Cp = C rounded up to whole 16-byte chunks, the padding
// zero), and the kernel reads the logical R x C extent through a strided
// view of that buffer (`memref.subview`, row stride Cp), so bounds stay the
// logical ones and only the leading dimension changes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_PADDEDSTAGING_H
#define GEMM_OPT_TRANSFORMS_EMIT_PADDEDSTAGING_H

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

namespace mlir::gemm_opt {

/// Kind (kKernelAttr) of the launch that writes the padded copies.
inline constexpr llvm::StringLiteral kPaddedStagingKind = "matmul-pad-staging";

/// Threads per block of the copy kernel.
inline constexpr int64_t kStagingThreads = 256;

/// `elems` rounded up to whole 16-byte chunks of `elemBytes`-byte elements:
/// the leading dimension of a padded copy.
inline int64_t paddedLeadingDim(int64_t elems, int64_t elemBytes) {
  int64_t chunk = 16 / elemBytes;
  return (elems + chunk - 1) / chunk * chunk;
}

/// Builds, at the builder's insertion point in the host function, one
/// scratch allocation per operand in `operands` (2-D row-major memrefs of 2-
/// or 4-byte elements) with padded rows, and one launch (kind
/// kPaddedStagingKind) in which each thread writes one 16-byte chunk of one
/// scratch row: the source elements, zeros past the last column. Returns,
/// per operand, a view of its copy with the operand's shape and the padded
/// row stride (memref<R x C, strided<[Cp, 1]>>). With `rowMultiples` (per
/// operand, default 1) a copy also gets zero rows up to a multiple of that
/// many (a batched B's K rows: a box past K must read zeros, not the next
/// entry's rows). The builder is left after the launch.
SmallVector<Value> buildPaddedStagingCopies(KernelBuilder &b,
                                            ArrayRef<Value> operands,
                                            ArrayRef<int64_t> rowMultiples = {});

/// buildPaddedStagingCopies on A (when `stageA`) and/or B (`stageB`, its
/// rows padded to a multiple of `bRowMultiple`) of `problem`; returns the
/// problem with those operands replaced by the views of their copies
/// (shapes and bounds unchanged, padded row strides).
GemmProblem stageGemmOperands(KernelBuilder &b, const GemmProblem &problem,
                              bool stageA, bool stageB,
                              int64_t bRowMultiple = 1);

/// `problem` with each operand that is the logical view of a padded copy
/// (a `memref.subview` of its scratch allocation, from this file or
/// TransposedCopy.h) replaced by the allocation itself, the view erased:
/// for kernels that bound their accesses by the problem's extents and take
/// the row stride from the memref type (plain bare pointers).
GemmProblem readPaddedAllocations(const GemmProblem &problem);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_PADDEDSTAGING_H
