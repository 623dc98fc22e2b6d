//===- UnshareInits.cpp - One initial C per op ----------------------------===//

#include "gemm-opt/Transforms/Linalg/UnshareInits.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-inits"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMUNSHAREINITS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

unsigned mlir::gemm_opt::unshareFill(RewriterBase &rewriter,
                                     linalg::FillOp fill) {
  if (!fill.hasPureTensorSemantics() || fill->hasOneUse())
    return 0;
  // The uses that write into the fill, in program order of their owners
  // (a use list is in no particular order).
  SmallVector<OpOperand *> inits;
  for (OpOperand &use : fill->getResult(0).getUses()) {
    auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (user && user.isDpsInit(&use))
      inits.push_back(&use);
  }
  // Program order where it is defined (the writers in one block), so that
  // the first writer keeps the fill.
  if (llvm::all_of(inits, [&](OpOperand *use) {
        return use->getOwner()->getBlock() == fill->getBlock();
      }))
    llvm::sort(inits, [](OpOperand *a, OpOperand *b) {
      if (a->getOwner() == b->getOwner())
        return a->getOperandNumber() < b->getOperandNumber();
      return a->getOwner()->isBeforeInBlock(b->getOwner());
    });
  // A writer keeps the fill only where it is the fill's only user besides
  // the writers with a copy.
  bool onlyWriters = inits.size() == fill->getResult(0).getNumUses();
  auto empty = fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>();
  unsigned copies = 0;
  for (OpOperand *init : llvm::drop_begin(inits, onlyWriters ? 1 : 0)) {
    Operation *user = init->getOwner();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(user);
    // The empty's sizes and the fill's value dominate the fill, which
    // dominates the user.
    IRMapping mapping;
    if (empty)
      mapping.map(empty.getResult(), rewriter.clone(*empty)->getResult(0));
    Operation *copy = rewriter.clone(*fill, mapping);
    rewriter.modifyOpInPlace(user, [&] { init->set(copy->getResult(0)); });
    ++copies;
  }
  if (copies) {
    GEMM_OPT_DBG() << "gave " << copies << " op(s) their own copy of a "
                   << "shared linalg.fill\n";
  }
  return copies;
}

bool mlir::gemm_opt::dropUnreadFills(RewriterBase &rewriter, Operation *op) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps || !dps.hasPureTensorSemantics())
    return false;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp && !isSoftmaxOp(op))
    return false;
  bool changed = false;
  for (OpOperand &init : dps.getDpsInitsMutable()) {
    auto fill = init.get().getDefiningOp<linalg::FillOp>();
    if (!fill || !fill.hasPureTensorSemantics())
      continue;
    // A linalg op writes every element of its init (parallel loops over
    // it); the softmax writes its whole output.
    if (linalgOp && (linalgOp.payloadUsesValueFromOperand(&init) ||
                     linalgOp.getNumReductionLoops() != 0))
      continue;
    GEMM_OPT_DBG() << op->getName() << " writes into a linalg.fill without "
                   << "reading it: writes into its destination\n";
    // A tensor.empty of its own: one that the fill (or others) writes
    // into too would share their buffer.
    Value dest = fill.getDpsInits()[0];
    auto empty = dest.getDefiningOp<tensor::EmptyOp>();
    if (empty) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(op);
      dest = rewriter.clone(*empty)->getResult(0);
    }
    rewriter.modifyOpInPlace(op, [&] { init.set(dest); });
    if (fill->use_empty())
      rewriter.eraseOp(fill);
    if (empty && empty->use_empty())
      rewriter.eraseOp(empty);
    changed = true;
  }
  return changed;
}

namespace {
struct GemmUnshareInitsPass
    : public mlir::gemm_opt::impl::GemmUnshareInitsBase<GemmUnshareInitsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // A linalg op (or fill) on tensors whose result nothing uses computes
    // nothing the function returns: no kernel, no buffer in the manifest.
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<linalg::LinalgOp>(op) || isSoftmaxOp(op))
        ops.push_back(op);
    });
    for (Operation *op : llvm::reverse(ops))
      if (isOpTriviallyDead(op)) {
        GEMM_OPT_DBG() << "erases " << op->getName()
                       << ", whose result nothing uses\n";
        rewriter.eraseOp(op);
      }
    SmallVector<Operation *> writers;
    getOperation()->walk([&](DestinationStyleOpInterface op) {
      if (!isa<linalg::FillOp>(op))
        writers.push_back(op);
    });
    for (Operation *op : writers)
      (void)dropUnreadFills(rewriter, op);
    SmallVector<linalg::FillOp> fills;
    getOperation()->walk([&](linalg::FillOp fill) { fills.push_back(fill); });
    for (linalg::FillOp fill : fills)
      (void)unshareFill(rewriter, fill);
  }
};
} // namespace
