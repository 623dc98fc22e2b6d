//===- SpecializeDynamicDims.cpp - Static variants of a dynamic function --===//
//
// gemm-specialize-dynamic-dims: runs before epilogue fusion and the input
// check, on tensors or memrefs. Each variant is the source function with
// its arguments and results retyped to the variant's planned sizes, casts back
// to the old types at the boundary, and upstream's canonicalization
// folding the casts through the body (dims become constants, empties and
// allocations static, the linalg ops take the static operands) — after
// which the variant is an ordinary static function.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"
#include "gemm-opt/Transforms/Heuristics/DynamicRanges.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSPECIALIZEDYNAMICDIMS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

std::optional<DynamicVariant>
mlir::gemm_opt::getDynamicVariant(func::FuncOp func) {
  auto dict = func->getAttrOfType<DictionaryAttr>(kVariantAttr);
  if (!dict)
    return std::nullopt;
  auto of = dict.getAs<StringAttr>("of");
  auto symbol = dict.getAs<StringAttr>("symbol");
  auto lo = dict.getAs<IntegerAttr>("lo");
  auto hi = dict.getAs<IntegerAttr>("hi");
  if (!of || !symbol || !lo || !hi)
    return std::nullopt;
  DynamicVariant v{of.str(), symbol.str(), lo.getInt(), hi.getInt(), {}};
  if (auto planned = dict.getAs<IntegerAttr>("planned"))
    v.planned = planned.getInt();
  return v;
}

Value mlir::gemm_opt::getSymbolArgument(func::FuncOp func, StringRef symbol) {
  if (func.isExternal())
    return {};
  for (BlockArgument arg : func.getArguments())
    if (auto name = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                      kSymbolAttr);
        name && name.getValue() == symbol)
      return arg;
  return {};
}

Value mlir::gemm_opt::getRuntimeRowsArgument(func::FuncOp func) {
  std::optional<DynamicVariant> variant = getDynamicVariant(func);
  if (!variant || (variant->symbol == "M" && variant->lo == variant->hi))
    return {};
  return getSymbolArgument(func, "M");
}

Value mlir::gemm_opt::getRuntimeSizeArgument(func::FuncOp func,
                                             StringRef symbol) {
  if (symbol == "M")
    return getRuntimeRowsArgument(func);
  if (!getDynamicVariant(func))
    return {};
  return getSymbolArgument(func, symbol);
}

Value mlir::gemm_opt::boundOf(OpBuilder &b, Location loc, Value runtime,
                              int64_t size) {
  if (runtime)
    return runtime;
  return arith::ConstantIndexOp::create(b, loc, size);
}

Value mlir::gemm_opt::lastIndexOf(OpBuilder &b, Location loc, Value runtime,
                                  int64_t size) {
  if (!runtime)
    return arith::ConstantIndexOp::create(b, loc, size - 1);
  return b.createOrFold<arith::SubIOp>(
      loc, runtime, arith::ConstantIndexOp::create(b, loc, 1));
}

static bool isDynamicShaped(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && shaped.hasRank() && !shaped.hasStaticShape();
}

bool mlir::gemm_opt::hasDynamicSignature(func::FuncOp func) {
  FunctionType type = func.getFunctionType();
  return llvm::any_of(type.getInputs(), isDynamicShaped) ||
         llvm::any_of(type.getResults(), isDynamicShaped);
}

/// `type` with every dynamic dimension set to `size`.
static Type withPlannedSize(Type type, int64_t size) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank() || shaped.hasStaticShape())
    return type;
  SmallVector<int64_t> shape(shaped.getShape());
  for (int64_t &d : shape)
    if (ShapedType::isDynamic(d))
      d = size;
  return shaped.clone(shape);
}

namespace {
/// Which of a matmul's sizes are dynamic, in the order of the variants'
/// symbol arguments.
struct DynamicSizes {
  bool batch = false, m = false, n = false, k = false;
  /// A linalg.batch_matmul's (its batch count static or not).
  bool batched = false;
  /// A softmax's rows and columns instead.
  bool softmaxRows = false, softmaxCols = false;
  SmallVector<StringRef, 4> symbols() const {
    SmallVector<StringRef, 4> names;
    if (softmaxRows)
      names.push_back(kSoftmaxRowsSymbol);
    if (softmaxCols)
      names.push_back(kSoftmaxColsSymbol);
    for (auto [dynamic, name] : {std::pair{batch, StringRef(kBatchSymbol)},
                                 {m, "M"},
                                 {n, "N"},
                                 {k, "K"}})
      if (dynamic)
        names.push_back(name);
    return names;
  }
  /// Whether one variant planned at kPlannedDynamicExtent takes every size
  /// (rather than one variant per range of M).
  bool oneVariant() const {
    return n || k || batched || softmaxRows || softmaxCols;
  }
};
} // namespace

/// The dynamic rows and columns of a softmax, or an error saying why it
/// cannot be compiled with dynamic dimensions.
/// A softmax over the last dimension: its rows are the leading dimensions
/// (of an N-D one, one of them dynamic: [b, ?, C] is b times as many rows,
/// the manifest's rows a multiple of b), its columns the last.
static FailureOr<DynamicSizes> findDynamicSoftmax(Operation *softmax) {
  auto in = cast<ShapedType>(getSoftmaxInput(softmax).getType());
  auto out = cast<ShapedType>(getSoftmaxOutput(softmax).getType());
  int64_t rank = in.hasRank() ? in.getRank() : 0;
  int64_t dynamicLeading = 0;
  for (int64_t d = 0; d + 1 < rank; ++d)
    dynamicLeading += in.isDynamicDim(d);
  if (rank < 2 || getSoftmaxDimension(softmax) != rank - 1 ||
      in.getShape() != out.getShape() || dynamicLeading > 1)
    return softmax->emitOpError(
        "has dynamic dimensions; gemm-opt compiles dynamic rows and columns "
        "of a softmax over its last dimension (X and Y of one shape, at "
        "most one of the leading dimensions dynamic), so far");
  DynamicSizes sizes;
  sizes.softmaxRows = dynamicLeading == 1;
  sizes.softmaxCols = in.isDynamicDim(rank - 1);
  return sizes;
}

static FailureOr<DynamicSizes> findDynamicGemmSizes(Operation *matmul);

/// Several kernel ops share one dynamic size, the token count: each op's rows
/// (M of a 2-D matmul, the rows of a softmax over its last dimension), so
/// that every op of a variant is planned at the variant's M and its kernels
/// take the one M argument. An op with another dynamic size, or with static
/// rows beside the dynamic ones, is an error at it.
static FailureOr<DynamicSizes> findDynamicTokens(ArrayRef<Operation *> ops) {
  for (Operation *op : ops) {
    if (isSoftmaxOp(op)) {
      auto in = cast<ShapedType>(getSoftmaxInput(op).getType());
      auto out = cast<ShapedType>(getSoftmaxOutput(op).getType());
      int64_t rank = in.hasRank() ? in.getRank() : 0;
      if (rank < 2 || getSoftmaxDimension(op) != rank - 1 ||
          in.getShape() != out.getShape() || in.isDynamicDim(rank - 1) ||
          in.getNumDynamicDims() != 1)
        return op->emitOpError(
            "has dynamic dimensions beside other kernel ops; gemm-opt "
            "compiles a softmax of such a function over its last, static "
            "dimension, one leading dimension the dynamic token count");
      continue;
    }
    FailureOr<DynamicSizes> sizes = findDynamicGemmSizes(op);
    if (failed(sizes))
      return failure();
    if (sizes->n || sizes->k)
      return op->emitOpError(
          "has a dynamic N or K in a function of several ops; gemm-opt "
          "compiles a dynamic token count there (every op's M, the rows), "
          "a dynamic N or K for a function of one matmul only");
    if (!sizes->m)
      return op->emitOpError(
          "has a static M beside ops with a dynamic one; in a function of "
          "several ops gemm-opt compiles a dynamic token count as the rows "
          "of every op");
  }
  DynamicSizes sizes;
  sizes.m = true;
  return sizes;
}

/// Several kernel ops batched over one dynamic leading dimension (attention:
/// S = Q K^T, a softmax of S, P V over a varying count of sequences x heads):
/// batch_matmuls whose batch alone is dynamic and softmaxes over the last
/// dimension of [?, q, k], so that one variant planned at
/// kPlannedDynamicExtent entries takes the count as its `batch` argument
/// (a softmax's rows: batch * q). Any other op is an error at it.
static FailureOr<DynamicSizes>
findDynamicBatchCount(ArrayRef<Operation *> ops) {
  static constexpr StringLiteral supported =
      "; in a function of several ops with a dynamic batch count gemm-opt "
      "compiles batch_matmuls whose batch alone is dynamic and softmaxes "
      "over the last dimension of [?, rows, cols]";
  for (Operation *op : ops) {
    if (isSoftmaxOp(op)) {
      auto in = cast<ShapedType>(getSoftmaxInput(op).getType());
      auto out = cast<ShapedType>(getSoftmaxOutput(op).getType());
      if (!in.hasRank() || in.getRank() != 3 || getSoftmaxDimension(op) != 2 ||
          in.getShape() != out.getShape() || !in.isDynamicDim(0) ||
          in.getNumDynamicDims() != 1)
        return op->emitOpError("is a softmax beside batch_matmuls with a "
                               "dynamic batch count, not of [?, rows, cols] "
                               "over its last dimension")
               << supported;
      continue;
    }
    if (!isa<linalg::BatchMatmulOp>(op))
      return op->emitOpError("is a 2-D matmul beside batch_matmuls with a "
                             "dynamic batch count")
             << supported;
    FailureOr<DynamicSizes> sizes = findDynamicGemmSizes(op);
    if (failed(sizes))
      return failure();
    if (!sizes->batch || sizes->m || sizes->n || sizes->k)
      return op->emitOpError("has a ")
             << (sizes->batch ? "dynamic M, N or K" : "static batch count")
             << " beside ops with a dynamic batch count" << supported;
  }
  DynamicSizes sizes;
  sizes.batch = true;
  sizes.batched = true;
  return sizes;
}

/// The dynamic sizes of the one matmul (or softmax) of `func`, or of the
/// token count or batch count its ops share; an error saying why the function
/// cannot be compiled with dynamic dimensions.
static FailureOr<DynamicSizes> findDynamicMatmul(func::FuncOp func) {
  SmallVector<Operation *> kernelOps;
  func.walk([&](Operation *op) {
    if (isKernelOp(op))
      kernelOps.push_back(op);
  });
  if (kernelOps.size() == 1 && func.getBody().hasOneBlock())
    if (isSoftmaxOp(kernelOps.front()))
      return findDynamicSoftmax(kernelOps.front());
  // A batch_matmul among them: the ops share a batch count, not tokens.
  if (kernelOps.size() > 1 && func.getBody().hasOneBlock()) {
    auto batched =
        llvm::find_if(kernelOps, llvm::IsaPred<linalg::BatchMatmulOp>);
    if (batched == kernelOps.end())
      return findDynamicTokens(kernelOps);
    auto dynamicCount = [](Operation *op) {
      auto bmm = dyn_cast<linalg::BatchMatmulOp>(op);
      return bmm &&
             cast<ShapedType>(bmm.getDpsInits()[0].getType()).isDynamicDim(0);
    };
    if (llvm::none_of(kernelOps, dynamicCount))
      return (*batched)->emitOpError(
          "is a batch_matmul with a static batch count in a function of "
          "several ops with dynamic dimensions; gemm-opt compiles a dynamic "
          "token count shared by matmuls and softmaxes, or a dynamic batch "
          "count shared by batch_matmuls and softmaxes, so far");
    return findDynamicBatchCount(kernelOps);
  }
  Operation *matmul = kernelOps.size() == 1 && isGemmOp(kernelOps.front())
                          ? kernelOps.front()
                          : nullptr;
  if (!matmul || !func.getBody().hasOneBlock())
    return func.emitError("has dynamic dimensions; gemm-opt compiles those "
                          "for a function of linalg.matmul, "
                          "linalg.batch_matmul and linalg.softmax ops in "
                          "one block, so far");
  return findDynamicGemmSizes(matmul);
}

/// The dynamic sizes of one matmul or batch_matmul, or an error saying why it
/// cannot be compiled with dynamic dimensions.
static FailureOr<DynamicSizes> findDynamicGemmSizes(Operation *matmul) {
  auto op = cast<linalg::LinalgOp>(matmul);
  bool transposeA, transposeB, sharedB;
  if (failed(getMatmulOperandLayout(op, transposeA, transposeB, sharedB)))
    return failure();
  bool batched = isa<linalg::BatchMatmulOp>(matmul);
  auto type = [&](Value v) { return cast<ShapedType>(v.getType()); };
  ShapedType a = type(op.getDpsInputs()[0]);
  ShapedType b = type(op.getDpsInputs()[1]);
  ShapedType c = type(op.getDpsInits()[0]);
  // Rows and columns after the batch; a shared B has none.
  int64_t r = batched ? 1 : 0, rB = sharedB ? 0 : r;
  if (!a.hasRank() || a.getRank() != 2 + r || !b.hasRank() ||
      b.getRank() != 2 + rB || !c.hasRank() || c.getRank() != 2 + r)
    return matmul->emitOpError(batched ? "needs 3-D operands (a shared B 2-D)"
                                       : "needs 2-D operands");
  // Each size's dimensions: dynamic in all of them or in none (a variant
  // fixes every dynamic dimension to one planned value).
  struct Use {
    StringRef operand;
    ShapedType type;
    int64_t dim;
  };
  auto sizeOf = [&](StringRef name, ArrayRef<Use> uses) -> FailureOr<bool> {
    bool dynamic = uses.front().type.isDynamicDim(uses.front().dim);
    for (const Use &u : uses)
      if (u.type.isDynamicDim(u.dim) != dynamic)
        return matmul->emitOpError()
               << name << " is dynamic in some operands and static in "
               << "others (" << u.operand << "); make it dynamic in all";
    return dynamic;
  };
  SmallVector<Use> batchUses = {{"A", a, 0}, {"C", c, 0}};
  if (!sharedB)
    batchUses.push_back({"B", b, 0});
  FailureOr<bool> batch = batched ? sizeOf("the batch", batchUses) : false;
  FailureOr<bool> m =
      sizeOf("M", {{"A", a, r + (transposeA ? 1 : 0)}, {"C", c, r}});
  FailureOr<bool> n =
      sizeOf("N", {{"B", b, rB + (transposeB ? 0 : 1)}, {"C", c, r + 1}});
  FailureOr<bool> k = sizeOf("K", {{"A", a, r + (transposeA ? 0 : 1)},
                                   {"B", b, rB + (transposeB ? 1 : 0)}});
  if (failed(batch) || failed(m) || failed(n) || failed(k))
    return failure();
  DynamicSizes sizes;
  sizes.batch = *batch;
  sizes.m = *m;
  sizes.n = *n;
  sizes.k = *k;
  sizes.batched = batched;
  return sizes;
}

/// A dynamic batch count is the first dimension of 3-D arguments and
/// results ([?, rows, cols]; a shared B is 2-D): the manifest's symbol
/// stands for it there. Torch's 4-D [?, h, q, d], collapsed into the batch
/// inside the function, would make the count a product the template does
/// not bind, so it is an error here, at the argument's function.
static LogicalResult checkDynamicBatchArguments(func::FuncOp func) {
  FunctionType type = func.getFunctionType();
  SmallVector<Type> types(type.getInputs());
  llvm::append_range(types, type.getResults());
  for (Type t : types) {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || !shaped.hasRank() || shaped.hasStaticShape())
      continue;
    if (shaped.getRank() <= 3)
      continue;
    return func.emitError("has a dynamic batch count in a value of type ")
           << t
           << "; gemm-opt compiles a dynamic batch count as the first "
              "dimension of 3-D arguments and results ([?, rows, cols]) "
              "only, so far (a 4-D [?, heads, q, d] form collapsed into the "
              "batch is not)";
  }
  return success();
}

/// Builds the variant of `func` for `range`, after `func`.
static FailureOr<func::FuncOp>
buildVariant(func::FuncOp func, const MRange &range,
             ArrayRef<StringRef> symbols,
             const FrozenRewritePatternSet &canonicalize) {
  MLIRContext *ctx = func.getContext();
  FunctionType oldType = func.getFunctionType();
  SmallVector<Type> inputs, results;
  for (Type t : oldType.getInputs())
    inputs.push_back(withPlannedSize(t, range.planned));
  inputs.append(symbols.size(), IndexType::get(ctx));
  for (Type t : oldType.getResults())
    results.push_back(withPlannedSize(t, range.planned));

  // The range is over the first dynamic size.
  StringRef symbol = symbols.front();
  std::string name = func.getSymName().str() + "_" + symbol.lower() +
                     (range.hi == kMaxSymbolValue ? std::string("max")
                                                  : std::to_string(range.hi));
  OpBuilder b(func);
  b.setInsertionPointAfter(func);
  auto variant = func::FuncOp::create(b, func.getLoc(), name,
                                      FunctionType::get(ctx, inputs, results));
  for (NamedAttribute attr : func->getAttrs())
    if (attr.getName() != func.getSymNameAttrName() &&
        attr.getName() != func.getFunctionTypeAttrName() &&
        attr.getName() != func.getArgAttrsAttrName() &&
        attr.getName() != func.getResAttrsAttrName())
      variant->setAttr(attr.getName(), attr.getValue());
  for (unsigned i = 0; i < oldType.getNumInputs(); ++i)
    variant.setArgAttrs(i, func.getArgAttrDict(i));
  for (unsigned i = 0; i < oldType.getNumResults(); ++i)
    variant.setResultAttrs(i, func.getResultAttrDict(i));
  for (auto [i, s] : llvm::enumerate(symbols))
    variant.setArgAttr(oldType.getNumInputs() + i, kSymbolAttr,
                       b.getStringAttr(s));
  variant->setAttr(
      kVariantAttr,
      b.getDictionaryAttr(
          {b.getNamedAttr("of", func.getSymNameAttr()),
           b.getNamedAttr("symbol", b.getStringAttr(symbol)),
           b.getNamedAttr("lo", b.getI64IntegerAttr(range.lo)),
           b.getNamedAttr("hi", b.getI64IntegerAttr(range.hi)),
           b.getNamedAttr("planned", b.getI64IntegerAttr(range.planned))}));

  // The body, on casts of the static arguments back to the old types.
  Block *entry = variant.addEntryBlock();
  b.setInsertionPointToStart(entry);
  auto castTo = [&](Value v, Type to) -> Value {
    if (v.getType() == to)
      return v;
    if (isa<MemRefType>(to))
      return memref::CastOp::create(b, v.getLoc(), to, v);
    return tensor::CastOp::create(b, v.getLoc(), to, v);
  };
  IRMapping map;
  for (auto [oldArg, newArg] :
       llvm::zip(func.getArguments(), entry->getArguments()))
    map.map(oldArg, castTo(newArg, oldArg.getType()));
  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<Value> values;
      for (auto [v, t] : llvm::zip(ret.getOperands(), results))
        values.push_back(castTo(map.lookup(v), t));
      func::ReturnOp::create(b, ret.getLoc(), values);
      continue;
    }
    b.clone(op, map);
  }
  (void)applyPatternsGreedily(variant, canonicalize);

  Operation *dynamic = nullptr;
  variant.walk([&](Operation *op) {
    auto isDynamic = [](Value v) { return isDynamicShaped(v.getType()); };
    if (!dynamic && (llvm::any_of(op->getOperands(), isDynamic) ||
                     llvm::any_of(op->getResults(), isDynamic)))
      dynamic = op;
  });
  if (dynamic) {
    func.emitError("keeps a dynamic shape once its sizes are fixed (at '")
        << dynamic->getName()
        << "'); only the matmul's batch, M, N and K (and the same sizes of a "
           "fused elementwise consumer's operands) may be dynamic so far";
    variant.erase();
    return failure();
  }
  return variant;
}

LogicalResult mlir::gemm_opt::specializeDynamicDims(func::FuncOp func,
                                                    ArrayRef<MRange> ranges) {
  FailureOr<DynamicSizes> sizes = findDynamicMatmul(func);
  if (failed(sizes) ||
      (sizes->batch && failed(checkDynamicBatchArguments(func))))
    return failure();
  SmallVector<StringRef, 4> symbols = sizes->symbols();
  // A dynamic N or K, a batch_matmul, a softmax: one variant whose kernels
  // take every size.
  SmallVector<MRange> one = {{1, kMaxSymbolValue, kPlannedDynamicExtent}};
  if (sizes->oneVariant())
    ranges = one;
  MLIRContext *ctx = func.getContext();
  RewritePatternSet patterns(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  FrozenRewritePatternSet canonicalize(std::move(patterns));

  SmallVector<func::FuncOp> variants;
  // Built in reverse, each right after the source: they end up in range
  // order.
  for (const MRange &range : llvm::reverse(ranges)) {
    FailureOr<func::FuncOp> variant =
        buildVariant(func, range, symbols, canonicalize);
    if (failed(variant)) {
      for (func::FuncOp v : variants)
        v.erase();
      return failure();
    }
    variants.push_back(*variant);
  }
  func.erase();
  return success();
}

namespace {

struct GemmSpecializeDynamicDimsPass
    : public mlir::gemm_opt::impl::GemmSpecializeDynamicDimsBase<
          GemmSpecializeDynamicDimsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> dynamic;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && hasDynamicSignature(func))
        dynamic.push_back(func);
    bool ok = true;
    for (func::FuncOp func : dynamic)
      if (failed(specializeDynamicDims(func, chooseDynamicMRanges())))
        ok = false;
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
