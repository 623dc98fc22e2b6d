//===- FoldSoftmaxCasts.cpp - A softmax reading and writing narrow --------===//

#include "gemm-opt/Transforms/Linalg/FoldSoftmaxCasts.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Linalg/ElementwiseCasts.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-softmax-casts"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDSOFTMAXCASTS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// `generic` when it only casts its one input elementwise with `CastOp`
/// between two of f32, f16 and bf16 (ElementwiseCasts.h), on tensors or on
/// buffers; else null, saying so.
template <typename CastOp>
static linalg::GenericOp asCast(linalg::GenericOp generic) {
  if (!generic)
    return {};
  linalg::GenericOp match = matchElementwiseCast<CastOp>(generic);
  if (!match ||
      !(generic.hasPureTensorSemantics() || generic.hasPureBufferSemantics()) ||
      !isSoftmaxElementType(
          getElementTypeOrSelf(generic.getDpsInputs()[0].getType())) ||
      !isSoftmaxElementType(
          getElementTypeOrSelf(generic.getDpsInits()[0].getType()))) {
    GEMM_OPT_DBG() << "not a cast: a linalg.generic that is no elementwise "
                   << CastOp::getOperationName()
                   << " between f32, f16 and bf16 (identity maps, the body "
                      "only the cast)\n";
    return {};
  }
  return match;
}

linalg::GenericOp mlir::gemm_opt::asSoftmaxExtension(linalg::GenericOp op) {
  return asCast<arith::ExtFOp>(op);
}

linalg::GenericOp mlir::gemm_opt::asSoftmaxTruncation(linalg::GenericOp op) {
  return asCast<arith::TruncFOp>(op);
}

/// The extension producing the softmax's input, if it folds.
static linalg::GenericOp findInputExtension(Operation *softmax) {
  return asSoftmaxExtension(
      getSoftmaxInput(softmax).getDefiningOp<linalg::GenericOp>());
}

/// The truncation of the softmax's result, if it folds: its only user.
static linalg::GenericOp findResultTruncation(Operation *softmax) {
  Value result = softmax->getResult(0);
  if (!result.hasOneUse()) {
    GEMM_OPT_DBG() << "keeps the result's casts: the f32 result has "
                   << (result.use_empty() ? "no use" : "other uses") << "\n";
    return {};
  }
  auto generic = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  linalg::GenericOp trunc = asSoftmaxTruncation(generic);
  if (trunc && trunc.getDpsInputs()[0] != result)
    return {};
  return trunc;
}

FailureOr<Operation *> mlir::gemm_opt::foldSoftmaxCasts(RewriterBase &rewriter,
                                                        Operation *softmax) {
  if (!isSoftmaxOp(softmax))
    return failure();
  auto dps = cast<DestinationStyleOpInterface>(softmax);
  if (dps.hasPureBufferSemantics())
    return foldSoftmaxBufferCasts(rewriter, softmax);
  if (!dps.hasPureTensorSemantics())
    return failure();
  linalg::GenericOp ext = findInputExtension(softmax);
  linalg::GenericOp trunc = findResultTruncation(softmax);
  if (!ext && !trunc) {
    GEMM_OPT_DBG() << "no cast to fold around " << softmax->getName() << " at "
                   << softmax->getLoc() << "\n";
    return failure();
  }
  Value x = ext ? ext.getDpsInputs()[0] : getSoftmaxInput(softmax);
  Value y = trunc ? trunc.getDpsInits()[0] : getSoftmaxOutput(softmax);
  // The truncation's output may be made after the softmax: the new op goes
  // where the truncation was (its input is older than both).
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(trunc ? trunc.getOperation() : softmax);
  Operation *folded = createSoftmaxOp(rewriter, softmax->getLoc(), x, y,
                                      getSoftmaxDimension(softmax));
  GEMM_OPT_DBG() << "folds " << (ext ? "the extension of its input" : "")
                 << (ext && trunc ? " and " : "")
                 << (trunc ? "the truncation of its result" : "") << ": "
                 << folded->getName() << " reads "
                 << getElementTypeOrSelf(x.getType()) << " and writes "
                 << getElementTypeOrSelf(y.getType()) << "\n";
  Value oldInit = getSoftmaxOutput(softmax);
  if (trunc)
    rewriter.replaceOp(trunc, folded->getResults());
  else
    rewriter.replaceOp(softmax, folded->getResults());
  if (trunc)
    rewriter.eraseOp(softmax);
  if (auto empty = oldInit.getDefiningOp<tensor::EmptyOp>();
      empty && empty->use_empty())
    rewriter.eraseOp(empty);
  if (ext)
    eraseIfUnused(rewriter, cast<linalg::LinalgOp>(ext.getOperation()));
  return folded;
}

namespace {
struct GemmFoldSoftmaxCastsPass
    : public mlir::gemm_opt::impl::GemmFoldSoftmaxCastsBase<
          GemmFoldSoftmaxCastsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> softmaxes;
    getOperation()->walk([&](Operation *op) {
      if (isSoftmaxOp(op))
        softmaxes.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : softmaxes)
      (void)foldSoftmaxCasts(rewriter, op);
  }
};
} // namespace
