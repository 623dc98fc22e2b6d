//===- StackGroupedHeads.h - Grouped-query heads as stacked rows -*- C++ -*-===//
//
// Grouped-query attention repeats each key / value head for the query
// heads that share it (torch's repeat_kv: K [b, g, s, d] broadcast to
// [b, g, r, s, d], collapsed to [b, g * r, s, d]) before the batch matmul
// over b * g * r entries. The r query heads of one key head read the same
// matrix, so they are one entry of a batch matmul over b * g entries whose
// A stacks their rows (Q [b * g * r, q, d] read as [b * g, r * q, d]) and
// whose B is the key head itself: no repeated copy, and the r heads share
// each B tile. The result [b * g, r * q, n] is the same buffer as the
// original [b * g * r, q, n].
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_STACKGROUPEDHEADS_H
#define GEMM_OPT_TRANSFORMS_LINALG_STACKGROUPEDHEADS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// A batch matmul's B that repeats a tensor for groups of consecutive
/// entries.
struct RepeatedOperand {
  /// The linalg.generic or linalg.broadcast repeating `source` along one of
  /// its loops.
  linalg::LinalgOp repeat;
  Value source;
  int64_t repeats = 0;
};

/// The repeat behind `b` (a chain of tensor.collapse_shape ops of a
/// repeating op's result, static) when the collapses merge the dimensions
/// up to the repeated one into the batch and keep the last two, and the
/// repeat is along the batch's last dimension: the entries that read one
/// matrix are consecutive. Fails otherwise.
FailureOr<RepeatedOperand> findRepeatedOperand(Value b);

/// `source` (a static tensor of rank 2 or more) as [entries, R, C]: its
/// leading dimensions collapsed, or a batch of one.
Value collapseToEntries(OpBuilder &b, Location loc, Value source);

/// Erases the collapses of a repeat that `b` is and the repeat (with its
/// tensor.empty) when nothing reads them any more.
void eraseUnreadRepeat(RewriterBase &rewriter, Value b);

/// Whether `op` repeats its one input along one loop: a linalg.broadcast
/// adding one dimension, or a linalg.generic copying its input element to
/// every output element, reading it through the other loops in order
/// (leaving the loop out, or reading a unit dimension there at 0).
bool isRepeatOfTensor(linalg::LinalgOp op);

/// Rewrites `matmul` (a linalg.batch_matmul on static tensors, A stored
/// M x K per entry) whose B is a collapse of a linalg.generic or
/// linalg.broadcast repeating a tensor along the last of the batch's
/// dimensions (r repeats; the generic leaves the loop out, or reads a unit
/// dimension there at 0) as the
/// batch matmul of A's entries stacked r at a time into rows, B the
/// repeated tensor collapsed, from a zero fill like the original's. Its
/// elementwise consumer (the epilogue gemm-fuse-epilogue-chains left: one
/// generic over the matmul's loops reading its result) moves with it when
/// every other input reads alike in stacked rows: C's shape (reshaped like
/// C), no batch or row loop (a scalar, a column vector), or a column vector
/// per group of S entries with r dividing S. The result is reshaped back to
/// the original's shape for its users. Fails, changing nothing, otherwise
/// (`why` says what failed when non-null).
LogicalResult stackGroupedHeads(RewriterBase &rewriter, linalg::LinalgOp matmul,
                                std::string *why = nullptr);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_STACKGROUPEDHEADS_H
