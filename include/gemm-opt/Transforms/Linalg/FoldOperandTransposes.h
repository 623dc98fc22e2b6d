//===- FoldOperandTransposes.h - Transposed operands as layouts -*- C++ -*-===//
//
// torch-mlir writes nn.Linear's x * W^T as a linalg.transpose of W feeding
// a linalg.matmul (older versions: a linalg.generic that only permutes),
// and attention's Q * K^T as a transpose of K into a linalg.batch_matmul.
// The kernels read a transposed operand in place (its indexing map says
// so), so the copy is folded into the matmul's indexing maps instead of
// running as a kernel of its own.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDTRANSPOSES_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDTRANSPOSES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Whether `op` only permutes its one input into its one init: a
/// linalg.transpose, or a linalg.generic / linalg.copy over all-parallel
/// loops with permutation maps whose body yields the input unchanged.
bool isPermutingCopy(linalg::LinalgOp op);

/// Replaces `op` (a linalg.matmul or linalg.batch_matmul) with one that
/// reads, in place of each input a permuting copy produced
/// (isPermutingCopy), the copy's source, its permutation composed into the
/// input's indexing map. On tensors the copy may have other uses; on memrefs
/// its buffer must be a memref.alloc that only the copy writes, `op` reads
/// and a dealloc frees, with no write between the two ops. The copies left
/// without a use are erased. A tensor.collapse_shape between a
/// linalg.transpose and `op` that keeps each group's dimensions together
/// moves above the transpose first (torch-mlir's 4-D K^T collapsed into a
/// batch), even when the fold then fails. Otherwise fails, changing
/// nothing, when no input is such a copy or the composed maps are no layout
/// linalg.matmul or linalg.batch_matmul expresses (whyNotMatmulContraction).
FailureOr<linalg::LinalgOp> foldOperandTransposes(RewriterBase &rewriter,
                                                  linalg::LinalgOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDOPERANDTRANSPOSES_H
