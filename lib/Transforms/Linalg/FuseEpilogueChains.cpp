//===- FuseEpilogueChains.cpp - One elementwise consumer per matmul -------===//
//
// Frontends write a matmul's epilogue as several ops (linalg.add of a
// broadcast bias, then a generic for the activation, then the cast), named
// or generic. The kernel fuses one elementwise linalg.generic, so the named
// elementwise ops reachable from a matmul's result (and the broadcasts
// feeding them) become generics, and upstream's elementwise op fusion
// merges a chain of them into one (on tensors; a memref chain is left as
// it is and gemm-verify-input names what fuses).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Linalg/FuseEpilogueChains.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/CollapseSpannedBatchReads.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "gemm-opt-epilogue"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFUSEEPILOGUECHAINS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// An op an epilogue chain may hold: elementwise, or a broadcast feeding one.
static bool isChainOp(linalg::LinalgOp op) {
  if (isGemmOp(op) || isa<linalg::FillOp, linalg::SoftmaxOp>(op))
    return false;
  return isa<linalg::BroadcastOp>(op) || linalg::isElementwise(op);
}

/// Whether `op` reads a matmul's result, directly or through chain ops.
static bool readsMatmulResult(Operation *op, int depth = 0) {
  if (depth > 32)
    return false;
  for (Value v : op->getOperands()) {
    Operation *def = v.getDefiningOp();
    if (!def)
      continue;
    if (isGemmOp(def))
      return true;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(def);
    if (linalgOp && isChainOp(linalgOp) && readsMatmulResult(def, depth + 1))
      return true;
  }
  return false;
}

/// Makes each of `ops` that is a named linalg op the linalg.generic it is.
static LogicalResult generalizeNamedOps(ArrayRef<Operation *> ops) {
  if (ops.empty())
    return success();
  IRRewriter rewriter(ops.front()->getContext());
  for (Operation *op : ops) {
    if (isa<linalg::GenericOp>(op))
      continue;
    rewriter.setInsertionPoint(op);
    GEMM_OPT_DBG() << "generalizes " << op->getName() << "\n";
    if (failed(linalg::generalizeNamedOp(rewriter, cast<linalg::LinalgOp>(op))))
      return op->emitOpError("cannot be generalized into a linalg.generic");
  }
  return success();
}

/// Whether `operand` reads a tensor.expand_shape of a matmul's result, or
/// of a chain op reading one (a scale the operand-scale fold put there).
static bool readsExpandedMatmulResult(OpOperand *operand) {
  auto expand = operand->get().getDefiningOp<tensor::ExpandShapeOp>();
  Operation *src = expand ? expand.getSrc().getDefiningOp() : nullptr;
  if (!src)
    return false;
  auto chain = dyn_cast<linalg::LinalgOp>(src);
  return isGemmOp(src) || (chain && isChainOp(chain) && readsMatmulResult(src));
}

/// Whether a map result is the constant 0 (a broadcast of a unit dimension).
static bool isZeroResult(AffineExpr e) {
  auto constant = dyn_cast<AffineConstantExpr>(e);
  return constant && constant.getValue() == 0;
}

/// torch-mlir reads an operand broadcast over unit dimensions through
/// constant-zero map results (an attention mask [1, 1, q, k] added to
/// [b, h, q, k] scores: (b, h, i, j) -> (0, 0, i, j)), which no collapse
/// of the loops can fold. `loopGroups` are the loops the collapse onto the
/// matmul's shape merges (the batch's (b, h)): within each, an input must
/// read all of them or none, so a loop of one iteration is read as its
/// loop where the input reads another of its group ((0, h, i, j) ->
/// (b, h, i, j) at b = 1: a per-head mask is C's shape) or is read whole,
/// else as a broadcast ((0, h, i, j) -> (0, 0, i, j) at h = 1). Then each input
/// still reading a constant is read as the collapse of those unit
/// dimensions ((b, h, i, j) -> (i, j) on [q, k]).
static void dropUnitBroadcastDims(RewriterBase &rewriter, linalg::GenericOp op,
                                  ArrayRef<ReassociationIndices> loopGroups) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  bool changed = false;
  ArrayRef<int64_t> loopSizes =
      cast<ShapedType>(op.getDpsInits()[0].getType()).getShape();
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    AffineMap map = maps[input->getOperandNumber()];
    if (!type)
      continue;
    // An input of lower rank broadcast numpy-style over the leading loops
    // ([h, q, k] through (b, h, i, j) -> (h, i, j)) is read as its expand
    // with leading unit dimensions, through (0, h, i, j), first.
    unsigned rank = map.getNumResults(), loopsCount = map.getNumDims();
    if (!loopGroups.empty() && rank > 0 && rank < loopsCount &&
        llvm::all_of(llvm::enumerate(map.getResults()), [&](auto r) {
          return r.value() == getAffineDimExpr(loopsCount - rank + r.index(),
                                               op.getContext()) ||
                 isZeroResult(r.value());
        })) {
      SmallVector<int64_t> shape(loopsCount - rank, 1);
      llvm::append_range(shape, type.getShape());
      SmallVector<ReassociationIndices> groups(rank);
      for (unsigned d = 0; d < loopsCount; ++d)
        groups[d < loopsCount - rank ? 0 : d - (loopsCount - rank)].push_back(
            d);
      rewriter.setInsertionPoint(op);
      auto expandedType = RankedTensorType::get(shape, type.getElementType());
      Value expanded = tensor::ExpandShapeOp::create(
          rewriter, op.getLoc(), expandedType, input->get(), groups);
      rewriter.modifyOpInPlace(op, [&] { input->set(expanded); });
      SmallVector<AffineExpr> results(
          loopsCount - rank, getAffineConstantExpr(0, op.getContext()));
      llvm::append_range(results, map.getResults());
      map = maps[input->getOperandNumber()] =
          AffineMap::get(loopsCount, 0, results, op.getContext());
      type = expandedType;
      changed = true;
    }
    if (map.getNumResults() == map.getNumDims()) {
      SmallVector<AffineExpr> results(map.getResults());
      auto loop = [&](int64_t d) {
        return getAffineDimExpr(d, op.getContext());
      };
      for (const ReassociationIndices &group : loopGroups) {
        auto reads = [&](bool unit) {
          return llvm::any_of(group, [&](int64_t d) {
            return (loopSizes[d] == 1) == unit && results[d] == loop(d);
          });
        };
        bool broadcastsOther = llvm::any_of(group, [&](int64_t d) {
          return loopSizes[d] != 1 && results[d] != loop(d);
        });
        // A group of unit loops only: loops for an input read whole (the
        // matmul's result, a residual), else a broadcast (a key-padding
        // mask read through (b, h, 0, j) at b = h = 1 is a vector).
        bool asLoops =
            reads(/*unit=*/false) || (!broadcastsOther && map.isIdentity());
        for (int64_t d : group)
          if ((isZeroResult(results[d]) || results[d] == loop(d)) &&
              type.getDimSize(d) == 1 && loopSizes[d] == 1)
            results[d] =
                asLoops ? loop(d) : getAffineConstantExpr(0, op.getContext());
      }
      AffineMap loops =
          AffineMap::get(map.getNumDims(), 0, results, op.getContext());
      changed |= loops != map;
      map = maps[input->getOperandNumber()] = loops;
    }
    // Each kept dimension with the unit ones before it; trailing unit ones
    // join the last group.
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices pending;
    SmallVector<AffineExpr> kept;
    SmallVector<int64_t> shape;
    for (auto [d, expr] : llvm::enumerate(map.getResults())) {
      pending.push_back(d);
      if (isZeroResult(expr) && type.getDimSize(d) == 1)
        continue;
      groups.push_back(pending);
      pending.clear();
      kept.push_back(expr);
      shape.push_back(type.getDimSize(d));
    }
    if (groups.empty() || kept.size() == map.getNumResults())
      continue;
    llvm::append_range(groups.back(), pending);
    rewriter.setInsertionPoint(op);
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, op.getLoc(),
        RankedTensorType::get(shape, type.getElementType()), input->get(),
        groups);
    rewriter.modifyOpInPlace(op, [&] { input->set(collapsed); });
    maps[input->getOperandNumber()] =
        AffineMap::get(map.getNumDims(), 0, kept, op.getContext());
    changed = true;
  }
  if (changed) {
    GEMM_OPT_DBG() << "reads the unit-broadcast inputs of " << op->getName()
                   << " collapsed\n";
    rewriter.modifyOpInPlace(op, [&] {
      op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    });
  }
}

/// torch-mlir's 4-D batched matmul expands its 3-D result before the
/// elementwise ops that follow it: those ops are collapsed onto the
/// matmul's shape (upstream's reshape folding by collapsing) and the
/// reshape moves after them, where gemm-return-whole-allocations and the
/// views of the kernels take it.
static LogicalResult sinkMatmulResultReshapes(func::FuncOp func) {
  // Unit broadcasts first, of any generic reading a matmul's result.
  IRRewriter rewriter(func.getContext());
  func.walk([&](linalg::GenericOp op) {
    if (!isChainOp(op) || !op.hasPureTensorSemantics() ||
        !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
      return;
    // The loops a collapse onto the matmul's shape merges: the groups of
    // the expand it reads through an identity map.
    SmallVector<ReassociationIndices> loopGroups;
    bool readsMatmul = false;
    for (OpOperand *o : op.getDpsInputOperands()) {
      Operation *def = o->get().getDefiningOp();
      readsMatmul |= def && isGemmOp(def);
      if (!readsExpandedMatmulResult(o) ||
          !op.getMatchingIndexingMap(o).isIdentity())
        continue;
      readsMatmul = true;
      for (ReassociationIndices group :
           o->get()
               .getDefiningOp<tensor::ExpandShapeOp>()
               .getReassociationIndices())
        if (group.size() > 1)
          loopGroups.push_back(group);
    }
    if (readsMatmul)
      dropUnitBroadcastDims(rewriter, op, loopGroups);
  });
  SmallVector<Operation *> readers;
  func.walk([&](linalg::LinalgOp op) {
    if (isChainOp(op) && !isa<linalg::BroadcastOp>(op) &&
        llvm::any_of(op->getOpOperands(), [](OpOperand &operand) {
          return readsExpandedMatmulResult(&operand);
        }))
      readers.push_back(op);
  });
  if (readers.empty())
    return success();
  if (failed(generalizeNamedOps(readers)))
    return failure();
  RewritePatternSet patterns(func.getContext());
  linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns,
                                                     readsExpandedMatmulResult);
  populateCollapseSpannedBatchReadsPatterns(patterns,
                                            readsExpandedMatmulResult);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  GEMM_OPT_DBG() << "moves the reshapes of matmul results in @"
                 << func.getSymName() << " after their elementwise readers\n";
  return applyPatternsGreedily(func, std::move(patterns));
}

LogicalResult mlir::gemm_opt::fuseEpilogueChains(func::FuncOp func) {
  if (failed(sinkMatmulResultReshapes(func)))
    return failure();
  // The chain ops after each matmul, and the broadcasts into them.
  SetVector<Operation *> chain;
  SmallVector<Operation *> worklist =
      llvm::map_to_vector(collectGemmOps(func), [](linalg::LinalgOp op) {
        return op.getOperation();
      });
  auto memrefReaders = [&](Operation *op, SmallVectorImpl<Operation *> &out) {
    // On memrefs: the ops after `op` in its block reading what it writes.
    for (Value init : cast<linalg::LinalgOp>(op).getDpsInits())
      for (Operation *user : init.getUsers())
        if (user->getBlock() == op->getBlock() && op->isBeforeInBlock(user))
          out.push_back(user);
  };
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    SmallVector<Operation *> users(op->getUsers());
    if (op->getNumResults() == 0)
      memrefReaders(op, users);
    for (Operation *user : users) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
      if (!linalgOp || !isChainOp(linalgOp) || !chain.insert(user))
        continue;
      worklist.push_back(user);
    }
  }
  // The elementwise ops and broadcasts that compute the chain's other
  // inputs (a bias broadcast, then widened), on tensors.
  SmallVector<Operation *> producers(chain.begin(), chain.end());
  while (!producers.empty()) {
    auto op = cast<linalg::LinalgOp>(producers.pop_back_val());
    for (Value in : op.getDpsInputs()) {
      auto def = in.getDefiningOp<linalg::LinalgOp>();
      if (def && isChainOp(def) && chain.insert(def))
        producers.push_back(def);
    }
  }
  // Nothing after a matmul: leave the function exactly as it is.
  if (chain.empty())
    return success();
  if (failed(generalizeNamedOps(chain.getArrayRef())))
    return failure();
  RewritePatternSet patterns(func.getContext());
  linalg::populateElementwiseOpsFusionPatterns(
      patterns, [](OpOperand *fused) {
        Operation *producer = fused->get().getDefiningOp();
        bool fuse = producer && readsMatmulResult(fused->getOwner());
        if (fuse) {
          GEMM_OPT_DBG() << "fuses " << producer->getName() << " into its "
                         << fused->getOwner()->getName() << "\n";
        }
        return fuse;
      });
  return applyPatternsGreedily(func, std::move(patterns));
}

namespace {
struct GemmFuseEpilogueChainsPass
    : public mlir::gemm_opt::impl::GemmFuseEpilogueChainsBase<
          GemmFuseEpilogueChainsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal() && failed(fuseEpilogueChains(func)))
        return signalPassFailure();
  }
};
} // namespace
