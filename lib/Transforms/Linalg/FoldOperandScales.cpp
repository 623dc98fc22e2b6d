//===- FoldOperandScales.cpp - An operand's scale as an epilogue ----------===//

#include "gemm-opt/Transforms/Linalg/FoldOperandScales.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/EmptyLike.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-epilogue"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDOPERANDSCALES
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// The factor `scale` multiplies its one input by (a divide by c is 1 / c),
/// and that input, when its body is only that: yield(x * c), yield(c * x)
/// or yield(x / c) with c a constant (defined in the body or outside), in
/// the input's element type.
static std::optional<std::pair<double, Value>>
scaleOf(linalg::GenericOp scale) {
  if (!linalg::isElementwise(scale) || scale.getNumDpsInputs() != 1 ||
      !llvm::all_of(scale.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return std::nullopt;
  Block &body = scale.getRegion().front();
  BlockArgument x = body.getArgument(0);
  Value in = scale.getDpsInputs()[0];
  // The multiply or divide and the yield, besides constants.
  size_t ops = llvm::count_if(body.getOperations(), [](Operation &o) {
    return !isa<arith::ConstantOp>(o);
  });
  if (x.getType() != body.getArgument(1).getType() ||
      in.getType() != scale->getResult(0).getType() || ops != 2)
    return std::nullopt;
  Operation *op = body.getTerminator()->getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::MulFOp, arith::DivFOp>(op))
    return std::nullopt;
  Value l = op->getOperand(0), r = op->getOperand(1);
  Value other = l == x ? r : l;
  if ((l == x) == (r == x) || (isa<arith::DivFOp>(op) && l != x))
    return std::nullopt;
  FailureOr<double> c = evaluateScalarExpression(other, Value(), 0.0);
  if (failed(c) || *c == 0.0)
    return std::nullopt;
  return std::make_pair(isa<arith::DivFOp>(op) ? 1.0 / *c : *c, in);
}

FailureOr<linalg::GenericOp>
mlir::gemm_opt::foldOperandScale(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isGemmOp(op) || !op.hasPureTensorSemantics())
    return failure();
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto scale = input->get().getDefiningOp<linalg::GenericOp>();
    if (!scale || !scale->hasOneUse())
      continue;
    std::optional<std::pair<double, Value>> found = scaleOf(scale);
    if (!found)
      continue;
    double factor = found->first;
    Value unscaled = found->second;
    GEMM_OPT_DBG() << "multiplies " << op->getName() << "'s result by "
                   << factor << " instead of its operand #"
                   << input->getOperandNumber() << "\n";
    Location loc = op.getLoc();
    rewriter.modifyOpInPlace(op, [&] { input->set(unscaled); });
    eraseIfUnused(rewriter, scale);
    // C * factor, elementwise, in C's element type.
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfter(op);
    Value product = op->getResult(0);
    auto type = cast<RankedTensorType>(product.getType());
    Value out = emptyLike(rewriter, loc, product);
    AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
    SmallVector<utils::IteratorType> parallel(type.getRank(),
                                              utils::IteratorType::parallel);
    auto scaled = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{product}, ValueRange{out},
        ArrayRef<AffineMap>{id, id}, parallel,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value c = arith::ConstantOp::create(
              b, l, b.getFloatAttr(type.getElementType(), factor));
          linalg::YieldOp::create(
              b, l, ValueRange{arith::MulFOp::create(b, l, args[0], c)});
        });
    rewriter.replaceAllUsesExcept(product, scaled.getResult(0), scaled);
    return scaled;
  }
  return failure();
}

namespace {
struct GemmFoldOperandScalesPass
    : public mlir::gemm_opt::impl::GemmFoldOperandScalesBase<
          GemmFoldOperandScalesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : collectGemmOps(getOperation()))
      while (succeeded(foldOperandScale(rewriter, op))) {
      }
  }
};
} // namespace
