//===- FoldResultTransposes.cpp - Transposed results as matmuls of B, A ---===//

#include "gemm-opt/Transforms/Linalg/FoldResultTransposes.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Linalg/FoldOperandTransposes.h"
#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

#define DEBUG_TYPE "gemm-opt-result-transposes"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDRESULTTRANSPOSES
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

FailureOr<linalg::LinalgOp>
mlir::gemm_opt::foldResultTranspose(RewriterBase &rewriter,
                                    linalg::LinalgOp copy) {
  if (!isPermutingCopy(copy) || !copy.hasPureTensorSemantics())
    return failure();
  auto matmul = copy.getDpsInputs()[0].getDefiningOp<linalg::LinalgOp>();
  if (!matmul || !isGemmOp(matmul) || !matmul.hasPureTensorSemantics() ||
      !matmul->getResult(0).hasOneUse())
    return failure();
  auto fill = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !isZeroFill(fill))
    return failure();
  // The copy writes out[O(e)] = in[I(e)], so C's element x lands at
  // out[O(I^-1(x))]: that permutation after C's map.
  SmallVector<AffineMap> copyMaps = copy.getIndexingMapsArray();
  AffineMap toOut = copyMaps[1].compose(inversePermutation(copyMaps[0]));
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  maps[2] = toOut.compose(maps[2]);

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(copy);
  Value out = copy.getDpsInits()[0];
  auto zero = linalg::FillOp::create(rewriter, fill.getLoc(),
                                     fill.getDpsInputs()[0], out);
  // The matmul with C permuted, as a generic whose body is the named op's;
  // specializeToMatmul turns it into the named op that computes it.
  auto generic = linalg::GenericOp::create(
      rewriter, matmul.getLoc(), TypeRange{out.getType()},
      matmul.getDpsInputs(), ValueRange{zero.getResult(0)}, maps,
      matmul.getIteratorTypesArray());
  IRMapping none;
  matmul->getRegion(0).cloneInto(&generic.getRegion(), none);
  FailureOr<linalg::LinalgOp> named = specializeToMatmul(rewriter, generic);
  if (failed(named)) {
    rewriter.eraseOp(generic);
    rewriter.eraseOp(zero);
    return failure();
  }
  GEMM_OPT_DBG() << "writes " << matmul->getName()
                 << "'s result in the layout of the permuting copy after it: "
                 << (*named)->getName() << " with C indexed "
                 << (*named).getIndexingMapsArray()[2] << "\n";
  rewriter.replaceOp(copy, (*named)->getResults());
  eraseIfUnused(rewriter, matmul);
  eraseIfUnused(rewriter, fill);
  return named;
}

namespace {
struct GemmFoldResultTransposesPass
    : public mlir::gemm_opt::impl::GemmFoldResultTransposesBase<
          GemmFoldResultTransposesPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> copies;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isPermutingCopy(op))
        copies.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp copy : copies)
      (void)foldResultTranspose(rewriter, copy);
  }
};
} // namespace
