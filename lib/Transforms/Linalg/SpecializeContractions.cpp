//===- SpecializeContractions.cpp - Matmul-like ops as linalg.matmul ------===//

#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSPECIALIZECONTRACTIONS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// The loops of a 2-D matmul: positions of m, n and k among the op's loops.
struct MatmulLoops {
  unsigned m, n, k;
};

/// `map`'s two results as loop positions, or false when they are not two
/// plain loop dimensions.
static bool resultDims(AffineMap map, unsigned &first, unsigned &second) {
  if (map.getNumResults() != 2)
    return false;
  auto d0 = dyn_cast<AffineDimExpr>(map.getResult(0));
  auto d1 = dyn_cast<AffineDimExpr>(map.getResult(1));
  if (!d0 || !d1)
    return false;
  first = d0.getPosition();
  second = d1.getPosition();
  return true;
}

/// A value of the body that is `arg`, possibly extended by arith.extf.
static bool isInput(Value v, BlockArgument arg) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    v = ext.getIn();
  return v == arg;
}

/// The generic's body is yield(acc + ext(a) * ext(b)) (operands of mulf and
/// addf in either order), all in C's element type.
static bool isMultiplyAddBody(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  BlockArgument a = body.getArgument(0), b = body.getArgument(1),
                acc = body.getArgument(2);
  Value prod = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  if ((add.getLhs() == acc) == (add.getRhs() == acc))
    return false;
  auto mul = prod.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  bool inputs = (isInput(mul.getLhs(), a) && isInput(mul.getRhs(), b)) ||
                (isInput(mul.getLhs(), b) && isInput(mul.getRhs(), a));
  // Nothing else in the body (a scale or a bias is an epilogue, not this).
  size_t extra = body.getOperations().size() - 3; // mul, add, yield
  size_t exts = llvm::count_if(body.getOperations(), [](Operation &o) {
    return isa<arith::ExtFOp>(o);
  });
  return inputs && extra == exts && exts <= 2;
}

/// Finds m, n and k and checks the operands' maps; "" on success.
static std::string matchLoops(linalg::LinalgOp op, MatmulLoops &loops) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return "it does not have two inputs and one output";
  for (OpOperand &operand : op->getOpOperands()) {
    auto shaped = dyn_cast<ShapedType>(operand.get().getType());
    if (!shaped || !shaped.hasRank() || shaped.getRank() != 2)
      return "its operands are not all 2-D (batched contractions are not "
             "supported yet)";
  }
  if (op.getNumLoops() != 3)
    return "it does not have three loops (m, n, k)";
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || !dims->batch.empty() || dims->m.size() != 1 ||
      dims->n.size() != 1 || dims->k.size() != 1)
    return "its loops are not one each of m, n (parallel) and k (reduction)";
  loops = {dims->m[0], dims->n[0], dims->k[0]};
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned a0, a1, b0, b1, c0, c1;
  if (!resultDims(maps[0], a0, a1) || !resultDims(maps[1], b0, b1) ||
      !resultDims(maps[2], c0, c1))
    return "an operand is not indexed by two loop dimensions";
  auto is = [](unsigned x0, unsigned x1, unsigned y0, unsigned y1) {
    return (x0 == y0 && x1 == y1) || (x0 == y1 && x1 == y0);
  };
  if (!is(a0, a1, loops.m, loops.k) || !is(b0, b1, loops.k, loops.n) ||
      c0 != loops.m || c1 != loops.n)
    return "A is not indexed (m, k) or (k, m), B (k, n) or (n, k), and C "
           "(m, n)";
  return "";
}

/// whyNotMatmulContraction, with the loops found.
static std::string matchContraction(linalg::LinalgOp op, MatmulLoops &loops) {
  if (!isa<linalg::GenericOp, linalg::ContractOp>(op.getOperation()))
    return "it is neither a linalg.generic nor a linalg.contract";
  std::string why = matchLoops(op, loops);
  if (!why.empty())
    return why;
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    if (!isMultiplyAddBody(generic))
      return "its body is not C += A * B (with optional arith.extf of the "
             "inputs)";
  return "";
}

} // namespace

std::string mlir::gemm_opt::whyNotMatmulContraction(linalg::LinalgOp op) {
  MatmulLoops loops;
  return matchContraction(op, loops);
}

FailureOr<linalg::MatmulOp>
mlir::gemm_opt::specializeToMatmul(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  MatmulLoops loops;
  if (!matchContraction(op, loops).empty())
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // Renumber the loops to linalg.matmul's (d0, d1, d2) = (m, n, k).
  MLIRContext *ctx = op.getContext();
  SmallVector<AffineExpr> toCanonical(3);
  toCanonical[loops.m] = getAffineDimExpr(0, ctx);
  toCanonical[loops.n] = getAffineDimExpr(1, ctx);
  toCanonical[loops.k] = getAffineDimExpr(2, ctx);
  SmallVector<Attribute> canonical;
  for (AffineMap map : maps)
    canonical.push_back(
        AffineMapAttr::get(map.replaceDimsAndSymbols(toCanonical, {}, 3, 0)));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto matmul = linalg::MatmulOp::create(
      rewriter, op.getLoc(), op->getResultTypes(), op.getDpsInputs(),
      op.getDpsInits(),
      {rewriter.getNamedAttr("indexing_maps",
                             rewriter.getArrayAttr(canonical))});
  rewriter.replaceOp(op, matmul->getResults());
  return matmul;
}

namespace {
struct GemmSpecializeContractionsPass
    : public mlir::gemm_opt::impl::GemmSpecializeContractionsBase<
          GemmSpecializeContractionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isa<linalg::GenericOp, linalg::ContractOp>(op.getOperation()))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates)
      (void)specializeToMatmul(rewriter, op); // the rest: gemm-verify-input
  }
};
} // namespace
