//===- BatchedLaunches.h - The batch of a batched matmul in the grid -*- C++
//-*-===//
//
// A batched matmul (linalg.batch_matmul: A B x M x K, B B x K x N, C B x M x
// N) runs every kernel of the 2-D ladder once per batch entry, with the
// batch index as blockIdx.z. The builders stay 2-D: they are handed
// *batch views*, host-side views of entry 0 of each 3-D buffer
// (`memref.cast` tagged `gemm_opt.batch_view` of a rank-reducing subview,
// typed memref<R x C, strided<[C, 1], offset: ?>>), and scratch buffers
// for copies of a batched operand get a batch dimension too
// (allocateScratchLike). distributeBatchViews then moves every launch that
// reads a batch view to grid z = batch and gives its body the same views
// at blockIdx.z (rank-reducing subviews of the 3-D buffers, of the same
// type), so the kernel arguments are the 3-D buffers and the 2-D emitters'
// code runs unchanged on its batch entry. An epilogue operand shared by a
// group of entries (a mask per sequence over its heads) or read in cycles
// (a bias per head) has fewer entries than the batch: its view records the
// span, and the launch's body takes entry z floordiv span or z mod span. A
// column or row vector per group of entries (a key-padding mask per
// sequence) or read in cycles (a column bias per head) is a 2-D buffer
// whose batch view is a 1-D vector. A C of heads (attention's output
// transposed (1, 2), [b, R, h, C]) has entry z at (z / h, 0, z % h, 0),
// rows h * C elements apart.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_BATCHEDLAUNCHES_H
#define GEMM_OPT_TRANSFORMS_EMIT_BATCHEDLAUNCHES_H

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

namespace mlir::gemm_opt {

/// Unit attribute on the host-side `memref.cast` of a batch view.
inline constexpr llvm::StringLiteral kBatchViewAttr = "gemm_opt.batch_view";

/// Integer attributes on a batch view's cast whose buffer holds one entry
/// per `span` consecutive entries of the launch's batch (entry z floordiv
/// span) or `span` entries read in turn (z mod span), and the launch's
/// batch count (which such a buffer's extent does not say).
inline constexpr llvm::StringLiteral kBatchGroupAttr = "gemm_opt.batch_group";
inline constexpr llvm::StringLiteral kBatchCycleAttr = "gemm_opt.batch_cycle";
inline constexpr llvm::StringLiteral kBatchCountAttr = "gemm_opt.batch_count";
/// Integer attribute on the batch view of a C of heads (`c_heads`,
/// attention's output transposed): the heads h of its [b, R, h, C] buffer,
/// entry z at (z / h, 0, z % h, 0) (with kBatchCountAttr = b * h).
inline constexpr llvm::StringLiteral kBatchHeadsAttr = "gemm_opt.batch_heads";

/// How a batched buffer's entry follows the launch's batch entry z: z
/// itself (span 0), z floordiv span, or z mod span (`cycle`).
struct BatchSpan {
  int64_t span = 0;
  bool cycle = false;
  /// The launch's batch count.
  int64_t count = 0;
  explicit operator bool() const { return span > 1; }
  /// The buffer's entry at the launch's entry `z`.
  Value entryAt(OpBuilder &b, Location loc, Value z) const;
};

/// The batch view of `buffer` (a static 3-D memref B x R x C): entry 0 as
/// memref<R x C, strided<[C, 1], offset: ?>>, at the builder's point; of a
/// static 2-D G x N buffer of vectors (with `span`), memref<N, strided<[1],
/// offset: ?>>.
Value createBatchView(OpBuilder &b, Location loc, Value buffer,
                      BatchSpan span = {});

/// The batch view of a static [b, R, h, C] C of heads (c_heads): entry 0
/// as memref<R x C, strided<[h * C, 1], offset: ?>>, at the builder's
/// point.
Value createHeadsBatchView(OpBuilder &b, Location loc, Value buffer);

/// The span of `view`'s batch view (none for a plain one or no view).
BatchSpan getBatchSpan(Value view);

/// The 3-D buffer behind `view` when `view` is a batch view or a host-side
/// subview / cast of one (a padded copy's logical extent); null otherwise.
Value getBatchedBuffer(Value view);

/// A new scratch buffer of `type` (2-D, identity) for a copy of `like`: a
/// plain allocation, or when `like` is batched an allocation with `like`'s
/// batch count in front and its batch view (a plain one: the copy kernel
/// writes each entry of the buffer).
Value allocateScratchLike(OpBuilder &b, Location loc, MemRefType type,
                          Value like);

/// The view a copy kernel reads or writes of `view`: for a group's view
/// (a B entry per group of entries, GemmProblem::bGroup), a plain batch
/// view of its buffer, so that the copy runs once per stored entry; `view`
/// otherwise.
Value perStoredEntry(OpBuilder &b, Location loc, Value view);

/// The view the matmul kernel reads of `scratch`, a copy of `like`
/// (allocateScratchLike): with `like`'s group when `like` is a group's
/// view, `scratch` otherwise.
Value withSpanOf(OpBuilder &b, Location loc, Value scratch, Value like);

/// `problem` with each 3-D buffer (a linalg.batch_matmul's, batch 1
/// included) replaced by its batch view (an epilogue operand's with its
/// step's span: broadcast group or cycle, or a vector's, in turn with
/// `cycle`); a 2-D problem unchanged.
GemmProblem createBatchViews(OpBuilder &b, const GemmProblem &problem);

/// Moves every launch in `func` whose body reads a batch view to grid z =
/// the batch count (its grid z must be 1, or already that) with the views
/// rebuilt at
/// blockIdx.z in its body, then erases the host-side views nothing uses.
LogicalResult distributeBatchViews(func::FuncOp func);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_BATCHEDLAUNCHES_H
