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

/// The reshape of `whole` (of the returned shape) back to `alloc`'s type,
/// the inverse of `reshape`, at `whole`'s position.
static Value inverseReshape(RewriterBase &rewriter, Operation *reshape,
                            Value whole, MemRefType allocType) {
  Location loc = reshape->getLoc();
  if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape))
    return memref::CollapseShapeOp::create(rewriter, loc, whole,
                                           expand.getReassociationIndices());
  auto collapse = cast<memref::CollapseShapeOp>(reshape);
  return memref::ExpandShapeOp::create(rewriter, loc, allocType, whole,
                                       collapse.getReassociationIndices());
}

bool mlir::gemm_opt::returnWholeAllocations(RewriterBase &rewriter,
                                            func::FuncOp func) {
  bool changed = false;
  func.walk([&](func::ReturnOp ret) {
    for (OpOperand &result : ret->getOpOperands()) {
      Operation *reshape = result.get().getDefiningOp();
      if (!isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(
              reshape))
        continue;
      auto alloc = reshape->getOperand(0).getDefiningOp<memref::AllocOp>();
      if (!alloc || !isStaticRowMajor(alloc.getType()) ||
          !isStaticRowMajor(result.get().getType()))
        continue;
      rewriter.setInsertionPoint(alloc);
      auto whole = memref::AllocOp::create(
          rewriter, alloc.getLoc(), cast<MemRefType>(result.get().getType()),
          alloc.getAlignmentAttr());
      Value view = inverseReshape(rewriter, reshape, whole, alloc.getType());
      rewriter.modifyOpInPlace(ret, [&] { result.set(whole); });
      rewriter.replaceOp(alloc, view);
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
