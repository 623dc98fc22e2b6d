//===- ReturnWholeAllocations.h - Results a runner can bind -----*- C++ -*-===//
//
// torch-mlir computes a batched matmul of 4-D operands (batch, heads, rows,
// cols) as a linalg.batch_matmul of their reshapes into 3-D, and returns
// the 3-D result reshaped back. Bufferized, the function returns a
// memref.expand_shape of the allocation the kernel writes. A runner binds
// whole buffers, described with the shape the function returns, so the
// allocation takes the returned shape and the kernel writes a reshape of
// it (the same row-major bytes).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_DISPATCH_RETURNWHOLEALLOCATIONS_H
#define GEMM_OPT_TRANSFORMS_DISPATCH_RETURNWHOLEALLOCATIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// For each result of `func` that is a chain of memref.expand_shape and
/// memref.collapse_shape ops (at most 8) of a static, row-major
/// memref.alloc, allocates the returned shape instead, returns that
/// allocation, and gives the old allocation's other uses the inverse
/// reshapes of it. Returns whether
/// anything changed.
bool returnWholeAllocations(RewriterBase &rewriter, func::FuncOp func);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_DISPATCH_RETURNWHOLEALLOCATIONS_H
