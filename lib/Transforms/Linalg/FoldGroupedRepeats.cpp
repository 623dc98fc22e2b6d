//===- FoldGroupedRepeats.cpp - Grouped-query heads, a B per group --------===//

#include "gemm-opt/Transforms/Linalg/FoldGroupedRepeats.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/StackGroupedHeads.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-grouped-heads"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMFOLDGROUPEDREPEATS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

static LogicalResult declined(std::string *why, const Twine &reason) {
  if (why)
    *why = reason.str();
  GEMM_OPT_DBG() << "grouped repeat not folded: " << reason << "\n";
  return failure();
}

LogicalResult mlir::gemm_opt::foldGroupedRepeat(RewriterBase &rewriter,
                                                linalg::LinalgOp matmul,
                                                std::string *why) {
  if (!isa<linalg::BatchMatmulOp>(matmul.getOperation()) ||
      !matmul.hasPureTensorSemantics() || matmul.hasDynamicShape())
    return declined(why, "not a batch matmul on static tensors");
  if (matmul->hasAttr(kBGroupAttr))
    return declined(why, "B's repeat is folded already");
  Value b = matmul.getDpsInputs()[1];
  FailureOr<RepeatedOperand> repeated = findRepeatedOperand(b);
  if (failed(repeated))
    return declined(
        why, "B is no repeat of a tensor over the batch's last dimension");
  int64_t r = repeated->repeats;
  auto bType = cast<RankedTensorType>(b.getType());
  if (r < 2)
    return declined(why, "B repeats its entries once");
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(matmul);
  Location loc = matmul.getLoc();
  // The unrepeated entries [E, R, C], repeated along a new dimension 1:
  // [E, r, R, C] collapses to B's [E * r, R, C], entry z from z / r.
  Value entries = collapseToEntries(rewriter, loc, repeated->source);
  ArrayRef<int64_t> s = cast<RankedTensorType>(entries.getType()).getShape();
  if (s[0] * r != bType.getDimSize(0))
    return declined(why, "the repeat's entries do not make B's batch");
  SmallVector<int64_t> shape = {s[0], r, s[1], s[2]}, dimensions = {1};
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, shape, bType.getElementType());
  Value repeat =
      linalg::BroadcastOp::create(rewriter, loc, entries, empty, dimensions)
          ->getResult(0);
  Value folded = tensor::CollapseShapeOp::create(
      rewriter, loc, bType, repeat,
      ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
  rewriter.modifyOpInPlace(matmul, [&] {
    matmul->setOperand(1, folded);
    matmul->setAttr(kBGroupAttr, rewriter.getI64IntegerAttr(r));
  });
  GEMM_OPT_DBG() << "folds a repeat of B: entry z reads B entry z / " << r
                 << " of " << entries.getType() << "\n";
  eraseUnreadRepeat(rewriter, b);
  return success();
}

/// Whether `matmul` reads `b` as its B and carries kBGroupAttr.
static bool readsAsGroupedB(Operation *user, Value b) {
  auto matmul = dyn_cast<linalg::BatchMatmulOp>(user);
  return matmul && matmul->hasAttr(kBGroupAttr) &&
         matmul.getDpsInputs()[1] == b &&
         !llvm::is_contained(matmul.getDpsInits(), b) &&
         matmul.getDpsInputs()[0] != b;
}

bool mlir::gemm_opt::isFoldedGroupedRepeat(Operation *op) {
  auto broadcast = dyn_cast<linalg::BroadcastOp>(op);
  if (!broadcast || broadcast.getDimensions() != ArrayRef<int64_t>{1} ||
      cast<ShapedType>(broadcast.getInit().getType()).getRank() != 4)
    return false;
  Value out = broadcast->getNumResults() ? Value(broadcast->getResult(0))
                                         : Value(broadcast.getInit());
  bool read = false;
  for (Operation *user : out.getUsers()) {
    if (user == op || isa<memref::DeallocOp>(user))
      continue;
    if (!isa<tensor::CollapseShapeOp, memref::CollapseShapeOp>(user))
      return false;
    for (Operation *reader : user->getResult(0).getUsers())
      if (!readsAsGroupedB(reader, user->getResult(0)))
        return false;
    read = true;
  }
  return read;
}

namespace {
struct GemmFoldGroupedRepeatsPass
    : public mlir::gemm_opt::impl::GemmFoldGroupedRepeatsBase<
          GemmFoldGroupedRepeatsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> matmuls;
    getOperation()->walk(
        [&](linalg::BatchMatmulOp op) { matmuls.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp matmul : matmuls)
      (void)foldGroupedRepeat(rewriter, matmul);
  }
};
} // namespace
