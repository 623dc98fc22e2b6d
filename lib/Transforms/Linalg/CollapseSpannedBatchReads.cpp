//===- CollapseSpannedBatchReads.cpp - Partial batch reads collapsed ------===//
//
// A mask per sequence [b, 1, q, k] added to the scores [b, h, q, k] of a
// batch matmul over b * h entries: the add is collapsed onto the matmul's
// [b * h, q, k] and reads the mask [b, q, k] through (z floordiv h, i, j),
// which gemm-opt's epilogue matcher reads as broadcast "group"; a bias per
// head [h, q, k] through (z mod h, i, j), broadcast "cycle".
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Linalg/CollapseSpannedBatchReads.h"

#include "gemm-opt/Support/Debug.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-epilogue"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
/// One operand's read of the collapsed loops: its dimensions grouped (the
/// collapse of its type) and an expression of the collapsed loops for each
/// group.
struct CollapsedRead {
  SmallVector<ReassociationIndices> dims;
  SmallVector<AffineExpr> exprs;
  /// Whether a group of loops is read in part.
  bool partial = false;
};
} // namespace

/// How `map` (of loops `loopSizes` grouped as `groups`) reads the collapsed
/// loops: each result a loop, a run of one group's loops in order becoming
/// one dimension, (g floordiv (the loops after the run)) mod (the run's).
static FailureOr<CollapsedRead>
collapseRead(AffineMap map, ArrayRef<ReassociationIndices> groups,
             ArrayRef<int64_t> loopSizes) {
  MLIRContext *ctx = map.getContext();
  SmallVector<int64_t> groupOf(map.getNumDims()), placeOf(map.getNumDims());
  for (auto [g, group] : llvm::enumerate(groups))
    for (auto [place, loop] : llvm::enumerate(group)) {
      groupOf[loop] = g;
      placeOf[loop] = place;
    }
  CollapsedRead read;
  int64_t n = map.getNumResults();
  for (int64_t r = 0; r < n; ++r) {
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(r));
    if (!dim)
      return failure();
    const ReassociationIndices &group = groups[groupOf[dim.getPosition()]];
    int64_t first = placeOf[dim.getPosition()], last = first;
    ReassociationIndices dims = {r};
    while (r + 1 < n && last + 1 < static_cast<int64_t>(group.size()) &&
           map.getResult(r + 1) == getAffineDimExpr(group[last + 1], ctx)) {
      dims.push_back(++r);
      ++last;
    }
    int64_t inner = 1, run = 1;
    for (int64_t place = last + 1; place < static_cast<int64_t>(group.size());
         ++place)
      inner *= loopSizes[group[place]];
    for (int64_t place = first; place <= last; ++place)
      run *= loopSizes[group[place]];
    AffineExpr e = getAffineDimExpr(groupOf[dim.getPosition()], ctx);
    if (inner > 1)
      e = e.floorDiv(inner);
    if (first > 0)
      e = e % run;
    read.partial |= inner > 1 || first > 0;
    read.dims.push_back(dims);
    read.exprs.push_back(e);
  }
  return read;
}

namespace {
struct CollapseSpannedBatchReads : OpRewritePattern<linalg::GenericOp> {
  CollapseSpannedBatchReads(MLIRContext *ctx,
                            std::function<bool(OpOperand *)> collapsible)
      : OpRewritePattern(ctx, /*benefit=*/2),
        collapsible(std::move(collapsible)) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override;

  std::function<bool(OpOperand *)> collapsible;
};
} // namespace

/// The expand_shape `op` reads through an identity map, for which
/// `collapsible` holds, or null.
static tensor::ExpandShapeOp
findExpandedInput(linalg::GenericOp op,
                  const std::function<bool(OpOperand *)> &collapsible) {
  for (OpOperand *input : op.getDpsInputOperands())
    if (op.getMatchingIndexingMap(input).isIdentity() && collapsible(input))
      if (auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>())
        return expand;
  return {};
}

LogicalResult
CollapseSpannedBatchReads::matchAndRewrite(linalg::GenericOp op,
                                           PatternRewriter &rewriter) const {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops() || op.hasIndexSemantics() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      !cast<ShapedType>(op->getResult(0).getType()).hasStaticShape())
    return failure();
  tensor::ExpandShapeOp expand = findExpandedInput(op, collapsible);
  if (!expand)
    return failure();
  SmallVector<ReassociationIndices> groups =
      expand.getReassociationIndices();
  SmallVector<int64_t> loopSizes = op.getStaticLoopRanges();
  SmallVector<CollapsedRead> reads;
  bool partial = false;
  for (OpOperand &operand : op->getOpOperands()) {
    FailureOr<CollapsedRead> read = collapseRead(
        op.getMatchingIndexingMap(&operand), groups, loopSizes);
    if (failed(read))
      return rewriter.notifyMatchFailure(op, "an operand reads no loop");
    partial |= read->partial;
    reads.push_back(*read);
  }
  // Upstream's collapse by reshape folding takes the rest.
  if (!partial)
    return failure();
  Location loc = op.getLoc();
  auto collapse = [&](OpOperand &operand) -> Value {
    const CollapsedRead &read = reads[operand.getOperandNumber()];
    auto type = cast<RankedTensorType>(operand.get().getType());
    if (read.dims.size() == static_cast<size_t>(type.getRank()))
      return operand.get();
    if (operand.get() == expand.getResult() &&
        read.dims == ArrayRef<ReassociationIndices>(groups))
      return expand.getSrc();
    return tensor::CollapseShapeOp::create(rewriter, loc, operand.get(),
                                           read.dims);
  };
  SmallVector<Value> inputs = llvm::map_to_vector(
      op.getDpsInputOperands(), [&](OpOperand *o) { return collapse(*o); });
  Value init = collapse(*op.getDpsInitOperand(0));
  SmallVector<AffineMap> maps = llvm::map_to_vector(reads, [&](auto &read) {
    return AffineMap::get(groups.size(), 0, read.exprs, op.getContext());
  });
  SmallVector<utils::IteratorType> iterators(groups.size(),
                                             utils::IteratorType::parallel);
  auto collapsed = linalg::GenericOp::create(rewriter, loc, init.getType(),
                                             inputs, init, maps, iterators);
  rewriter.inlineRegionBefore(op.getRegion(), collapsed.getRegion(),
                              collapsed.getRegion().begin());
  GEMM_OPT_DBG() << "collapses a generic reading a batch's loops in part onto "
                 << init.getType() << "\n";
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
      op, op->getResult(0).getType(), collapsed->getResult(0), groups);
  return success();
}

void mlir::gemm_opt::populateCollapseSpannedBatchReadsPatterns(
    RewritePatternSet &patterns,
    std::function<bool(OpOperand *)> collapsible) {
  patterns.add<CollapseSpannedBatchReads>(patterns.getContext(),
                                          std::move(collapsible));
}
