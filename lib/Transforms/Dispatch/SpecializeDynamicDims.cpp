//===- SpecializeDynamicDims.cpp - Static variants of a dynamic function --===//
//
// gemm-specialize-dynamic-dims: runs before epilogue fusion and the input
// check, on tensors or memrefs. Each variant is the source function with
// its arguments and results retyped to the variant's planned M, casts back
// to the old types at the boundary, and upstream's canonicalization
// folding the casts through the body (dims become constants, empties and
// allocations static, the linalg ops take the static operands) — after
// which the variant is an ordinary static function.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"
#include "gemm-opt/Transforms/Heuristics/DynamicRanges.h"
#include "gemm-opt/Transforms/Passes.h"

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
  return DynamicVariant{of.str(), symbol.str(), lo.getInt(), hi.getInt()};
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
  if (!variant || variant->lo == variant->hi)
    return {};
  return getSymbolArgument(func, variant->symbol);
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

/// `type` with every dynamic dimension set to `rows`.
static Type withRows(Type type, int64_t rows) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank() || shaped.hasStaticShape())
    return type;
  SmallVector<int64_t> shape(shaped.getShape());
  for (int64_t &d : shape)
    if (ShapedType::isDynamic(d))
      d = rows;
  return shaped.clone(shape);
}

/// The one matmul of `func` whose M may be dynamic, or an error saying why
/// the function cannot be compiled with dynamic dimensions.
static FailureOr<linalg::MatmulOp> findDynamicMatmul(func::FuncOp func) {
  SmallVector<Operation *> kernelOps;
  func.walk([&](Operation *op) {
    if (isKernelOp(op))
      kernelOps.push_back(op);
  });
  auto matmul = kernelOps.size() == 1
                    ? dyn_cast<linalg::MatmulOp>(kernelOps.front())
                    : linalg::MatmulOp();
  if (!matmul || !func.getBody().hasOneBlock())
    return func.emitError("has dynamic dimensions; gemm-opt compiles those "
                          "for a function of one linalg.matmul (dynamic M) "
                          "only, so far");
  bool transposeA, transposeB, sharedB;
  if (failed(getMatmulOperandLayout(matmul, transposeA, transposeB, sharedB)))
    return failure();
  auto type = [&](Value v) { return cast<ShapedType>(v.getType()); };
  ShapedType a = type(matmul.getDpsInputs()[0]);
  ShapedType b = type(matmul.getDpsInputs()[1]);
  ShapedType c = type(matmul.getDpsInits()[0]);
  if (!a.hasRank() || a.getRank() != 2 || !c.hasRank() || c.getRank() != 2)
    return matmul.emitOpError("needs 2-D operands");
  if (!b.hasStaticShape() || c.isDynamicDim(1) ||
      a.isDynamicDim(transposeA ? 0 : 1))
    return matmul.emitOpError("has a dynamic N or K; only M (the rows of A "
                              "and C) may be dynamic so far");
  if (transposeA && a.isDynamicDim(1))
    return matmul.emitOpError("has a dynamic M with A stored transposed "
                              "(K x M); a dynamic M needs A stored M x K");
  return matmul;
}

/// Builds the variant of `func` for `range`, after `func`.
static FailureOr<func::FuncOp>
buildVariant(func::FuncOp func, const MRange &range,
             const FrozenRewritePatternSet &canonicalize) {
  MLIRContext *ctx = func.getContext();
  FunctionType oldType = func.getFunctionType();
  SmallVector<Type> inputs, results;
  for (Type t : oldType.getInputs())
    inputs.push_back(withRows(t, range.planned));
  inputs.push_back(IndexType::get(ctx));
  for (Type t : oldType.getResults())
    results.push_back(withRows(t, range.planned));

  std::string name = func.getSymName().str() + "_m" +
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
  variant.setArgAttr(inputs.size() - 1, kSymbolAttr, b.getStringAttr("M"));
  variant->setAttr(
      kVariantAttr,
      b.getDictionaryAttr({b.getNamedAttr("of", func.getSymNameAttr()),
                           b.getNamedAttr("symbol", b.getStringAttr("M")),
                           b.getNamedAttr("lo", b.getI64IntegerAttr(range.lo)),
                           b.getNamedAttr("hi", b.getI64IntegerAttr(range.hi))}));

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
    func.emitError("keeps a dynamic shape once M is fixed (at '")
        << dynamic->getName()
        << "'); only M (the rows of A and C, and of a fused elementwise "
           "consumer's operands) may be dynamic so far";
    variant.erase();
    return failure();
  }
  return variant;
}

LogicalResult mlir::gemm_opt::specializeDynamicDims(func::FuncOp func,
                                                    ArrayRef<MRange> ranges) {
  if (failed(findDynamicMatmul(func)))
    return failure();
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
    FailureOr<func::FuncOp> variant = buildVariant(func, range, canonicalize);
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
