//===- InitToEpilogue.cpp - A computed initial C as an epilogue -----------===//

#include "gemm-opt/Transforms/Linalg/InitToEpilogue.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/EmptyLike.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-epilogue"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMINITTOEPILOGUE
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

FailureOr<linalg::AddOp>
mlir::gemm_opt::moveInitToEpilogue(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  if (!isGemmOp(op) || !op.hasPureTensorSemantics())
    return failure();
  OpOperand *initOperand = op.getDpsInitOperand(0);
  Value init = initOperand->get();
  auto producer = init.getDefiningOp<linalg::LinalgOp>();
  // A zero fill is what the kernels start from; a fill of another constant
  // is an add of that constant.
  auto fill = dyn_cast_or_null<linalg::FillOp>(producer.getOperation());
  if (fill && isZeroFill(fill))
    return failure();
  if (!producer || isGemmOp(producer) || isa<linalg::SoftmaxOp>(producer) ||
      !(fill || isa<linalg::BroadcastOp>(producer) ||
        linalg::isElementwise(producer)))
    return failure();
  auto elementType = getElementTypeOrSelf(init.getType());
  if (!isa<FloatType>(elementType))
    return failure();
  GEMM_OPT_DBG() << "starts " << op->getName() << " from zero and adds its "
                 << "initial C (" << producer->getName() << ") after it\n";
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantOp::create(rewriter, loc, elementType,
                                         rewriter.getZeroAttr(elementType));
  Value zeroFilled = linalg::FillOp::create(rewriter, loc, zero,
                                            emptyLike(rewriter, loc, init))
                         .getResult(0);
  rewriter.modifyOpInPlace(op, [&] { initOperand->set(zeroFilled); });
  rewriter.setInsertionPointAfter(op);
  Value product = op->getResult(0);
  auto add = linalg::AddOp::create(rewriter, loc, ValueRange{product, init},
                                   ValueRange{emptyLike(rewriter, loc, init)});
  rewriter.replaceAllUsesExcept(product, add.getResult(0), add);
  return add;
}

FailureOr<linalg::FillOp>
mlir::gemm_opt::splatInitToFill(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isGemmOp(op) || !op.hasPureTensorSemantics())
    return failure();
  OpOperand *initOperand = op.getDpsInitOperand(0);
  auto constant = initOperand->get().getDefiningOp<arith::ConstantOp>();
  auto splat =
      constant ? dyn_cast<SplatElementsAttr>(constant.getValue()) : nullptr;
  if (!splat || !isa<FloatType>(splat.getElementType()))
    return failure();
  GEMM_OPT_DBG() << "starts " << op->getName() << " from a fill of its "
                 << "constant initial C's value\n";
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value value = arith::ConstantOp::create(
      rewriter, loc, cast<TypedAttr>(splat.getSplatValue<Attribute>()));
  auto fill = linalg::FillOp::create(
      rewriter, loc, value, emptyLike(rewriter, loc, initOperand->get()));
  rewriter.modifyOpInPlace(op, [&] { initOperand->set(fill.getResult(0)); });
  if (constant->use_empty())
    rewriter.eraseOp(constant);
  return fill;
}

namespace {
struct GemmInitToEpiloguePass
    : public mlir::gemm_opt::impl::GemmInitToEpilogueBase<
          GemmInitToEpiloguePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : collectGemmOps(getOperation())) {
      (void)splatInitToFill(rewriter, op);
      (void)moveInitToEpilogue(rewriter, op);
    }
  }
};
} // namespace
