//===- HeadsTranspose.cpp - Attention's output transpose as C's layout ----===//

#include "gemm-opt/Transforms/Analysis/HeadsTranspose.h"

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/FoldOperandTransposes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// The source and the heads of `v` when it is the expand_shape of a static
/// 3-D value's batch into two dimensions, [b * h, q, d] -> [b, h, q, d].
static Operation *headsExpand(Value v, Value &source, int64_t &heads) {
  Operation *def = v.getDefiningOp();
  SmallVector<ReassociationIndices> groups;
  if (auto e = dyn_cast_or_null<tensor::ExpandShapeOp>(def))
    groups = e.getReassociationIndices();
  else if (auto e = dyn_cast_or_null<memref::ExpandShapeOp>(def))
    groups = e.getReassociationIndices();
  else
    return nullptr;
  auto type = cast<ShapedType>(v.getType());
  SmallVector<ReassociationIndices> expected = {{0, 1}, {2}, {3}};
  if (groups != expected || !type.hasStaticShape())
    return nullptr;
  source = def->getOperand(0);
  heads = type.getDimSize(1);
  return def;
}

FailureOr<HeadsTranspose>
mlir::gemm_opt::matchHeadsTranspose(linalg::LinalgOp copy) {
  if (!isPermutingCopy(copy) || copy.getNumLoops() != 4)
    return failure();
  HeadsTranspose t;
  t.copy = copy;
  t.expand = headsExpand(copy.getDpsInputs()[0], t.source, t.heads);
  t.output = copy.getDpsInits()[0];
  if (!t.expand || !cast<ShapedType>(t.output.getType()).hasStaticShape())
    return failure();
  // Element x of the input lands at out[toOut(x)]: (b, h, q, d) must land
  // at (b, q, h, d).
  SmallVector<AffineMap> maps = copy.getIndexingMapsArray();
  AffineMap toOut = maps[1].compose(inversePermutation(maps[0]));
  AffineMap swapped = AffineMap::getPermutationMap(
      ArrayRef<unsigned>{0, 2, 1, 3}, copy.getContext());
  if (toOut != swapped)
    return failure();
  return t;
}

FailureOr<HeadsTranspose>
mlir::gemm_opt::findHeadsTranspose(Value temp, Operation *writer) {
  if (!temp.getDefiningOp<memref::AllocOp>() ||
      !isStaticRowMajor(temp.getType()) ||
      cast<MemRefType>(temp.getType()).getRank() != 3)
    return failure();
  Operation *expand = nullptr;
  for (Operation *user : temp.getUsers()) {
    if (isa<memref::DeallocOp, linalg::FillOp>(user) || user == writer)
      continue;
    if (expand || !isa<memref::ExpandShapeOp>(user))
      return failure();
    expand = user;
  }
  if (!expand || !expand->hasOneUse())
    return failure();
  auto copy = dyn_cast<linalg::LinalgOp>(*expand->getUsers().begin());
  if (!copy || !copy.hasPureBufferSemantics())
    return failure();
  FailureOr<HeadsTranspose> t = matchHeadsTranspose(copy);
  // One head is the same bytes: the tensor form is rewritten into a
  // reshape (gemm-fold-result-transposes) and never gets here.
  if (failed(t) || t->heads < 2 || t->source != temp ||
      copy->getBlock() != writer->getBlock() ||
      !writer->isBeforeInBlock(copy) ||
      !isStaticRowMajor(t->output.getType()) || !getViewedRootBuffer(t->output))
    return failure();
  return t;
}

void mlir::gemm_opt::eraseHeadsTranspose(const HeadsTranspose &t) {
  t.copy->erase();
  t.expand->erase();
  Operation *temp = t.source.getDefiningOp();
  for (Operation *user : llvm::make_early_inc_range(temp->getUsers()))
    user->erase(); // deallocations
  temp->erase();
}
