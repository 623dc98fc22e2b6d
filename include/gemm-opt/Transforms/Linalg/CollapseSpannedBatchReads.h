//===- CollapseSpannedBatchReads.h - Partial batch reads collapsed -*- C++ -*-===//
//
// torch-mlir adds an attention mask per sequence ([b, 1, q, k]) or a bias
// per head ([1, h, q, k]) to the [b, h, q, k] scores that a batch matmul of
// b * h entries computed: the add reads the batch's (b, h) loops in part,
// which no collapse of projected permutations folds. This collapses such a
// generic onto the matmul's shape anyway, reading the partial loops through
// floordiv / mod of the collapsed one: (z floordiv h, i, j) on [b, q, k],
// (z mod h, i, j) on [h, q, k].
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_COLLAPSESPANNEDBATCHREADS_H
#define GEMM_OPT_TRANSFORMS_LINALG_COLLAPSESPANNEDBATCHREADS_H

#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir::gemm_opt {

/// Adds the pattern that collapses a static elementwise linalg.generic on
/// tensors, reading through an identity map a tensor.expand_shape for which
/// `collapsible` holds, onto the expand's source shape when one of its
/// inputs reads a run of the loops of one expanded group (not all of them,
/// so that upstream's collapse by reshape folding declines). Each input
/// reading loops of a group reads a contiguous run of them in order, else
/// the pattern does not apply.
void populateCollapseSpannedBatchReadsPatterns(
    RewritePatternSet &patterns,
    std::function<bool(OpOperand *)> collapsible);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_COLLAPSESPANNEDBATCHREADS_H
