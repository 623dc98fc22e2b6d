//===- SpecializeContractions.cpp - Matmul-like ops as named matmuls ------===//

#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSPECIALIZECONTRACTIONS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// A batch of row-major matrices as one: (batch, rows) collapsed.
SmallVector<ReassociationIndices> rowsOfBatch() { return {{0, 1}, {2}}; }

/// The loops of a matmul: positions of m, n and k among the op's loops,
/// and of the batch for a batched one.
struct MatmulLoops {
  std::optional<unsigned> batch;
  unsigned m, n, k;
  /// C is indexed (n, m): the op computes C^T = B^T A^T, the matmul of B
  /// and A (inputs swapped, m and n exchanged).
  bool swapped = false;
  /// B is shared by every batch entry and stored N x K, which
  /// linalg.batch_matmul cannot express: the batch is folded into A's and
  /// C's rows instead (one matmul of batch * m rows, A and C collapsed).
  bool rowsFoldBatch = false;
};

/// `map`'s results after `batch` (which must come first when given and the
/// map has three results) as loop positions, or false when they are not
/// two plain loop dimensions. `entry` says whether the batch was there.
static bool resultDims(AffineMap map, std::optional<unsigned> batch,
                       unsigned &first, unsigned &second, bool &entry) {
  ArrayRef<AffineExpr> results = map.getResults();
  entry = batch && results.size() == 3;
  if (entry) {
    auto b = dyn_cast<AffineDimExpr>(results.front());
    if (!b || b.getPosition() != *batch)
      return false;
    results = results.drop_front();
  }
  if (results.size() != 2)
    return false;
  auto d0 = dyn_cast<AffineDimExpr>(results[0]);
  auto d1 = dyn_cast<AffineDimExpr>(results[1]);
  if (!d0 || !d1)
    return false;
  first = d0.getPosition();
  second = d1.getPosition();
  return true;
}

/// A value of the body that is `arg`, possibly extended by arith.extf.
static bool isInput(Value v, BlockArgument arg) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    v = ext.getIn();
  return v == arg;
}

/// The generic's body is yield(acc + ext(a) * ext(b)) (operands of mulf and
/// addf in either order), all in C's element type.
static bool isMultiplyAddBody(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  BlockArgument a = body.getArgument(0), b = body.getArgument(1),
                acc = body.getArgument(2);
  Value prod = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  if ((add.getLhs() == acc) == (add.getRhs() == acc))
    return false;
  auto mul = prod.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  bool inputs = (isInput(mul.getLhs(), a) && isInput(mul.getRhs(), b)) ||
                (isInput(mul.getLhs(), b) && isInput(mul.getRhs(), a));
  // Nothing else in the body (a scale or a bias is an epilogue, not this).
  size_t extra = body.getOperations().size() - 3; // mul, add, yield
  size_t exts = llvm::count_if(body.getOperations(), [](Operation &o) {
    return isa<arith::ExtFOp>(o);
  });
  return inputs && extra == exts && exts <= 2;
}

/// The ranks of A, B and C: 2-D (a matmul), or a batched matmul's A and C
/// 3-D with B 3-D or 2-D (one B for every entry); "" when they fit.
static std::string checkRanks(linalg::LinalgOp op, bool &batched) {
  SmallVector<int64_t, 3> ranks;
  for (OpOperand &operand : op->getOpOperands()) {
    auto shaped = dyn_cast<ShapedType>(operand.get().getType());
    if (!shaped || !shaped.hasRank())
      return "its operands are not all ranked shaped values";
    ranks.push_back(shaped.getRank());
  }
  batched = ranks[0] == 3;
  if (ranks == SmallVector<int64_t, 3>{2, 2, 2} ||
      (batched && ranks[2] == 3 && (ranks[1] == 3 || ranks[1] == 2)))
    return "";
  return "its operands are neither all 2-D nor a batched A and C (3-D, "
         "batch first) with a 3-D or 2-D B";
}

/// Why a batched matmul whose B is shared and stored N x K cannot be
/// computed as one matmul of A's and C's rows (batch * m of them): A must be
/// stored M x K per entry (`aRowMajor`), and A and C collapsible, with
/// static batch and m (a collapse of dynamic sizes is not compiled).
static std::string whyNotRowsFoldable(linalg::LinalgOp op, bool aRowMajor) {
  const char *what = "B is shared by every batch entry and stored N x K, "
                     "which gemm-opt computes as one matmul of the batch's "
                     "rows (A and C collapsed to (batch * m) rows); ";
  if (!aRowMajor)
    return std::string(what) + "A is stored K x M per entry";
  for (Value v : {op.getDpsInputs()[0], op.getDpsInits()[0]}) {
    auto type = cast<ShapedType>(v.getType());
    if (type.isDynamicDim(0) || type.isDynamicDim(1))
      return std::string(what) + "the batch or m is dynamic";
    auto memref = dyn_cast<MemRefType>(type);
    if (memref && !memref::CollapseShapeOp::isGuaranteedCollapsible(
                      memref, rowsOfBatch()))
      return std::string(what) + "A or C is not contiguous";
  }
  return "";
}

/// Finds the batch, m, n and k and checks the operands' maps; "" on
/// success.
static std::string matchLoops(linalg::LinalgOp op, MatmulLoops &loops) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return "it does not have two inputs and one output";
  bool batched;
  if (std::string why = checkRanks(op, batched); !why.empty())
    return why;
  if (op.getNumLoops() != (batched ? 4u : 3u))
    return batched ? "it does not have four loops (batch, m, n, k)"
                   : "it does not have three loops (m, n, k)";
  // A batch loop indexes A and C first; B may leave it out (one B for
  // every entry), when inferContractionDims counts it among the m loops.
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (batched) {
    auto first = dyn_cast<AffineDimExpr>(maps[2].getResult(0));
    if (!first)
      return "C is not indexed (batch, m, n)";
    loops.batch = first.getPosition();
  }
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (succeeded(dims) && loops.batch && dims->batch.empty())
    llvm::erase(dims->m, *loops.batch);
  bool batchOk = succeeded(dims) && (dims->batch.empty() ||
                                     (loops.batch && dims->batch.size() == 1 &&
                                      dims->batch[0] == *loops.batch));
  if (!batchOk || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return "its loops are not one each of m, n (parallel) and k "
           "(reduction), after at most one batch";
  loops.m = dims->m[0];
  loops.n = dims->n[0];
  loops.k = dims->k[0];
  unsigned a0, a1, b0, b1, c0, c1;
  bool aEntry, bEntry, cEntry;
  if (!resultDims(maps[0], loops.batch, a0, a1, aEntry) ||
      !resultDims(maps[1], loops.batch, b0, b1, bEntry) ||
      !resultDims(maps[2], loops.batch, c0, c1, cEntry) || aEntry != batched ||
      cEntry != batched)
    return batched ? "an operand is not indexed by the batch, then two "
                     "loop dimensions (B may leave out the batch)"
                   : "an operand is not indexed by two loop dimensions";
  auto is = [](unsigned x0, unsigned x1, unsigned y0, unsigned y1) {
    return (x0 == y0 && x1 == y1) || (x0 == y1 && x1 == y0);
  };
  if (!is(a0, a1, loops.m, loops.k) || !is(b0, b1, loops.k, loops.n) ||
      !is(c0, c1, loops.m, loops.n))
    return "A is not indexed (m, k) or (k, m), B (k, n) or (n, k), and C "
           "(m, n) or (n, m)";
  // C indexed (n, m) is the matmul of B and A, which needs B to have the
  // batch as A does.
  loops.swapped = c0 == loops.n;
  if (loops.swapped && bEntry != aEntry)
    return "C is indexed (n, m), the matmul of B and A, but B is shared by "
           "every batch entry (a batched matmul's A has the batch)";
  if (loops.swapped)
    std::swap(loops.m, loops.n);
  loops.rowsFoldBatch = batched && !bEntry && b0 == loops.n;
  if (loops.rowsFoldBatch)
    return whyNotRowsFoldable(op, a0 == loops.m);
  return "";
}

/// whyNotMatmulContraction, with the loops found.
static std::string matchContraction(linalg::LinalgOp op, MatmulLoops &loops) {
  if (!isa<linalg::GenericOp, linalg::ContractOp>(op.getOperation()))
    return "it is neither a linalg.generic nor a linalg.contract";
  std::string why = matchLoops(op, loops);
  if (!why.empty())
    return why;
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    if (!isMultiplyAddBody(generic))
      return "its body is not C += A * B (with optional arith.extf of the "
             "inputs)";
  return "";
}

} // namespace

std::string mlir::gemm_opt::whyNotMatmulContraction(linalg::LinalgOp op) {
  MatmulLoops loops;
  return matchContraction(op, loops);
}

linalg::LinalgOp
mlir::gemm_opt::createNamedMatmul(OpBuilder &b, Location loc, bool batched,
                                  TypeRange resultTypes, ValueRange inputs,
                                  ValueRange inits, ArrayAttr indexingMaps) {
  NamedAttribute maps = b.getNamedAttr("indexing_maps", indexingMaps);
  if (batched)
    return linalg::BatchMatmulOp::create(b, loc, resultTypes, inputs, inits,
                                         {maps});
  return linalg::MatmulOp::create(b, loc, resultTypes, inputs, inits, {maps});
}

/// `op` (batched A and C, B shared and stored N x K) as one linalg.matmul
/// of the collapsed rows of A and C, its result expanded back.
static SpecializedMatmul foldBatchIntoRows(RewriterBase &rewriter,
                                           linalg::LinalgOp op, Value b) {
  Location loc = op.getLoc();
  auto collapse = [&](Value v) -> Value {
    if (isa<MemRefType>(v.getType()))
      return memref::CollapseShapeOp::create(rewriter, loc, v, rowsOfBatch());
    return tensor::CollapseShapeOp::create(rewriter, loc, v, rowsOfBatch());
  };
  // C's zero fill (a tensor's producer; a buffer's op before this one) fills
  // the collapsed C instead, so that it stays the matmul's initialisation.
  Value init = op.getDpsInits()[0];
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (auto before = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
      before && before.hasPureBufferSemantics() &&
      before.getDpsInits()[0] == init)
    fill = before;
  Value a = collapse(op.getDpsInputs()[0]);
  Value c;
  if (fill && (fill.hasPureBufferSemantics() || fill->hasOneUse())) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(fill);
    Value collapsed = collapse(fill.getDpsInits()[0]);
    auto refill = linalg::FillOp::create(rewriter, fill.getLoc(),
                                         fill.getDpsInputs()[0], collapsed);
    c = fill.hasPureBufferSemantics() ? collapsed : refill.getResult(0);
  } else {
    fill = nullptr;
    c = collapse(init);
  }
  MLIRContext *ctx = op.getContext();
  AffineExpr m = getAffineDimExpr(0, ctx), n = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  auto map = [&](ArrayRef<AffineExpr> results) {
    return AffineMapAttr::get(AffineMap::get(3, 0, results, ctx));
  };
  ArrayAttr maps =
      rewriter.getArrayAttr({map({m, k}), map({n, k}), map({m, n})});
  SmallVector<Type, 1> resultTypes;
  if (op.hasPureTensorSemantics())
    resultTypes.push_back(c.getType());
  linalg::LinalgOp named = createNamedMatmul(rewriter, loc, /*batched=*/false,
                                             resultTypes, {a, b}, {c}, maps);
  SmallVector<Value> results;
  if (op.hasPureTensorSemantics())
    results.push_back(
        tensor::ExpandShapeOp::create(rewriter, loc, op->getResultTypes()[0],
                                      named->getResult(0), rowsOfBatch()));
  rewriter.replaceOp(op, results);
  if (fill)
    rewriter.eraseOp(fill);
  return SpecializedMatmul{named, results};
}

FailureOr<SpecializedMatmul>
mlir::gemm_opt::specializeToMatmul(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  MatmulLoops loops;
  if (!matchContraction(op, loops).empty())
    return failure();
  // Renumber the loops to the named op's: (d0, d1, d2) = (m, n, k), after
  // the batch d0 for linalg.batch_matmul.
  MLIRContext *ctx = op.getContext();
  unsigned first = loops.batch ? 1 : 0, count = first + 3;
  SmallVector<AffineExpr> toCanonical(count);
  if (loops.batch)
    toCanonical[*loops.batch] = getAffineDimExpr(0, ctx);
  toCanonical[loops.m] = getAffineDimExpr(first, ctx);
  toCanonical[loops.n] = getAffineDimExpr(first + 1, ctx);
  toCanonical[loops.k] = getAffineDimExpr(first + 2, ctx);
  SmallVector<Attribute> canonical;
  for (AffineMap map : op.getIndexingMapsArray())
    canonical.push_back(AffineMapAttr::get(
        map.replaceDimsAndSymbols(toCanonical, {}, count, 0)));
  SmallVector<Value, 2> inputs(op.getDpsInputs());
  if (loops.swapped) {
    std::swap(inputs[0], inputs[1]);
    std::swap(canonical[0], canonical[1]);
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  if (loops.rowsFoldBatch)
    return foldBatchIntoRows(rewriter, op, inputs[1]);
  // (The named op's body multiplies its inputs in its own order: the same
  // products.)
  linalg::LinalgOp named = createNamedMatmul(
      rewriter, op.getLoc(), loops.batch.has_value(), op->getResultTypes(),
      inputs, op.getDpsInits(), rewriter.getArrayAttr(canonical));
  rewriter.replaceOp(op, named->getResults());
  return SpecializedMatmul{named, named->getResults()};
}

namespace {
struct GemmSpecializeContractionsPass
    : public mlir::gemm_opt::impl::GemmSpecializeContractionsBase<
          GemmSpecializeContractionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isa<linalg::GenericOp, linalg::ContractOp>(op.getOperation()))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates)
      (void)specializeToMatmul(rewriter, op); // the rest: gemm-verify-input
  }
};
} // namespace
