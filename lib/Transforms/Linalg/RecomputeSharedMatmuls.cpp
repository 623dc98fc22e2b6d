//===- RecomputeSharedMatmuls.cpp - A matmul per fused consumer -----------===//

#include "gemm-opt/Transforms/Linalg/RecomputeSharedMatmuls.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-epilogue"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMRECOMPUTESHAREDMATMULS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// The uses of `result` by elementwise generics that read it once, as an
/// input, in its block after it, in program order.
static SmallVector<OpOperand *> elementwiseReads(Operation *matmul) {
  SmallVector<OpOperand *> reads;
  Value result = matmul->getResult(0);
  for (OpOperand &use : result.getUses()) {
    auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!generic || !generic.isDpsInput(&use) ||
        !linalg::isElementwise(generic) ||
        generic->getBlock() != matmul->getBlock() ||
        llvm::count(generic->getOperands(), result) != 1)
      continue;
    reads.push_back(&use);
  }
  llvm::sort(reads, [](OpOperand *a, OpOperand *b) {
    return a->getOwner()->isBeforeInBlock(b->getOwner());
  });
  return reads;
}

/// A copy of `matmul` and of the fill (and tensor.empty) of its init before
/// `at`.
static Operation *copyMatmul(RewriterBase &rewriter, linalg::LinalgOp matmul,
                             Operation *at) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(at);
  IRMapping mapping;
  auto fill = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (auto empty = fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>())
    mapping.map(empty.getResult(), rewriter.clone(*empty)->getResult(0));
  mapping.map(fill->getResult(0), rewriter.clone(*fill, mapping)->getResult(0));
  return rewriter.clone(*matmul, mapping);
}

unsigned mlir::gemm_opt::recomputeSharedMatmul(RewriterBase &rewriter,
                                               linalg::LinalgOp matmul) {
  if (!isGemmOp(matmul) || !matmul.hasPureTensorSemantics() ||
      matmul->getNumResults() != 1 || matmul->getResult(0).hasOneUse())
    return 0;
  auto fill = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.hasPureTensorSemantics())
    return 0; // accumulating into its init: no epilogue fuses anyway
  SmallVector<OpOperand *> reads = elementwiseReads(matmul);
  bool onlyReads = reads.size() == matmul->getResult(0).getNumUses();
  unsigned copies = 0;
  for (OpOperand *read : llvm::drop_begin(reads, onlyReads ? 1 : 0)) {
    Operation *consumer = read->getOwner();
    Operation *copy = copyMatmul(rewriter, matmul, consumer);
    rewriter.modifyOpInPlace(consumer,
                             [&] { read->set(copy->getResult(0)); });
    std::string why;
    FailureOr<EpilogueMatch> match =
        findEpilogueConsumer(cast<linalg::LinalgOp>(copy), why);
    if (failed(match) || match->consumer != consumer) {
      // It would not fuse alone either: gemm-verify-input says why.
      GEMM_OPT_DBG() << "no copy of the matmul for " << consumer->getName()
                     << ", which does not fuse: " << why << "\n";
      rewriter.modifyOpInPlace(consumer,
                               [&] { read->set(matmul->getResult(0)); });
      auto copyOp = cast<linalg::LinalgOp>(copy);
      auto copyFill = copyOp.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
      eraseIfUnused(rewriter, copyOp);
      eraseIfUnused(rewriter, cast<linalg::LinalgOp>(copyFill.getOperation()));
      continue;
    }
    consumer->emitRemark(
        "fuses into a copy of the matmul it reads, whose result is used "
        "elsewhere too: a second kernel computes the matmul");
    ++copies;
  }
  return copies;
}

namespace {
struct GemmRecomputeSharedMatmulsPass
    : public mlir::gemm_opt::impl::GemmRecomputeSharedMatmulsBase<
          GemmRecomputeSharedMatmulsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> matmuls;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isGemmOp(op))
        matmuls.push_back(op);
    });
    for (linalg::LinalgOp matmul : matmuls)
      (void)recomputeSharedMatmul(rewriter, matmul);
  }
};
} // namespace
