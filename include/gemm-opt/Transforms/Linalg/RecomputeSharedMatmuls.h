//===- RecomputeSharedMatmuls.h - A matmul per fused consumer --*- C++ -*-===//
//
// A matmul's elementwise consumer fuses into its kernel only as the result's
// one use (the kernel stores the consumer's value, not the matmul's). When
// the result is also returned or read by another op (a pre-activation kept
// beside its activation), the consumer gets a copy of the matmul of its own,
// which it fuses into; the other uses keep the original. The copy costs a
// second kernel over A and B, which the remark at the consumer says.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_RECOMPUTESHAREDMATMULS_H
#define GEMM_OPT_TRANSFORMS_LINALG_RECOMPUTESHAREDMATMULS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// When the result of `matmul` (a zero-filled matmul or batch_matmul on
/// tensors) has several uses, gives each elementwise linalg.generic reading
/// it once as an input a copy of the matmul (and of its fill), created
/// before that generic, where the generic then fuses as the copy's epilogue
/// (findEpilogueConsumer). When every use is such a generic, the first in
/// program order keeps `matmul`. Returns the number of copies made.
unsigned recomputeSharedMatmul(RewriterBase &rewriter,
                               linalg::LinalgOp matmul);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_RECOMPUTESHAREDMATMULS_H
