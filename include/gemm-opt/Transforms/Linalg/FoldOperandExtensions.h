//===- FoldOperandExtensions.h - Widened operands read narrow ---*- C++ -*-===//
//
// torch-mlir writes `x.float() @ w.float()` (and autocast's casts) as a
// linalg.generic that extends each 16-bit operand to f32, then an f32
// matmul. Products of two f16 or two bf16 values are exact in f32, so the
// matmul of the extended operands is the matmul of the 16-bit ones
// accumulating in f32: the tensor-core kernels' problem, not an f32 one.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDEXTENSIONS_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDEXTENSIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Replaces `op` (a linalg.matmul or linalg.batch_matmul on tensors with
/// f32 inputs) by the same op on the 16-bit values its inputs extend, when
/// each input is produced by an elementwise linalg.generic (identity maps)
/// whose body only extends its input with arith.extf, and both come from
/// one 16-bit type. The extensions left without a use are erased. Fails,
/// changing nothing, otherwise.
FailureOr<linalg::LinalgOp> foldOperandExtensions(RewriterBase &rewriter,
                                                  linalg::LinalgOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDEXTENSIONS_H
