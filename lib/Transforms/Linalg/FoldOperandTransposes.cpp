//===- FoldOperandTransposes.cpp - Transposed operands as layouts ---------===//

#include "gemm-opt/Transforms/Linalg/FoldOperandTransposes.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-transposes"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDOPERANDTRANSPOSES
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

bool mlir::gemm_opt::isPermutingCopy(linalg::LinalgOp op) {
  if (!isa<linalg::TransposeOp, linalg::GenericOp, linalg::CopyOp>(
          op.getOperation()) ||
      op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops())
    return false;
  auto inType = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  auto outType = dyn_cast<ShapedType>(op.getDpsInits()[0].getType());
  if (!inType || !outType ||
      inType.getElementType() != outType.getElementType())
    return false;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!maps[0].isPermutation() || !maps[1].isPermutation())
    return false;
  Block *body = op.getBlock();
  auto yield = dyn_cast<linalg::YieldOp>(body->getTerminator());
  return yield && yield.getNumOperands() == 1 &&
         yield.getOperand(0) == body->getArgument(0);
}

/// On memrefs: whether nothing between `copy` and `reader` (same block, in
/// that order) may write the copy's source or its buffer (a linalg op
/// writing a view of any buffer counts as one that may).
static bool sourceUnchangedBetween(Operation *copy, Operation *reader,
                                   Value source, Value buffer) {
  if (copy->getBlock() != reader->getBlock() || !copy->isBeforeInBlock(reader))
    return false;
  for (Operation *op = copy->getNextNode(); op != reader;
       op = op->getNextNode()) {
    if (isMemoryEffectFree(op) || isa<memref::AllocOp>(op))
      continue;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureBufferSemantics())
      return false;
    // A write to the source or the copy, or through any view.
    for (Value init : linalgOp.getDpsInits()) {
      Value root = getRootBuffer(init);
      if (!root || root == source || root == buffer)
        return false;
    }
  }
  return true;
}

/// The permuting copy that produced `input` of `reader`, or null.
static linalg::LinalgOp findPermutingCopy(Value input, Operation *reader) {
  if (isa<RankedTensorType>(input.getType())) {
    auto copy = input.getDefiningOp<linalg::LinalgOp>();
    return copy && isPermutingCopy(copy) ? copy : linalg::LinalgOp();
  }
  // memref: an alloc written by one permuting copy, read by `reader` only.
  if (!input.getDefiningOp<memref::AllocOp>())
    return {};
  linalg::LinalgOp copy;
  for (Operation *user : input.getUsers()) {
    if (user == reader || isa<memref::DeallocOp>(user))
      continue;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    if (copy || !linalgOp || !isPermutingCopy(linalgOp) ||
        linalgOp.getDpsInits()[0] != input)
      return {};
    copy = linalgOp;
  }
  if (!copy || llvm::count(reader->getOperands(), input) != 1 ||
      !sourceUnchangedBetween(copy, reader, copy.getDpsInputs()[0], input))
    return {};
  return copy;
}

/// torch-mlir transposes a 4-D K (batch, heads, keys, head dim) and then
/// collapses batch and heads for linalg.batch_matmul: when each group of
/// the collapse is a run of consecutive source dimensions, in order, the
/// same value is the source collapsed, then transposed, which the matmul
/// can read in place. Rewrites `input` so, returning the new transpose.
static FailureOr<Value> collapseBeforeTranspose(RewriterBase &rewriter,
                                                Value input) {
  auto collapse = input.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse)
    return failure();
  auto transpose = collapse.getSrc().getDefiningOp<linalg::TransposeOp>();
  if (!transpose || !transpose.hasPureTensorSemantics())
    return failure();
  ArrayRef<int64_t> perm = transpose.getPermutation();
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  // Each group's source dimensions, first dimension first.
  SmallVector<ReassociationIndices> sourceGroups;
  for (const ReassociationIndices &group : groups) {
    ReassociationIndices source;
    for (int64_t d : group) {
      if (!source.empty() && perm[d] != source.back() + 1)
        return failure();
      source.push_back(perm[d]);
    }
    sourceGroups.push_back(source);
  }
  SmallVector<int64_t> order =
      llvm::to_vector(llvm::seq<int64_t>(0, groups.size()));
  llvm::sort(order, [&](int64_t x, int64_t y) {
    return sourceGroups[x].front() < sourceGroups[y].front();
  });
  SmallVector<ReassociationIndices> sortedGroups;
  SmallVector<int64_t> groupPerm(groups.size());
  for (auto [position, group] : llvm::enumerate(order)) {
    sortedGroups.push_back(sourceGroups[group]);
    groupPerm[group] = position;
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(collapse);
  Location loc = transpose.getLoc();
  Value collapsed = tensor::CollapseShapeOp::create(
      rewriter, loc, transpose.getInput(), sortedGroups);
  auto resultType = cast<RankedTensorType>(collapse.getType());
  Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                       resultType.getElementType());
  auto collapsedTranspose =
      linalg::TransposeOp::create(rewriter, loc, collapsed, init, groupPerm);
  rewriter.replaceOp(collapse, collapsedTranspose->getResults());
  eraseIfUnused(rewriter, transpose);
  return collapsedTranspose->getResult(0);
}

/// Erases `copy` when nothing reads what it wrote any more (with its
/// memref buffer and that buffer's deallocs).
static void eraseIfDead(RewriterBase &rewriter, linalg::LinalgOp copy) {
  if (copy.hasPureTensorSemantics())
    return eraseIfUnused(rewriter, copy);
  Value buffer = copy.getDpsInits()[0];
  if (llvm::any_of(buffer.getUsers(), [&](Operation *user) {
        return user != copy && !isa<memref::DeallocOp>(user);
      }))
    return;
  rewriter.eraseOp(copy);
  eraseBufferIfUnused(rewriter, buffer);
}

FailureOr<linalg::LinalgOp>
mlir::gemm_opt::foldOperandTransposes(RewriterBase &rewriter,
                                      linalg::LinalgOp op) {
  if (!isGemmOp(op))
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<Value> inputs = op.getDpsInputs();
  // One copy may feed both inputs (x^T x^T): it is erased once.
  llvm::SetVector<Operation *> copies;
  for (unsigned i = 0; i < inputs.size(); ++i) {
    if (FailureOr<Value> moved = collapseBeforeTranspose(rewriter, inputs[i]);
        succeeded(moved))
      inputs[i] = *moved;
    linalg::LinalgOp copy = findPermutingCopy(inputs[i], op);
    if (!copy)
      continue;
    // The matmul reads out[r] = in[inMap(outMap^-1(r))], r = maps[i](loops).
    SmallVector<AffineMap> copyMaps = copy.getIndexingMapsArray();
    maps[i] =
        copyMaps[0].compose(inversePermutation(copyMaps[1])).compose(maps[i]);
    inputs[i] = copy.getDpsInputs()[0];
    copies.insert(copy);
  }
  if (copies.empty())
    return failure();
  // The same matmul as a generic reading the sources, checked before
  // anything of `op` changes.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto clone = cast<linalg::LinalgOp>(rewriter.clone(*op));
  FailureOr<linalg::GenericOp> generic =
      linalg::generalizeNamedOp(rewriter, clone);
  if (failed(generic)) {
    rewriter.eraseOp(clone);
    return failure();
  }
  rewriter.modifyOpInPlace(*generic, [&] {
    generic->setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    for (auto [i, input] : llvm::enumerate(inputs))
      generic->getDpsInputOperand(i)->set(input);
  });
  if (std::string why = whyNotMatmulContraction(*generic); !why.empty()) {
    GEMM_OPT_DBG() << "keeps the transposes of " << op->getName() << ": " << why
                   << "\n";
    rewriter.eraseOp(*generic);
    return failure();
  }
  FailureOr<SpecializedMatmul> folded = specializeToMatmul(rewriter, *generic);
  if (failed(folded))
    return failure();
  GEMM_OPT_DBG() << "folds " << copies.size() << " transposed operand(s) of "
                 << op->getName() << " into its indexing maps\n";
  rewriter.replaceOp(op, folded->results);
  for (Operation *copy : copies)
    eraseIfDead(rewriter, cast<linalg::LinalgOp>(copy));
  return folded->named;
}

namespace {
struct GemmFoldOperandTransposesPass
    : public mlir::gemm_opt::impl::GemmFoldOperandTransposesBase<
          GemmFoldOperandTransposesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // A transpose of a transpose folds one copy at a time.
    for (linalg::LinalgOp op : collectGemmOps(getOperation()))
      for (FailureOr<linalg::LinalgOp> folded =
               foldOperandTransposes(rewriter, op);
           succeeded(folded);
           folded = foldOperandTransposes(rewriter, *folded)) {
      }
  }
};
} // namespace
