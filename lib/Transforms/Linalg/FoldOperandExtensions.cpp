//===- FoldOperandExtensions.cpp - Widened operands read narrow -----------===//

#include "gemm-opt/Transforms/Linalg/FoldOperandExtensions.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/ElementwiseCasts.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-extensions"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDOPERANDEXTENSIONS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// The 16-bit value `input` extends to f32 through an elementwise generic
/// (identity maps, body yield(extf(in))), or null.
static Value extendedSource(Value input) {
  linalg::GenericOp generic = matchElementwiseCast<arith::ExtFOp>(
      input.getDefiningOp<linalg::GenericOp>());
  if (!generic || !getElementTypeOrSelf(input.getType()).isF32())
    return {};
  Value source = generic.getDpsInputs()[0];
  Type narrow = getElementTypeOrSelf(source.getType());
  return narrow.isF16() || narrow.isBF16() ? source : Value();
}

FailureOr<linalg::LinalgOp>
mlir::gemm_opt::foldOperandExtensions(RewriterBase &rewriter,
                                      linalg::LinalgOp op) {
  if (!isGemmOp(op) || !op.hasPureTensorSemantics())
    return failure();
  Value a = extendedSource(op.getDpsInputs()[0]);
  Value b = extendedSource(op.getDpsInputs()[1]);
  if (!a || !b ||
      getElementTypeOrSelf(a.getType()) != getElementTypeOrSelf(b.getType()))
    return failure();
  // One extension may feed both inputs (x.float() @ x.float()): it is
  // erased once.
  llvm::SetVector<Operation *> extensions;
  for (Value input : op.getDpsInputs())
    extensions.insert(input.getDefiningOp());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  // The named op's builder writes the body that extends the 16-bit inputs.
  linalg::LinalgOp narrow = createNamedMatmul(
      rewriter, op.getLoc(), isa<linalg::BatchMatmulOp>(op.getOperation()),
      op->getResultTypes(), ValueRange{a, b}, op.getDpsInits(),
      op.getIndexingMaps());
  GEMM_OPT_DBG() << "reads the " << getElementTypeOrSelf(a.getType())
                 << " operands of " << op->getName()
                 << " before their extension to f32\n";
  rewriter.replaceOp(op, narrow->getResults());
  for (Operation *ext : extensions)
    eraseIfUnused(rewriter, cast<linalg::LinalgOp>(ext));
  return narrow;
}

namespace {
struct GemmFoldOperandExtensionsPass
    : public mlir::gemm_opt::impl::GemmFoldOperandExtensionsBase<
          GemmFoldOperandExtensionsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : collectGemmOps(getOperation()))
      (void)foldOperandExtensions(rewriter, op);
  }
};
} // namespace
