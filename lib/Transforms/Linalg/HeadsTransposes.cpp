//===- HeadsTransposes.cpp - Attention's output transpose on tensors ------===//

#include "gemm-opt/Transforms/Linalg/HeadsTransposes.h"

#include "gemm-opt/Transforms/Analysis/HeadsTranspose.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"

#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// The elementwise generic that `value` (used once) feeds as an input
/// through an identity map, when its other inputs are broadcasts or
/// scalars and it writes an init it does not read through an identity
/// map; null otherwise.
static linalg::GenericOp elementwiseUser(Value value) {
  if (!value.hasOneUse())
    return {};
  OpOperand &use = *value.getUses().begin();
  auto g = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!g || !g.hasPureTensorSemantics() || g.getNumDpsInits() != 1 ||
      !linalg::isElementwise(g) || g.isDpsInit(&use) ||
      !g.getIndexingMapsArray().back().isIdentity() ||
      g.payloadUsesValueFromOperand(g.getDpsInitOperand(0)))
    return {};
  for (OpOperand *input : g.getDpsInputOperands()) {
    AffineMap map = g.getMatchingIndexingMap(input);
    bool carried = input == &use;
    if (carried ? !map.isIdentity() : map.getNumResults() >= g.getNumLoops())
      return {};
  }
  return g;
}

/// The heads transpose `t` of one head as the expand_shape it is.
static void replaceByReshape(RewriterBase &rewriter, HeadsTranspose t) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(t.copy);
  auto outType = cast<RankedTensorType>(t.output.getType());
  Value reshaped = tensor::ExpandShapeOp::create(
      rewriter, t.copy.getLoc(), outType, t.source,
      ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
  Value init = t.copy.getDpsInits()[0];
  rewriter.replaceOp(t.copy, reshaped);
  if (t.expand->use_empty())
    rewriter.eraseOp(t.expand);
  if (auto empty = init.getDefiningOp<tensor::EmptyOp>();
      empty && empty->use_empty())
    rewriter.eraseOp(empty);
}

bool mlir::gemm_opt::sinkHeadsTranspose(RewriterBase &rewriter,
                                        linalg::LinalgOp copy) {
  FailureOr<HeadsTranspose> t = matchHeadsTranspose(copy);
  if (failed(t) || !copy.hasPureTensorSemantics())
    return false;
  if (t->heads == 1) {
    replaceByReshape(rewriter, *t);
    return true;
  }
  // (b, q, h, d) of the output is (b, h, q, d) of the input: its own
  // inverse.
  AffineMap swap = AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 1, 3},
                                                copy.getContext());
  bool changed = false;
  // The first step erases `copy`; the transposes after it keep its place.
  Location copyLoc = copy.getLoc();
  linalg::LinalgOp current = copy;
  while (linalg::GenericOp g = elementwiseUser(current->getResult(0))) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(g);
    Location loc = g.getLoc();
    Value input = current.getDpsInputs()[0];
    auto inType = cast<RankedTensorType>(input.getType());
    Type elem =
        cast<RankedTensorType>(g->getResult(0).getType()).getElementType();
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, inType.getShape(), elem);
    // The generic on [b, h, q, d]: its broadcasts read through the
    // permutation, the carried value the transpose's input.
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *operand : g.getDpsInputOperands()) {
      bool carried = operand->get() == current->getResult(0);
      inputs.push_back(carried ? input : operand->get());
      maps.push_back(carried ? g.getMatchingIndexingMap(operand)
                             : g.getMatchingIndexingMap(operand).compose(swap));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(4));
    auto moved = linalg::GenericOp::create(
        rewriter, loc, TypeRange{empty.getType()}, inputs, ValueRange{empty},
        maps, g.getIteratorTypesArray());
    IRMapping none;
    g.getRegion().cloneInto(&moved.getRegion(), none);
    auto transpose = linalg::TransposeOp::create(
        rewriter, copyLoc, moved->getResult(0), g.getDpsInits()[0],
        ArrayRef<int64_t>{0, 2, 1, 3});
    rewriter.replaceOp(g, transpose->getResults());
    eraseIfUnused(rewriter, current);
    current = cast<linalg::LinalgOp>(transpose.getOperation());
    changed = true;
  }
  return changed;
}
