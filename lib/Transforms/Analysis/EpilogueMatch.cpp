//===- EpilogueMatch.cpp - Elementwise consumers a matmul kernel fuses ----===//
//
// A consumer's body is read from its yield back to the matmul's value as a
// chain of steps: an activation (identified by evaluation,
// EpilogueActivations.cpp) over a value that alone determines the rest, or
// a binary op of the running value and a constant or another input's
// element (bias per column, scale per row, a residual). Casts between f32,
// f16 and bf16 are skipped: epilogues compute in f32 and round once.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "gemm-opt-epilogue"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
/// A step before the operands are numbered.
struct PendingStep {
  StringRef op;
  std::optional<double> scalar;
  OpOperand *operand = nullptr;
  StringRef broadcast;
  double scale = 1.0;
  /// Entries per matrix ("group") or matrices ("cycle").
  int64_t span = 0;
  /// A column or row vector per entry modulo `span`.
  bool cycle = false;
};

/// The span S of a batch loop read as `d0 floordiv S` (a group of S
/// entries per matrix) or `d0 mod S` (S matrices in turn), and which.
static std::pair<StringRef, int64_t> readBatchSpan(AffineExpr e) {
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin || bin.getLHS() != getAffineDimExpr(0, e.getContext()))
    return {"", 0};
  auto span = dyn_cast<AffineConstantExpr>(bin.getRHS());
  if (!span || span.getValue() < 2)
    return {"", 0};
  if (e.getKind() == AffineExprKind::FloorDiv)
    return {"group", span.getValue()};
  if (e.getKind() == AffineExprKind::Mod)
    return {"cycle", span.getValue()};
  return {"", 0};
}

/// How an operand of `shape` read through `map` over a batched result of
/// shape `out` is a group or cycle of M x N matrices: (b floordiv S, i, j)
/// on [batch / S, M, N] is ("group", S), (b mod S, i, j) on [S, M, N]
/// ("cycle", S); ("", 0) otherwise.
static std::pair<StringRef, int64_t> readSpannedBatch(AffineMap map,
                                                      ArrayRef<int64_t> shape,
                                                      ArrayRef<int64_t> out) {
  MLIRContext *ctx = map.getContext();
  if (map.getNumResults() != 3 || shape.size() != 3 ||
      map.getResult(1) != getAffineDimExpr(1, ctx) ||
      map.getResult(2) != getAffineDimExpr(2, ctx) ||
      shape.drop_front() != out.drop_front())
    return {"", 0};
  // A dynamic batch count: no span is known to divide it.
  auto [kind, span] = readBatchSpan(map.getResult(0));
  if (!span || ShapedType::isDynamic(out[0]) || out[0] % span ||
      shape[0] != (kind == "group" ? out[0] / span : span))
    return {"", 0};
  return {kind, span};
}

/// How an operand of `shape` read through `map` over a batched result of
/// shape `out` is a column or row vector per group of S entries or per
/// entry modulo S: (b floordiv S, j) on [batch / S, N] is ("col", S), (b,
/// i) on [batch, M] ("row", 1), (b mod S, j) on [S, N] ("col", S, cycle):
/// a key-padding mask per sequence, a bias per entry, a column bias per
/// head. `span` 0 otherwise.
static PendingStep readVectorPerGroup(AffineMap map, ArrayRef<int64_t> shape,
                                      ArrayRef<int64_t> out) {
  MLIRContext *ctx = map.getContext();
  if (map.getNumResults() != 2 || shape.size() != 2 || out.size() != 3 ||
      ShapedType::isDynamic(out[0]))
    return {};
  StringRef kind = map.getResult(1) == getAffineDimExpr(2, ctx)   ? "col"
                   : map.getResult(1) == getAffineDimExpr(1, ctx) ? "row"
                                                                  : "";
  if (kind.empty() || shape[1] != out[kind == "col" ? 2 : 1])
    return {};
  PendingStep read;
  auto [spanKind, s] = readBatchSpan(map.getResult(0));
  if (map.getResult(0) == getAffineDimExpr(0, ctx))
    read.span = 1;
  else if (spanKind == "group" || spanKind == "cycle")
    read.span = s;
  read.cycle = spanKind == "cycle";
  if (!read.span || out[0] % read.span ||
      shape[0] != (read.cycle ? read.span : out[0] / read.span))
    return {};
  read.broadcast = kind;
  return read;
}

/// Reads a consumer's body as a chain of steps from its yield back to `x`.
struct BodyReader {
  linalg::GenericOp op;
  BlockArgument x;
  /// Outermost step first (reversed at the end).
  SmallVector<PendingStep> steps;
  std::string why;
  DenseMap<Value, bool> depends;

  bool dependsOnX(Value v);
  bool read(Value v);
  bool readBinary(Operation *def);
  StringRef clampKind(Operation *def);
  bool readClamp(Operation *def, StringRef kind);
  /// A binary step `kind` with `other` (a constant or an input's element),
  /// then the steps before it, from `running`.
  bool readStep(StringRef kind, Value other, Value running);
  bool readOperand(PendingStep &step, Value other);
  bool fail(const Twine &reason) {
    why = reason.str();
    return false;
  }
};
} // namespace

static Value stripCasts(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::ExtFOp, arith::TruncFOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

bool BodyReader::dependsOnX(Value v) {
  if (v == x)
    return true;
  auto it = depends.find(v);
  if (it != depends.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  bool d = def && op.getRegion().isAncestor(def->getParentRegion()) &&
           llvm::any_of(def->getOperands(),
                        [&](Value o) { return dependsOnX(o); });
  depends[v] = d;
  return d;
}

/// The binary step an op is, or "".
static StringRef binaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case([](arith::AddFOp) { return "add"; })
      .Case([](arith::SubFOp) { return "sub"; })
      .Case([](arith::MulFOp) { return "mul"; })
      .Case([](arith::DivFOp) { return "div"; })
      .Case<arith::MaximumFOp, arith::MaxNumFOp>([](auto) { return "max"; })
      .Case<arith::MinimumFOp, arith::MinNumFOp>([](auto) { return "min"; })
      .Default([](Operation *) { return ""; });
}

bool BodyReader::read(Value v) {
  v = stripCasts(v);
  if (v == x)
    return true;
  if (!dependsOnX(v))
    return fail("the yielded value does not depend on the matmul's result");
  // An activation over a value that alone determines `v`: the candidates
  // nearest the matmul's value first, so that the whole activation is one
  // step.
  SmallVector<Value> candidates = {x};
  for (Operation &inner : op.getRegion().front())
    for (Value r : inner.getResults())
      if (r != v && dependsOnX(r))
        candidates.push_back(r);
  for (Value u : candidates) {
    StringRef act = identifyActivation(v, u);
    if (act.empty())
      continue;
    GEMM_OPT_DBG() << "activation " << act << " over " << u << "\n";
    PendingStep step;
    step.op = act;
    steps.push_back(step);
    return read(u);
  }
  Operation *def = v.getDefiningOp();
  if (StringRef kind = clampKind(def); !kind.empty())
    return readClamp(def, kind);
  if (binaryKind(def).empty())
    return fail("'" + def->getName().getStringRef() +
                "' is not an epilogue step (add, sub, mul, div, max, min "
                "with a constant or an operand; relu, gelu_tanh, gelu_erf, "
                "silu, sigmoid, tanh of the running value)");
  return readBinary(def);
}

/// "max" or "min" when `def` is torch-mlir's select form of one bound of a
/// clamp, select(cmpf(u, c), c, u) or select(cmpf(u, c), u, c) (either
/// side of the compare), else "".
StringRef BodyReader::clampKind(Operation *def) {
  auto select = dyn_cast_or_null<arith::SelectOp>(def);
  auto cmp = select ? select.getCondition().getDefiningOp<arith::CmpFOp>()
                    : arith::CmpFOp();
  if (!cmp)
    return "";
  Value t = select.getTrueValue(), f = select.getFalseValue();
  Value l = cmp.getLhs(), r = cmp.getRhs();
  if (!((l == t && r == f) || (l == f && r == t)) ||
      dependsOnX(t) == dependsOnX(f))
    return "";
  using P = arith::CmpFPredicate;
  P p = cmp.getPredicate();
  bool less = llvm::is_contained({P::OLT, P::OLE, P::ULT, P::ULE}, p);
  bool greater = llvm::is_contained({P::OGT, P::OGE, P::UGT, P::UGE}, p);
  if (!less && !greater)
    return "";
  // The select takes the larger side when it takes the compare's lhs
  // exactly where lhs > rhs.
  return (t == l) == greater ? "max" : "min";
}

bool BodyReader::readClamp(Operation *def, StringRef kind) {
  auto select = cast<arith::SelectOp>(def);
  Value t = select.getTrueValue(), f = select.getFalseValue();
  bool dt = dependsOnX(t);
  return readStep(kind, dt ? f : t, dt ? t : f);
}

bool BodyReader::readStep(StringRef kind, Value other, Value running) {
  PendingStep step;
  step.op = kind;
  if (!readOperand(step, other))
    return false;
  steps.push_back(step);
  return read(running);
}

bool BodyReader::readBinary(Operation *def) {
  StringRef kind = binaryKind(def);
  Value l = def->getOperand(0), r = def->getOperand(1);
  bool dl = dependsOnX(l), dr = dependsOnX(r);
  if (dl && dr)
    return fail("'" + def->getName().getStringRef() +
                "' combines the matmul's value with itself in a form that is "
                "no activation of the vocabulary (relu, gelu_tanh, gelu_erf, "
                "silu, sigmoid, tanh)");
  if (!dl && (kind == "sub" || kind == "div"))
    return fail("'" + def->getName().getStringRef() +
                "' has the running value on the right; sub and div take it "
                "on the left only");
  return readStep(kind, dl ? r : l, dl ? l : r);
}

bool BodyReader::readOperand(PendingStep &step, Value other) {
  if (FailureOr<double> c = evaluateScalarExpression(other, Value(), 0.0);
      succeeded(c)) {
    step.scalar = *c;
    return true;
  }
  Value o = stripCasts(other);
  // operand_scale * E (beta * C).
  if (auto mul = o.getDefiningOp<arith::MulFOp>()) {
    for (int side = 0; side < 2; ++side) {
      FailureOr<double> c = evaluateScalarExpression(
          mul->getOperand(side), Value(), 0.0);
      if (succeeded(c)) {
        step.scale = *c;
        o = stripCasts(mul->getOperand(1 - side));
        break;
      }
    }
  }
  auto arg = dyn_cast<BlockArgument>(o);
  if (!arg || arg.getOwner() != &op.getRegion().front() ||
      arg.getArgNumber() >= op.getNumDpsInputs())
    return fail("the other operand of '" + step.op +
                "' is neither a constant nor an input's element");
  OpOperand *operand = op.getDpsInputOperand(arg.getArgNumber());
  AffineMap map = op.getMatchingIndexingMap(operand);
  unsigned rank = op.getNumLoops();
  auto type = dyn_cast<ShapedType>(operand->get().getType());
  ArrayRef<int64_t> out =
      cast<ShapedType>(op.getDpsInits()[0].getType()).getShape();
  auto dim = [&](unsigned i) {
    return map.getNumResults() == 1 && map.getResult(0) ==
                                           getAffineDimExpr(i, op.getContext());
  };
  if (map.isIdentity() && type && type.getShape() == out)
    step.broadcast = "none";
  else if (dim(rank - 1) && type && type.getShape() == out.take_back(1))
    step.broadcast = "col";
  else if (dim(rank - 2) && type && type.getShape() == out.drop_back(1).take_back(1))
    step.broadcast = "row";
  else if (rank == 3 && type && type.getShape() == out.take_back(2) &&
           map == AffineMap::get(3, 0,
                                 {getAffineDimExpr(1, op.getContext()),
                                  getAffineDimExpr(2, op.getContext())},
                                 op.getContext()))
    step.broadcast = "batch";
  else if (auto [kind, span] = rank == 3 && type
                                   ? readSpannedBatch(map, type.getShape(), out)
                                   : std::pair<StringRef, int64_t>("", 0);
           span) {
    step.broadcast = kind;
    step.span = span;
  } else if (PendingStep vector =
                 rank == 3 && type
                     ? readVectorPerGroup(map, type.getShape(), out)
                     : PendingStep();
             vector.span) {
    step.broadcast = vector.broadcast;
    step.span = vector.span;
    step.cycle = vector.cycle;
  } else
    return fail("input #" + Twine(arg.getArgNumber()) + " is read through " +
                llvm::formatv("{0}", map).str() +
                "; the kernel reads an operand per column (the last loop), "
                "per row (the one before), whole (identity), one rows x "
                "columns matrix for every batch entry, one matrix or one "
                "column or row vector per group of S entries (b floordiv S, "
                "S = 1 for a vector: b), or one matrix or one column or row "
                "vector per entry modulo S (b mod S)");
  Type elem = type.getElementType();
  if (!elem.isF32() && !elem.isF16() && !elem.isBF16())
    return fail("input #" + Twine(arg.getArgNumber()) +
                " is not f32, f16 or bf16");
  step.operand = operand;
  return true;
}

/// Matches `consumer`'s body, reading the matmul's value as input `x`.
static FailureOr<EpilogueMatch> matchBody(linalg::GenericOp consumer,
                                          OpOperand *x, std::string &why) {
  if (consumer.getNumDpsInits() != 1 ||
      consumer.getNumParallelLoops() != consumer.getNumLoops()) {
    why = "it is not elementwise (one output, parallel loops only)";
    return failure();
  }
  OpOperand *out = consumer.getDpsInitOperand(0);
  if (!consumer.getMatchingIndexingMap(out).isIdentity() ||
      !consumer.getMatchingIndexingMap(x).isIdentity()) {
    why = "it does not read the matmul's result and write its output "
          "element by element (identity maps)";
    return failure();
  }
  Block &body = consumer.getRegion().front();
  if (!consumer.getMatchingBlockArgument(out).use_empty()) {
    why = "its body reads its output";
    return failure();
  }
  BodyReader reader;
  reader.op = consumer;
  reader.x = consumer.getMatchingBlockArgument(x);
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (!reader.read(yield.getOperand(0))) {
    why = reader.why;
    return failure();
  }
  EpilogueMatch match;
  match.consumer = consumer;
  match.output = out->get();
  MLIRContext *ctx = consumer.getContext();
  SmallVector<EpilogueStepAttr> steps;
  // E0, E1, ... in order of first use; an input read by several steps is
  // one operand.
  DenseMap<OpOperand *, int64_t> indices;
  for (const PendingStep &s : llvm::reverse(reader.steps)) {
    int64_t index = -1;
    if (s.operand) {
      auto [it, added] = indices.try_emplace(s.operand, match.operands.size());
      if (added)
        match.operands.push_back(s.operand->get());
      index = it->second;
    }
    std::optional<llvm::APFloat> scalar;
    if (s.scalar)
      scalar = llvm::APFloat(*s.scalar);
    steps.push_back(EpilogueStepAttr::get(
        ctx, s.broadcast, s.cycle, s.op, index,
        llvm::APFloat(s.operand ? s.scale : 1.0), scalar, s.span));
  }
  if (!steps.empty())
    match.attr = EpilogueAttr::get(ctx, steps);
  return match;
}

/// The buffer `v` views, through any chain of view ops (reshapes, casts,
/// subviews): two values with one root may alias.
static Value rootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether `op` may do anything but read the buffers `roots` (rootBuffer):
/// an operand viewing one is fine in a view op (its users are checked
/// themselves) and in an op that only reads it; a write, a free or an op
/// that says nothing of its effects counts.
static bool mayChangeAny(Operation *op, ArrayRef<Value> roots) {
  if (isa<ViewLikeOpInterface>(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return llvm::any_of(op->getOperands(), [&](Value v) {
    if (!isa<MemRefType>(v.getType()) ||
        !llvm::is_contained(roots, rootBuffer(v)))
      return false;
    if (!effects)
      return true;
    SmallVector<MemoryEffects::EffectInstance> onValue;
    effects.getEffectsOnValue(v, onValue);
    return llvm::any_of(onValue, [](const MemoryEffects::EffectInstance &e) {
      return !isa<MemoryEffects::Read>(e.getEffect());
    });
  });
}

/// The zero fill of a tensor matmul's init.
static bool isZeroFilledTensor(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  return fill && fill->getResult(0).hasOneUse() &&
         matchPattern(fill.getDpsInputs()[0], m_AnyZeroFloat());
}

FailureOr<EpilogueMatch>
mlir::gemm_opt::findEpilogueConsumer(linalg::LinalgOp matmul,
                                     std::string &why) {
  why.clear();
  Value c = matmul.getDpsInits()[0];
  linalg::GenericOp consumer;
  OpOperand *x = nullptr;
  if (matmul.hasPureTensorSemantics()) {
    Value result = matmul->getResult(0);
    if (result.use_empty())
      return failure();
    consumer = dyn_cast<linalg::GenericOp>(result.use_begin()->getOwner());
    if (!consumer || !result.hasOneUse()) {
      if (consumer || !result.hasOneUse())
        why = "the matmul's result has other uses";
      return failure();
    }
    x = &*result.use_begin();
    if (!consumer.isDpsInput(x))
      why = "it writes into the matmul's result";
    else if (!isZeroFilledTensor(c))
      why = "the matmul accumulates into its init (no zero linalg.fill)";
  } else {
    // The temporary C: an allocation that only the zero fill, the matmul,
    // the consumer and deallocations touch.
    auto alloc = c.getDefiningOp<memref::AllocOp>();
    for (OpOperand &use : c.getUses()) {
      Operation *user = use.getOwner();
      if (user == matmul.getOperation() || isa<memref::DeallocOp>(user) ||
          user == findFoldableZeroFill(matmul).getOperation())
        continue;
      auto generic = dyn_cast<linalg::GenericOp>(user);
      if (!generic || consumer || !generic.isDpsInput(&use) ||
          generic->getBlock() != matmul->getBlock() ||
          !matmul->isBeforeInBlock(generic)) {
        if (consumer || generic)
          why = "the matmul's result has other uses";
        return failure();
      }
      consumer = generic;
      x = &use;
    }
    if (!consumer)
      return failure();
    if (!alloc)
      why = "the matmul's C is not a temporary allocation";
    else if (!findFoldableZeroFill(matmul))
      why = "the matmul accumulates into its C (no zero linalg.fill)";
  }
  if (why.empty()) {
    FailureOr<EpilogueMatch> match = matchBody(consumer, x, why);
    if (succeeded(match)) {
      Type out = getElementTypeOrSelf(match->output.getType());
      std::string typeError = checkMatmulElementTypes(
          getElementTypeOrSelf(matmul.getDpsInputs()[0].getType()),
          getElementTypeOrSelf(matmul.getDpsInputs()[1].getType()), out);
      // One role per buffer; on memrefs the kernel moves to the consumer,
      // past whatever lies between.
      // (Views of one buffer are one buffer.)
      SmallVector<Value> buffers = {rootBuffer(matmul.getDpsInputs()[0]),
                                    rootBuffer(matmul.getDpsInputs()[1]),
                                    rootBuffer(match->output)};
      for (Value e : match->operands) {
        if (llvm::is_contained(buffers, rootBuffer(e)))
          why = "it reads a buffer the kernel also reads or writes as A, B, "
                "C or another operand";
        buffers.push_back(rootBuffer(e));
      }
      // The kernel reads A and B where the consumer was: no op between may
      // write or free them, through any view. The consumer's operands and
      // output are read and written where they were (an MLP's up
      // projection, between the gate's matmul and silu(gate) * up, computes
      // an operand).
      if (!matmul.hasPureTensorSemantics())
        for (Operation *mid = matmul->getNextNode(); mid != consumer;
             mid = mid->getNextNode())
          if (mayChangeAny(mid, {buffers[0], buffers[1]}))
            why = "an op between the matmul and it writes or frees A or B";
      if (!typeError.empty())
        why = "its output: " + typeError;
      if (why.empty()) {
        match->temp = c;
        GEMM_OPT_DBG() << "fuses " << consumer->getName() << " into the "
                       << matmul->getName() << ": "
                       << (match->attr ? Attribute(match->attr)
                                       : Attribute())
                       << "\n";
        return match;
      }
    }
  }
  GEMM_OPT_DBG() << "does not fuse " << consumer->getName() << ": " << why
                 << "\n";
  return failure();
}

SmallVector<linalg::LinalgOp>
mlir::gemm_opt::findProducerMatmuls(linalg::GenericOp consumer) {
  SmallVector<linalg::LinalgOp> found;
  for (Value in : consumer.getDpsInputs()) {
    if (auto producer = in.getDefiningOp<linalg::LinalgOp>()) {
      if (isGemmOp(producer) && !llvm::is_contained(found, producer))
        found.push_back(producer);
      continue;
    }
    if (!isa<MemRefType>(in.getType()))
      continue;
    // The last op before the consumer writing `in`.
    for (Operation *prev = consumer->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(prev);
      if (!linalgOp || !llvm::is_contained(linalgOp.getDpsInits(), in))
        continue;
      if (isGemmOp(prev) && !llvm::is_contained(found, linalgOp))
        found.push_back(linalgOp);
      break;
    }
  }
  return found;
}
