//===- FoldResultTransposes.h - A transposed result as the matmul of B, A -===//
//
// A matmul whose result only feeds a transpose (torch's (x @ w).t(), or
// matmul(a, b).transpose(-2, -1) on a batch) computes C^T = B^T A^T: the
// matmul of B and A, each read in place in its layout, written straight
// into the transpose's output instead of a copy kernel after it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDRESULTTRANSPOSES_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDRESULTTRANSPOSES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Replaces `copy` (a permuting copy, isPermutingCopy, on tensors) whose
/// input is the result of a linalg.matmul or linalg.batch_matmul with no
/// other use, starting from a zero linalg.fill, by that matmul with its
/// result's permutation composed into C's indexing map, from a zero fill of
/// the copy's output, as the named op that computes it (the matmul of B and
/// A for a transposed C). Elementwise linalg.generic ops between the two
/// (a bias add, an activation, a cast: each result used once, every input
/// but the one carrying the matmul's value a broadcast or a scalar) move
/// below the copy: they write the permuted layout, the last one the copy's
/// output, reading their broadcasts through the inverse permutation. The
/// ops left unused are erased. Fails, changing nothing, otherwise, or when
/// the composed maps are no layout the named ops express (a B shared by
/// every batch entry, a permutation that moves the batch).
FailureOr<linalg::LinalgOp> foldResultTranspose(RewriterBase &rewriter,
                                                linalg::LinalgOp copy);

/// Rewrites `transpose` (on tensors) of a tensor.expand_shape (its only
/// use, of a static source) as the expand of a transpose of the source,
/// when the permutation keeps each group of the expand together and in
/// order (torch's 4-D matmul(a, b).transpose(-2, -1): the batch_matmul's
/// result expanded to batch x heads, then its last two dimensions
/// swapped). Returns the new transpose, which foldResultTranspose may then
/// fold; fails, changing nothing, otherwise.
FailureOr<linalg::TransposeOp>
transposeBeforeExpand(RewriterBase &rewriter, linalg::TransposeOp transpose);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDRESULTTRANSPOSES_H
