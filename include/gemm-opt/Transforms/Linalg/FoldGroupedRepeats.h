//===- FoldGroupedRepeats.h - Grouped-query heads, a B per group -*- C++
//-*-===//
//
// Grouped-query attention where stacking the query heads of a key head as
// one entry's rows is impossible (StackGroupedHeads.h declines: a mask
// over the queries, attention's output transposed (1, 2), A stored K x M)
// keeps an entry per query head and lets entry z read B entry z / r: the
// repeat of K or V becomes a canonical linalg.broadcast of the unrepeated
// tensor as [batch / r, R, C] that the matmul, tagged gemm_opt.b_group = r
// (GemmProblem.h), reads through a collapse. The first rung reads the
// broadcast's input and erases the broadcast: no kernel copies K or V.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDGROUPEDREPEATS_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDGROUPEDREPEATS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Rewrites the B of `matmul` (a linalg.batch_matmul on static tensors
/// whose B is a collapse of a repeat along the last of the batch's
/// dimensions, findRepeatedOperand) as the collapse of a linalg.broadcast
/// (dimension 1) of the repeated tensor collapsed to [batch / r, R, C],
/// and tags `matmul` with gemm_opt.b_group = r. Fails, changing nothing,
/// otherwise (`why` says what failed when non-null).
LogicalResult foldGroupedRepeat(RewriterBase &rewriter, linalg::LinalgOp matmul,
                                std::string *why = nullptr);

/// Whether `op` is the linalg.broadcast of a folded repeat: read only
/// through a collapse_shape as the B of batch matmuls tagged
/// gemm_opt.b_group (tensors or memrefs).
bool isFoldedGroupedRepeat(Operation *op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDGROUPEDREPEATS_H
