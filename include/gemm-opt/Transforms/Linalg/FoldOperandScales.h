//===- FoldOperandScales.h - An operand's scale as an epilogue --*- C++ -*-===//
//
// Attention scales Q before Q K^T in many frontends (q * head_dim^-0.5):
// an elementwise multiply (or divide) of a matmul's operand by a constant,
// which no kernel computes on its own. (s A) B = s (A B): the matmul reads
// the operand unscaled and multiplies its result instead, a step that
// gemm-fuse-epilogue-chains fuses into the kernel's epilogue (in f32, one
// rounding fewer than scaling a 16-bit operand).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDSCALES_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDSCALES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// When an input of `op` (a linalg.matmul or linalg.batch_matmul on
/// tensors) is the only use of an elementwise linalg.generic that
/// multiplies or divides one tensor of the operand's type by a constant,
/// makes `op` read that tensor and scales its result by a linalg.generic
/// after it, which takes the result's place in every use. Returns that
/// generic; fails, changing nothing, otherwise.
FailureOr<linalg::GenericOp> foldOperandScale(RewriterBase &rewriter,
                                              linalg::LinalgOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDSCALES_H
