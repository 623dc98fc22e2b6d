//===- ReturnWholeAllocations.cpp - Results a runner can bind -------------===//

#include "gemm-opt/Transforms/Dispatch/ReturnWholeAllocations.h"

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMRETURNWHOLEALLOCATIONS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// The reshape of `whole` (of `reshape`'s result type) back to its source's
/// type, the inverse of `reshape`, at the rewriter's point.
static Value inverseReshape(RewriterBase &rewriter, Operation *reshape,
                            Value whole) {
  Location loc = reshape->getLoc();
  if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape))
    return memref::CollapseShapeOp::create(rewriter, loc, whole,
                                           expand.getReassociationIndices());
  auto collapse = cast<memref::CollapseShapeOp>(reshape);
  return memref::ExpandShapeOp::create(rewriter, loc, collapse.getSrcType(),
                                       whole,
                                       collapse.getReassociationIndices());
}

bool mlir::gemm_opt::returnWholeAllocations(RewriterBase &rewriter,
                                            func::FuncOp func) {
  bool changed = false;
  func.walk([&](func::ReturnOp ret) {
    for (OpOperand &result : ret->getOpOperands()) {
      // The reshapes from the allocation to the result, outermost first
      // (grouped-query attention's stacked rows take two).
      SmallVector<Operation *> reshapes;
      Value v = result.get();
      while (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(
                 v.getDefiningOp()) &&
             reshapes.size() < 8) {
        reshapes.push_back(v.getDefiningOp());
        v = v.getDefiningOp()->getOperand(0);
      }
      auto alloc = v.getDefiningOp<memref::AllocOp>();
      if (reshapes.empty() || !alloc || !isStaticRowMajor(alloc.getType()) ||
          !llvm::all_of(reshapes, [](Operation *r) {
            return isStaticRowMajor(r->getResult(0).getType());
          }))
        continue;
      rewriter.setInsertionPoint(alloc);
      auto whole = memref::AllocOp::create(
          rewriter, alloc.getLoc(), cast<MemRefType>(result.get().getType()),
          alloc.getAlignmentAttr());
      Value view = whole;
      for (Operation *reshape : reshapes)
        view = inverseReshape(rewriter, reshape, view);
      rewriter.modifyOpInPlace(ret, [&] { result.set(whole); });
      rewriter.replaceOp(alloc, view);
      for (Operation *reshape : reshapes)
        if (reshape->use_empty())
          rewriter.eraseOp(reshape);
      changed = true;
    }
  });
  return changed;
}

namespace {
struct GemmReturnWholeAllocationsPass
    : public mlir::gemm_opt::impl::GemmReturnWholeAllocationsBase<
          GemmReturnWholeAllocationsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>())
      (void)returnWholeAllocations(rewriter, func);
  }
};
} // namespace
