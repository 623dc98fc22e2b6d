//===- StackGroupedHeads.cpp - Grouped-query attention as stacked rows ----===//

#include "gemm-opt/Transforms/Linalg/StackGroupedHeads.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/HeadsTranspose.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

#define DEBUG_TYPE "gemm-opt-grouped-heads"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSTACKGROUPEDHEADS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
/// Stacking rows fails with a reason.
struct Failure {
  std::string *why;
  LogicalResult operator()(const Twine &reason) const {
    if (why)
      *why = reason.str();
    GEMM_OPT_DBG() << "grouped heads not stacked: " << reason << "\n";
    return failure();
  }
};
} // namespace

/// The loop `op` repeats its one input along: a linalg.broadcast adding
/// one dimension, or a linalg.generic that yields its input element, writes
/// every element of its output (identity) and reads the input through the
/// other loops in order, either leaving the loop out or reading a unit
/// dimension at 0 there (torch-mlir's expand of an unsqueezed tensor).
static std::optional<unsigned> repeatedLoop(linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || op.getNumDpsInputs() != 1)
    return std::nullopt;
  if (auto broadcast = dyn_cast<linalg::BroadcastOp>(op.getOperation())) {
    if (broadcast.getDimensions().size() != 1)
      return std::nullopt;
    return broadcast.getDimensions()[0];
  }
  auto g = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!g || g.getNumDpsInits() != 1 ||
      g.getNumParallelLoops() != g.getNumLoops() || g.hasIndexSemantics() ||
      !g.getMatchingIndexingMap(g.getDpsInitOperand(0)).isIdentity())
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(g.getBody()->getTerminator());
  if (yield.getNumOperands() != 1 ||
      yield.getOperand(0) != g.getBody()->getArgument(0))
    return std::nullopt;
  OpOperand *input = g.getDpsInputOperand(0);
  AffineMap in = g.getMatchingIndexingMap(input);
  auto inType = dyn_cast<RankedTensorType>(input->get().getType());
  unsigned loops = in.getNumDims();
  MLIRContext *ctx = g.getContext();
  for (unsigned r = 0; r < loops && inType; ++r) {
    SmallVector<AffineExpr> kept, unit;
    for (unsigned d = 0; d < loops; ++d) {
      if (d != r)
        kept.push_back(getAffineDimExpr(d, ctx));
      unit.push_back(d == r ? getAffineConstantExpr(0, ctx)
                            : getAffineDimExpr(d, ctx));
    }
    if (in == AffineMap::get(loops, 0, kept, ctx) ||
        (in == AffineMap::get(loops, 0, unit, ctx) &&
         inType.getDimSize(r) == 1))
      return r;
  }
  return std::nullopt;
}

FailureOr<RepeatedOperand> mlir::gemm_opt::findRepeatedOperand(Value b) {
  SmallVector<tensor::CollapseShapeOp> collapses;
  while (auto collapse = b.getDefiningOp<tensor::CollapseShapeOp>()) {
    collapses.push_back(collapse);
    b = collapse.getSrc();
  }
  auto repeat = b.getDefiningOp<linalg::LinalgOp>();
  std::optional<unsigned> loop = repeat && repeat.hasPureTensorSemantics()
                                     ? repeatedLoop(repeat)
                                     : std::nullopt;
  if (!loop)
    return failure();
  auto type = cast<RankedTensorType>(b.getType());
  int64_t rank = type.getRank();
  // Each dimension of the repeat's result, as the outermost collapse groups
  // them.
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < rank; ++d)
    groups.push_back({d});
  for (tensor::CollapseShapeOp collapse : llvm::reverse(collapses)) {
    SmallVector<ReassociationIndices> merged;
    for (const ReassociationIndices &outer :
         collapse.getReassociationIndices()) {
      merged.emplace_back();
      for (int64_t inner : outer)
        llvm::append_range(merged.back(), groups[inner]);
    }
    groups = std::move(merged);
  }
  ReassociationIndices batch = llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
  if (rank < 3 || !type.hasStaticShape() ||
      groups !=
          SmallVector<ReassociationIndices>{batch, {rank - 2}, {rank - 1}} ||
      *loop != static_cast<unsigned>(rank - 3))
    return failure();
  return RepeatedOperand{repeat, repeat.getDpsInputs()[0],
                         type.getDimSize(*loop)};
}

/// `v` [batch, M, X] as [batch / repeats, repeats * M, X].
static Value stackRows(OpBuilder &b, Location loc, Value v, int64_t repeats) {
  auto type = cast<RankedTensorType>(v.getType());
  ArrayRef<int64_t> s = type.getShape();
  auto split = RankedTensorType::get({s[0] / repeats, repeats, s[1], s[2]},
                                     type.getElementType());
  Value e = tensor::ExpandShapeOp::create(b, loc, split, v, {{0, 1}, {2}, {3}});
  return tensor::CollapseShapeOp::create(b, loc, e, {{0}, {1, 2}, {3}});
}

/// `v` [groups, repeats * M, X] back as [groups * repeats, M, X].
static Value unstackRows(OpBuilder &b, Location loc, Value v, int64_t repeats) {
  auto type = cast<RankedTensorType>(v.getType());
  ArrayRef<int64_t> s = type.getShape();
  auto split = RankedTensorType::get({s[0], repeats, s[1] / repeats, s[2]},
                                     type.getElementType());
  Value e = tensor::ExpandShapeOp::create(b, loc, split, v, {{0}, {1, 2}, {3}});
  return tensor::CollapseShapeOp::create(b, loc, e, {{0, 1}, {2}, {3}});
}

/// The stacked type of a [batch, M, X] tensor type.
static RankedTensorType stackedType(Type t, int64_t repeats) {
  auto type = cast<RankedTensorType>(t);
  ArrayRef<int64_t> s = type.getShape();
  return RankedTensorType::get({s[0] / repeats, repeats * s[1], s[2]},
                               type.getElementType());
}

/// A new initial tensor of `init`'s stacked type: a fresh fill of the same
/// value when `init` is a linalg.fill (the kernels' zero start), a fresh
/// tensor.empty for one, else `init` stacked.
static Value stackInit(OpBuilder &b, Location loc, Value init,
                       int64_t repeats) {
  auto type = stackedType(init.getType(), repeats);
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    Value empty =
        tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
    return linalg::FillOp::create(b, loc, fill.getInputs()[0], empty)
        .getResult(0);
  }
  if (init.getDefiningOp<tensor::EmptyOp>())
    return tensor::EmptyOp::create(b, loc, type.getShape(),
                                   type.getElementType());
  return stackRows(b, loc, init, repeats);
}

/// How input `operand` of the epilogue `ep` reads in stacked rows: its map
/// there, and whether its value is reshaped like C (`reshape`); failure
/// when it reads per row or per query head.
static FailureOr<AffineMap> stackedEpilogueMap(linalg::GenericOp ep,
                                               OpOperand &operand,
                                               int64_t repeats, bool &reshape) {
  MLIRContext *ctx = ep.getContext();
  AffineMap map = ep.getMatchingIndexingMap(&operand);
  AffineExpr z = getAffineDimExpr(0, ctx), j = getAffineDimExpr(2, ctx);
  auto shaped = dyn_cast<RankedTensorType>(operand.get().getType());
  reshape = map.isIdentity() && shaped &&
            shaped.getShape() ==
                cast<ShapedType>(ep.getResult(0).getType()).getShape();
  if (reshape || (!map.isFunctionOfDim(0) && !map.isFunctionOfDim(1)))
    return map;
  // A column vector per group of S entries: per group of S / repeats.
  if (map.getNumResults() != 2 || map.getResult(1) != j ||
      map.getResult(0).getKind() != AffineExprKind::FloorDiv)
    return failure();
  auto group = cast<AffineBinaryOpExpr>(map.getResult(0));
  auto span = dyn_cast<AffineConstantExpr>(group.getRHS());
  if (group.getLHS() != z || !span || span.getValue() % repeats)
    return failure();
  int64_t stacked = span.getValue() / repeats;
  AffineExpr entry = stacked == 1 ? z : z.floorDiv(stacked);
  return AffineMap::get(3, 0, {entry, j}, ctx);
}

/// Whether `result` is attention's output transposed (1, 2) over several
/// heads, which the first rung writes as a C of heads: stacked rows would
/// put r heads' rows in one entry, no one row stride.
static bool feedsHeadsTranspose(Value result) {
  for (Operation *user : result.getUsers())
    if (isa<tensor::ExpandShapeOp>(user))
      for (Operation *reader : user->getUsers())
        if (auto copy = dyn_cast<linalg::LinalgOp>(reader)) {
          FailureOr<HeadsTranspose> t = matchHeadsTranspose(copy);
          if (succeeded(t) && t->heads > 1)
            return true;
        }
  return false;
}

/// The elementwise generic reading `matmul`'s result as its epilogue (the
/// result's only use, 3 parallel loops, identity reads and writes), or null.
static linalg::GenericOp findEpilogue(linalg::LinalgOp matmul) {
  Value result = matmul->getResult(0);
  if (!result.hasOneUse())
    return {};
  OpOperand &use = *result.getUses().begin();
  auto ep = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!ep || ep.getNumDpsInits() != 1 || ep.getNumLoops() != 3 ||
      ep.getNumParallelLoops() != 3 || ep.hasIndexSemantics() ||
      ep.isDpsInit(&use) || !ep.getMatchingIndexingMap(&use).isIdentity() ||
      !ep.getMatchingIndexingMap(ep.getDpsInitOperand(0)).isIdentity())
    return {};
  return ep;
}

Value mlir::gemm_opt::collapseToEntries(OpBuilder &b, Location loc,
                                        Value source) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  if (rank == 2)
    return tensor::ExpandShapeOp::create(
        b, loc,
        RankedTensorType::get({1, type.getDimSize(0), type.getDimSize(1)},
                              type.getElementType()),
        source, {{0, 1}, {2}});
  if (rank == 3)
    return source;
  SmallVector<ReassociationIndices> reassociation = {
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 2)), {rank - 2}, {rank - 1}};
  return tensor::CollapseShapeOp::create(b, loc, source, reassociation);
}

void mlir::gemm_opt::eraseUnreadRepeat(RewriterBase &rewriter, Value b) {
  while (auto collapse = b.getDefiningOp<tensor::CollapseShapeOp>()) {
    if (!collapse->use_empty())
      return;
    b = collapse.getSrc();
    rewriter.eraseOp(collapse);
  }
  if (auto repeat = b.getDefiningOp<linalg::LinalgOp>())
    eraseIfUnused(rewriter, repeat);
}

LogicalResult mlir::gemm_opt::stackGroupedHeads(RewriterBase &rewriter,
                                                linalg::LinalgOp matmul,
                                                std::string *why) {
  Failure fail{why};
  if (!isa<linalg::BatchMatmulOp>(matmul.getOperation()) ||
      !matmul.hasPureTensorSemantics() || matmul.hasDynamicShape())
    return fail("not a batch matmul on static tensors");
  FailureOr<RepeatedOperand> repeated =
      findRepeatedOperand(matmul.getDpsInputs()[1]);
  if (failed(repeated))
    return fail("B is no repeat of a tensor over the batch's last dimension");
  MLIRContext *ctx = matmul.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  if (maps[0] != AffineMap::get(4, 0, {d(0), d(1), d(3)}, ctx) ||
      maps[2] != AffineMap::get(4, 0, {d(0), d(1), d(2)}, ctx) ||
      maps[1].getNumResults() != 3 || maps[1].getResult(0) != d(0))
    return fail("A is not stored M x K per entry, or C not M x N");
  int64_t repeats = repeated->repeats;
  linalg::GenericOp ep = findEpilogue(matmul);
  // Each epilogue input's map in stacked rows, and whether it is reshaped.
  SmallVector<std::pair<AffineMap, bool>> epInputs;
  if (ep)
    for (OpOperand *input : ep.getDpsInputOperands()) {
      bool reshape = false;
      FailureOr<AffineMap> map =
          input->get() == matmul->getResult(0)
              ? ep.getMatchingIndexingMap(input)
              : stackedEpilogueMap(ep, *input, repeats, reshape);
      if (failed(map))
        return fail("the epilogue reads input #" +
                    Twine(input->getOperandNumber()) +
                    " per row or per query head, which stacked rows change");
      epInputs.push_back({*map, reshape});
    }
  if (feedsHeadsTranspose(ep ? ep->getResult(0) : matmul->getResult(0)))
    return fail("the result is transposed (1, 2) afterwards, a C of heads");
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = matmul.getLoc();
  // B: the repeated tensor with its batch dimensions collapsed (or a batch
  // of one).
  rewriter.setInsertionPoint(matmul);
  Value b = collapseToEntries(rewriter, loc, repeated->source);
  Value a = stackRows(rewriter, loc, matmul.getDpsInputs()[0], repeats);
  Value init = stackInit(rewriter, loc, matmul.getDpsInits()[0], repeats);
  Operation *stacked = clone(rewriter, matmul, TypeRange{init.getType()},
                             ValueRange{a, b, init});
  GEMM_OPT_DBG() << "stacks " << repeats << " query heads per key head: "
                 << stacked->getResult(0).getType() << "\n";
  Value result = stacked->getResult(0);
  Operation *replaced = matmul;
  if (ep) {
    rewriter.setInsertionPoint(ep);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> epMaps;
    for (auto [input, read] : llvm::zip(ep.getDpsInputs(), epInputs)) {
      inputs.push_back(input == matmul->getResult(0) ? result
                       : read.second
                           ? stackRows(rewriter, ep.getLoc(), input, repeats)
                           : input);
      epMaps.push_back(read.first);
    }
    epMaps.push_back(ep.getMatchingIndexingMap(ep.getDpsInitOperand(0)));
    Value epInit =
        stackInit(rewriter, ep.getLoc(), ep.getDpsInits()[0], repeats);
    auto stackedEp = linalg::GenericOp::create(
        rewriter, ep.getLoc(), epInit.getType(), inputs, epInit, epMaps,
        ep.getIteratorTypesArray());
    rewriter.inlineRegionBefore(ep.getRegion(), stackedEp.getRegion(),
                                stackedEp.getRegion().begin());
    result = stackedEp.getResult(0);
    replaced = ep;
  }
  rewriter.setInsertionPointAfter(result.getDefiningOp());
  SmallVector<Value> oldInits = {matmul.getDpsInits()[0]};
  if (ep)
    oldInits.push_back(ep.getDpsInits()[0]);
  rewriter.replaceOp(replaced, unstackRows(rewriter, loc, result, repeats));
  if (ep)
    eraseIfUnused(rewriter, matmul);
  // The initial tensors nothing reads any more.
  for (Value init : oldInits)
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      eraseIfUnused(rewriter, fill);
    else if (auto empty = init.getDefiningOp<tensor::EmptyOp>();
             empty && empty->use_empty())
      rewriter.eraseOp(empty);
  return success();
}

bool mlir::gemm_opt::isRepeatOfTensor(linalg::LinalgOp op) {
  return repeatedLoop(op).has_value();
}

namespace {
struct GemmStackGroupedHeadsPass
    : public mlir::gemm_opt::impl::GemmStackGroupedHeadsBase<
          GemmStackGroupedHeadsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> matmuls;
    getOperation()->walk(
        [&](linalg::BatchMatmulOp op) { matmuls.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp matmul : matmuls) {
      Value b = matmul.getDpsInputs()[1];
      if (succeeded(stackGroupedHeads(rewriter, matmul)))
        eraseUnreadRepeat(rewriter, b);
    }
  }
};
} // namespace
