//===- FoldResultTransposes.cpp - Transposed results as matmuls of B, A ---===//

#include "gemm-opt/Transforms/Linalg/FoldResultTransposes.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Linalg/FoldOperandTransposes.h"
#include "gemm-opt/Transforms/Linalg/HeadsTransposes.h"
#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

#define DEBUG_TYPE "gemm-opt-result-transposes"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDRESULTTRANSPOSES
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// `type`'s shape with its dimensions permuted by `perm` (out-coords =
/// perm(in)).
static SmallVector<int64_t> permutedShape(RankedTensorType type,
                                          AffineMap perm) {
  SmallVector<int64_t> positions;
  for (unsigned i = 0; i < perm.getNumResults(); ++i)
    positions.push_back(perm.getDimPosition(i));
  return applyPermutation(type.getShape(), positions);
}

/// The input of `g` that carries a matmul's result up a chain of
/// elementwise ops, when `g` is one a permuting copy can move above:
/// elementwise (linalg::isElementwise), one init it does not read, written
/// through an identity map, its result used once; that input read through an
/// identity map and produced by a linalg op, every other input a broadcast
/// (fewer dimensions) or a scalar, which the permuted op then reads as such.
static std::optional<unsigned> chainInput(linalg::GenericOp g) {
  if (!g.hasPureTensorSemantics() || g.getNumDpsInits() != 1 ||
      !linalg::isElementwise(g) || !g->hasOneUse() ||
      !g.getIndexingMapsArray().back().isIdentity() ||
      g.payloadUsesValueFromOperand(g.getDpsInitOperand(0)))
    return std::nullopt;
  std::optional<unsigned> chain;
  for (OpOperand *input : g.getDpsInputOperands()) {
    AffineMap map = g.getMatchingIndexingMap(input);
    if (map.getNumResults() < g.getNumLoops())
      continue; // a broadcast or a scalar
    if (!map.isIdentity() || chain ||
        !input->get().getDefiningOp<linalg::LinalgOp>())
      return std::nullopt;
    chain = input->getOperandNumber();
  }
  return chain;
}

/// The matmul `copy` permutes, with `chain` the elementwise ops between
/// them (the copy's producer first), or null.
static linalg::LinalgOp
findPermutedMatmul(linalg::LinalgOp copy,
                   SmallVectorImpl<linalg::GenericOp> &chain) {
  Value v = copy.getDpsInputs()[0];
  while (auto g = v.getDefiningOp<linalg::GenericOp>()) {
    if (isGemmOp(g))
      break;
    std::optional<unsigned> input = chainInput(g);
    if (!input)
      return {};
    chain.push_back(g);
    v = g->getOperand(*input);
  }
  auto matmul = v.getDefiningOp<linalg::LinalgOp>();
  if (!matmul || !isGemmOp(matmul) || !matmul.hasPureTensorSemantics() ||
      !matmul->getResult(0).hasOneUse())
    return {};
  return matmul;
}

/// The matmul computing `matmul`'s result permuted by `toOut` into `out`
/// (from a zero fill like `fill`), or failure, changing nothing.
static FailureOr<SpecializedMatmul>
createPermutedMatmul(RewriterBase &rewriter, linalg::LinalgOp matmul,
                     linalg::FillOp fill, AffineMap toOut, Value out) {
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  maps[2] = toOut.compose(maps[2]);
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
  FailureOr<SpecializedMatmul> named = specializeToMatmul(rewriter, generic);
  if (failed(named)) {
    rewriter.eraseOp(generic);
    rewriter.eraseOp(zero);
  }
  return named;
}

FailureOr<linalg::LinalgOp>
mlir::gemm_opt::foldResultTranspose(RewriterBase &rewriter,
                                    linalg::LinalgOp copy) {
  if (!isPermutingCopy(copy) || !copy.hasPureTensorSemantics())
    return failure();
  SmallVector<linalg::GenericOp> chain;
  linalg::LinalgOp matmul = findPermutedMatmul(copy, chain);
  auto fill = matmul ? matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>()
                     : linalg::FillOp();
  if (!fill || !isZeroFill(fill))
    return failure();
  // The values below the top of a chain get new tensors: static shapes.
  if (!chain.empty()) {
    SmallVector<Value> below = {matmul->getResult(0)};
    for (linalg::GenericOp g : ArrayRef(chain).drop_front())
      below.push_back(g->getResult(0));
    if (llvm::any_of(below, [](Value v) {
          return !cast<ShapedType>(v.getType()).hasStaticShape();
        }))
      return failure();
  }
  // The copy writes out[O(e)] = in[I(e)], so element x of its input lands
  // at out[O(I^-1(x))]: that permutation after C's map.
  SmallVector<AffineMap> copyMaps = copy.getIndexingMapsArray();
  AffineMap toOut = copyMaps[1].compose(inversePermutation(copyMaps[0]));
  AffineMap fromOut = inversePermutation(toOut);

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(copy);
  // Every op of the chain writes its result permuted: the copy's output at
  // the top, new tensors below it.
  auto outputOf = [&](Operation *op) -> Value {
    if (chain.empty() || op == chain.front())
      return copy.getDpsInits()[0];
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    return tensor::EmptyOp::create(rewriter, op->getLoc(),
                                   permutedShape(type, toOut),
                                   type.getElementType());
  };
  Value matmulOut = outputOf(matmul);
  FailureOr<SpecializedMatmul> named =
      createPermutedMatmul(rewriter, matmul, fill, toOut, matmulOut);
  if (failed(named)) {
    if (matmulOut != copy.getDpsInits()[0])
      rewriter.eraseOp(matmulOut.getDefiningOp());
    return failure();
  }
  GEMM_OPT_DBG() << "writes " << matmul->getName() << "'s result through "
                 << chain.size() << " elementwise op(s) in the layout of "
                 << "the permuting copy after them: " << named->named->getName()
                 << " with C indexed " << named->named.getIndexingMapsArray()[2]
                 << "\n";
  // The chain from the matmul up, each op reading the permuted value and
  // its broadcasts through the inverse permutation.
  Value value = named->results.front();
  for (linalg::GenericOp g : llvm::reverse(chain)) {
    unsigned carried = *chainInput(g);
    SmallVector<Value> inputs(g.getDpsInputs());
    SmallVector<AffineMap> maps;
    for (OpOperand *input : g.getDpsInputOperands()) {
      maps.push_back(g.getMatchingIndexingMap(input).compose(fromOut));
      if (input->getOperandNumber() == carried) {
        inputs[carried] = value;
        maps.back() = rewriter.getMultiDimIdentityMap(g.getNumLoops());
      }
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(g.getNumLoops()));
    Value out = outputOf(g);
    auto moved = linalg::GenericOp::create(
        rewriter, g.getLoc(), TypeRange{out.getType()}, inputs, ValueRange{out},
        maps, g.getIteratorTypesArray());
    IRMapping none;
    g.getRegion().cloneInto(&moved.getRegion(), none);
    value = moved->getResult(0);
  }
  rewriter.replaceOp(copy, value);
  for (linalg::GenericOp g : chain)
    eraseIfUnused(rewriter, g);
  eraseIfUnused(rewriter, matmul);
  eraseIfUnused(rewriter, fill);
  return named->named;
}

FailureOr<linalg::TransposeOp>
mlir::gemm_opt::transposeBeforeExpand(RewriterBase &rewriter,
                                      linalg::TransposeOp transpose) {
  auto expand = transpose.getInput().getDefiningOp<tensor::ExpandShapeOp>();
  if (!transpose.hasPureTensorSemantics() || !expand || !expand->hasOneUse() ||
      !expand.getSrcType().hasStaticShape())
    return failure();
  // The groups of the expand in the transpose's order: each group's
  // dimensions consecutive and in order there, else no transpose of the
  // source expresses it.
  ArrayRef<int64_t> perm = transpose.getPermutation();
  SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
  SmallVector<int64_t> groupPerm;
  SmallVector<ReassociationIndices> outGroups;
  for (size_t i = 0; i < perm.size();) {
    auto *group = llvm::find_if(groups, [&](const ReassociationIndices &g) {
      return g.front() == perm[i];
    });
    if (group == groups.end() || i + group->size() > perm.size())
      return failure();
    ReassociationIndices out;
    for (auto [j, d] : llvm::enumerate(*group)) {
      if (perm[i + j] != d)
        return failure();
      out.push_back(static_cast<int64_t>(i + j));
    }
    groupPerm.push_back(group - groups.begin());
    outGroups.push_back(out);
    i += group->size();
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(transpose);
  Location loc = transpose.getLoc();
  RankedTensorType srcType = expand.getSrcType();
  Value init = tensor::EmptyOp::create(
      rewriter, loc, applyPermutation(srcType.getShape(), groupPerm),
      srcType.getElementType());
  auto inner = linalg::TransposeOp::create(rewriter, loc, expand.getSrc(), init,
                                           groupPerm);
  auto expanded = tensor::ExpandShapeOp::create(
      rewriter, expand.getLoc(), transpose->getResult(0).getType(),
      inner->getResult(0), outGroups);
  rewriter.replaceAllUsesWith(transpose->getResults(), expanded->getResults());
  eraseIfUnused(rewriter, transpose);
  rewriter.eraseOp(expand);
  return inner;
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
    for (linalg::LinalgOp copy : copies) {
      if (succeeded(foldResultTranspose(rewriter, copy)))
        continue;
      // A batch's result expanded (4-D attention) and then transposed:
      // the transpose of the 3-D result first, then the expand.
      auto transpose = dyn_cast<linalg::TransposeOp>(copy.getOperation());
      FailureOr<linalg::TransposeOp> inner =
          transpose ? transposeBeforeExpand(rewriter, transpose)
                    : FailureOr<linalg::TransposeOp>(failure());
      if (succeeded(inner)) {
        (void)foldResultTranspose(rewriter, *inner);
        continue;
      }
      // Attention's output transpose(1, 2) stays, last after the matmul:
      // the first rung writes C in its layout (HeadsTransposes.h).
      (void)sinkHeadsTranspose(rewriter, copy);
    }
  }
};
} // namespace
