//===- VerifyInput.cpp - Reject what gemm-opt cannot compile --------------===//
//
// Runs first in every stage pipeline, so that bad input gets one clear error
// at the offending op instead of a failure deep inside a lowering.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/SayOnce.h"
#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Analysis/HeadsTranspose.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"
#include "gemm-opt/Transforms/Linalg/FoldGroupedRepeats.h"
#include "gemm-opt/Transforms/Linalg/FoldOperandTransposes.h"
#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Linalg/StackGroupedHeads.h"
#include "gemm-opt/Transforms/Linalg/VectorProducts.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMVERIFYINPUT
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// A product with a vector, which gemm-opt does not compile.
/// Whether `copy` permutes a matmul's result: its input comes from a
/// linalg.matmul or linalg.batch_matmul through reshapes and elementwise
/// ops.
static bool permutesAMatmulResult(linalg::LinalgOp copy) {
  Value v = copy.getDpsInputs()[0];
  while (Operation *def = v.getDefiningOp()) {
    if (isGemmOp(def))
      return true;
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    auto generic = dyn_cast<linalg::GenericOp>(def);
    if (!generic || generic.getNumParallelLoops() != generic.getNumLoops() ||
        generic.getNumDpsInputs() == 0)
      return false;
    v = generic.getDpsInputs()[0];
  }
  return false;
}

/// Whether `copy` is attention's output transpose(1, 2) of a batch
/// matmul's zero-filled result, or of its fused epilogue's, which the first
/// rung writes in place (HeadsTranspose.h).
static bool isCompiledHeadsTranspose(linalg::LinalgOp copy) {
  FailureOr<HeadsTranspose> t = matchHeadsTranspose(copy);
  if (failed(t) || t->heads < 2 || !t->expand->hasOneUse())
    return false;
  // The matmul with its zero fill, or a generic fusing as its epilogue
  // (verified as such where it is).
  auto writes = [](linalg::LinalgOp w) {
    if (isGemmOp(w)) {
      if (w.hasPureBufferSemantics())
        return static_cast<bool>(findFoldableZeroFill(w));
      auto fill = w.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
      return fill && isZeroFill(fill);
    }
    auto g = dyn_cast<linalg::GenericOp>(w.getOperation());
    return g && !findProducerMatmuls(g).empty();
  };
  if (copy.hasPureTensorSemantics()) {
    auto w = t->source.getDefiningOp<linalg::LinalgOp>();
    return w && t->source.hasOneUse() && writes(w);
  }
  // On memrefs: the op writing the temporary that the first rung folds.
  for (Operation *user : t->source.getUsers()) {
    auto w = dyn_cast<linalg::LinalgOp>(user);
    if (w && llvm::is_contained(w.getDpsInits(), t->source) && writes(w) &&
        succeeded(findHeadsTranspose(t->source, user)))
      return true;
  }
  return false;
}

static bool isVectorProduct(Operation *op) {
  return isMatrixVectorProduct(op) || isa<linalg::DotOp>(op);
}

/// A fill is supported only as the zero initialisation of a matmul's result
/// that the kernel can fold: on tensors, the fill's only use is the matmul's
/// init; on memrefs, it is the last op touching C before the matmul.
static LogicalResult verifyFill(linalg::FillOp fill) {
  // Filling the init of an op gemm-opt rejects: that op's error says it.
  if (fill.hasPureTensorSemantics() && fill.getResult(0).hasOneUse()) {
    if (isVectorProduct(*fill.getResult(0).getUsers().begin()))
      return success();
  }
  if (!isZeroFill(fill))
    return fill.emitOpError("is only supported as the zero initialisation of "
                            "a linalg.matmul result (fill value must be 0.0)");
  bool ok = false;
  if (fill.hasPureTensorSemantics()) {
    Value result = fill.getResult(0);
    Operation *user =
        result.hasOneUse() ? *result.getUsers().begin() : nullptr;
    ok = user && isGemmOp(user) &&
         cast<linalg::LinalgOp>(user).getDpsInits()[0] == result;
  } else {
    Value init = fill.getDpsInits()[0];
    ok = llvm::any_of(init.getUsers(), [&](Operation *user) {
      if (!isGemmOp(user))
        return false;
      auto mm = cast<linalg::LinalgOp>(user);
      return mm.getDpsInits()[0] == init && findFoldableZeroFill(mm) == fill;
    });
  }
  if (!ok)
    return fill.emitOpError(
        "is only supported as the zero initialisation of a linalg.matmul "
        "result, directly before it with no other use of the result");
  return success();
}

/// Whether `op` repeats a tensor (isRepeatOfTensor) that a batch matmul
/// reads, directly or through tensor.collapse_shape ops.
static bool repeatsMatmulOperand(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !isRepeatOfTensor(linalgOp))
    return false;
  SmallVector<Value> values = {op->getResult(0)};
  while (!values.empty()) {
    Value v = values.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<linalg::BatchMatmulOp>(user))
        return true;
      if (isa<tensor::CollapseShapeOp>(user))
        values.push_back(user->getResult(0));
    }
  }
  return false;
}

/// Whether `op` reads a reshape (expand or collapse) of a matmul's result:
/// an epilogue that could not be collapsed onto the matmul's shape.
static bool readsReshapedMatmulResult(Operation *op) {
  return llvm::any_of(op->getOperands(), [](Value v) {
    Operation *def = v.getDefiningOp();
    if (!isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
                         memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
      return false;
    Value source = def->getOperand(0);
    if (Operation *producer = source.getDefiningOp())
      return isGemmOp(producer);
    // On memrefs: a reshape of a buffer a matmul writes.
    return llvm::any_of(source.getUsers(), [&](Operation *user) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
      return linalgOp && isGemmOp(user) &&
             llvm::is_contained(linalgOp.getDpsInits(), source);
    });
  });
}

/// A consumer of a matmul's result is supported only as the epilogue the
/// kernel of one of the matmuls it reads fuses (EpilogueMatch.h); the
/// error says why the first does not.
static LogicalResult
verifyEpilogueConsumer(linalg::GenericOp consumer,
                       ArrayRef<linalg::LinalgOp> matmuls) {
  std::string why, firstWhy;
  FailureOr<EpilogueMatch> match = failure();
  for (linalg::LinalgOp matmul : matmuls) {
    match = findEpilogueConsumer(matmul, why);
    if (succeeded(match) && match->consumer == consumer)
      break;
    if (matmul == matmuls.front())
      firstWhy = why;
  }
  why = firstWhy;
  if (succeeded(match) && match->consumer == consumer) {
    SmallVector<Value> buffers = {match->output};
    llvm::append_range(buffers, match->operands);
    for (Value v : buffers) {
      auto shaped = cast<ShapedType>(v.getType());
      if (failed(verifyStaticOperand(consumer, v, shaped.getRank(),
                                     "has an operand of unexpected rank")))
        return failure();
    }
    return success();
  }
  if (why.empty())
    why = "the matmul's result has other uses";
  return consumer.emitOpError("reads a matmul's result but does not fuse as "
                              "its epilogue: ")
         << why
         << ". A matmul's only consumer fuses when it is elementwise and "
            "applies to the matmul's value, in order, add/sub/mul/div/max/"
            "min with a constant, a column vector [N], a row vector [M] or "
            "an operand of C's shape, and relu, gelu_tanh, gelu_erf, silu, "
            "sigmoid or tanh, then casts to f32, f16 or bf16";
}

/// Kernel names are derived from the function name, so it must be a valid
/// PTX identifier.
static bool isPtxIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  });
}

/// Several kernel ops may share a function (gemm-outline-kernel-ops gives
/// each a function of its own): each must be one the outlining can bind to
/// its function's buffers. Each function is an entry of its own in the
/// launch manifest (docs/manifest.md, "Several functions").
static LogicalResult verifyKernelOpPlacement(ArrayRef<Operation *> kernelOps) {
  // The variants of a dynamic-M function stand for their source.
  auto source = [](Operation *op) {
    auto func = op->getParentOfType<func::FuncOp>();
    if (std::optional<DynamicVariant> v = getDynamicVariant(func))
      return v->of;
    return func.getSymName().str();
  };
  llvm::StringMap<unsigned> opsPerFunction;
  for (Operation *op : kernelOps)
    ++opsPerFunction[source(op)];
  bool ok = true;
  for (Operation *op : kernelOps) {
    auto func = op->getParentOfType<func::FuncOp>();
    if (func.isPrivate() && !getDynamicVariant(func)) {
      op->emitOpError("is in private function @")
          << func.getSymName()
          << ": only public functions become entries of the launch manifest "
             "(a runner calls them by name)";
      ok = false;
    } else if (opsPerFunction[source(op)] > 1 &&
               failed(verifyOutlinableKernelOp(op))) {
      ok = false;
    }
  }
  return success(ok);
}

/// A function of one kernel op is described by a version-1 manifest, whose
/// buffers are those its kernels read and write: an argument no op uses has
/// none, and a runner binding the function's arguments by position would
/// bind the ones after it to the wrong buffers.
static LogicalResult verifyArgumentsUsed(func::FuncOp func) {
  for (BlockArgument arg : func.getArguments())
    if (isa<ShapedType>(arg.getType()) && arg.use_empty())
      return func.emitError("argument #")
             << arg.getArgNumber()
             << " is not used: the manifest of a function of one matmul or "
                "softmax lists the buffers its kernels use, so a runner "
                "binding the arguments by position would take the ones "
                "after it for others; remove it";
  return success();
}

/// A result returned twice, or a tensor argument returned as it is, is
/// compiled: the version-2 manifest's "results" names the buffer each result
/// is (gemm-outline-kernel-ops outlines even one op for it). A dynamic
/// function's variants are version-1 templates, which name no results.
static LogicalResult verifyResults(func::FuncOp func) {
  if (!getDynamicVariant(func))
    return success();
  bool ok = true;
  func.walk([&](func::ReturnOp ret) {
    for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
      auto earlier = llvm::find(ret.getOperands().take_front(i), v);
      if (earlier != ret.getOperands().begin() + i) {
        ret.emitOpError("returns one value as results #")
            << (earlier - ret.getOperands().begin()) << " and #" << i
            << ": gemm-opt compiles that for static shapes only, so far; in "
               "a function with dynamic dimensions return it once (the "
               "caller can use it twice)";
        ok = false;
        return;
      }
      auto arg = dyn_cast<BlockArgument>(v);
      if (arg && isa<RankedTensorType>(v.getType()) &&
          arg.getOwner()->isEntryBlock()) {
        ret.emitOpError("returns argument #")
            << arg.getArgNumber() << " as result #" << i
            << ": gemm-opt compiles that for static shapes only, so far; in "
               "a function with dynamic dimensions do not return it (the "
               "caller has that tensor)";
        ok = false;
        return;
      }
    }
  });
  return success(ok);
}

/// Checks a matmul tagged with a group of entries per B entry
/// (gemm-fold-grouped-repeats): the group needs a static batch count.
static LogicalResult verifyGroupedB(Operation *op) {
  auto group = op->getAttrOfType<IntegerAttr>(kBGroupAttr);
  auto func = op->getParentOfType<func::FuncOp>();
  if (!group || !func || !getRuntimeSizeArgument(func, kBatchSymbol))
    return success();
  return op->emitOpError("reads grouped-query attention's K or V per group "
                         "of ")
         << group.getInt()
         << " entries (b_group) with a dynamic batch count, which gemm-opt "
            "does not compile yet: the group needs the batch static";
}

/// The ops of the functions that gemm-verify-input looked at.
struct InputOps {
  SmallVector<Operation *> kernelOps;
  /// Ops that got an error.
  llvm::SmallPtrSet<Operation *, 8> rejected;
  SmallVector<linalg::FillOp> fills;

  /// Checks `op` (a walk's step, pre-order: the regions of the ops taken
  /// as a whole are skipped).
  WalkResult verify(Operation *op);
  /// Whether `fill` initialises an op that got an error of its own (which
  /// says what is wrong; the fill's would come first and mislead).
  bool fillsRejectedOp(linalg::FillOp fill) const {
    Value v = fill.hasPureTensorSemantics() ? fill.getResult(0)
                                            : fill.getDpsInits()[0];
    return llvm::any_of(
        v.getUsers(), [&](Operation *user) { return rejected.contains(user); });
  }
};

WalkResult InputOps::verify(Operation *op) {
  if (isGemmOp(op)) {
    if (failed(verifyMatmulContract(cast<linalg::LinalgOp>(op))) ||
        failed(verifyGroupedB(op)))
      rejected.insert(op);
    kernelOps.push_back(op);
    return WalkResult::skip();
  }
  if (isFoldedGroupedRepeat(op)) // read in place by its matmul
    return WalkResult::skip();
  if (isSoftmaxOp(op)) {
    if (failed(verifySoftmaxContract(op)))
      rejected.insert(op);
    kernelOps.push_back(op);
    return WalkResult::skip();
  }
  if (isa<linalg::BatchReduceMatmulOp>(op)) {
    op->emitOpError("sums over the batch; gemm-opt does not compile "
                    "batch-reduce matmuls yet (linalg.batch_matmul, "
                    "one matmul per batch entry, does compile)");
    rejected.insert(op);
    return WalkResult::skip();
  }
  if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
    if (SmallVector<linalg::LinalgOp> matmuls = findProducerMatmuls(generic);
        !matmuls.empty()) {
      if (failed(verifyEpilogueConsumer(generic, matmuls)))
        rejected.insert(op);
      return WalkResult::skip();
    }
  }
  if (isVectorProduct(op)) {
    op->emitOpError("is not compiled by gemm-opt: a matrix-vector "
                    "product with static shapes becomes a matmul in "
                    "gemm-vector-products-as-matmuls (every stage "
                    "pipeline runs it first); write a dot product as "
                    "a linalg.matmul of a 1 x K and a K x 1 matrix");
    rejected.insert(op);
    return WalkResult::skip();
  }
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (linalgOp && isPermutingCopy(linalgOp)) {
    if (isCompiledHeadsTranspose(linalgOp)) {
      // A variant's sizes are known at run time; its C of heads is not
      // planned.
      auto func = op->getParentOfType<func::FuncOp>();
      if (!func || !getDynamicVariant(func))
        return WalkResult::skip();
      op->emitOpError("is attention's output transpose(1, 2) of a matmul "
                      "with dynamic sizes, which gemm-opt does not compile "
                      "yet (its C of heads needs static sizes)");
      rejected.insert(op);
      return WalkResult::skip();
    }
    if (permutesAMatmulResult(linalgOp))
      op->emitOpError(
          "permutes a matmul's result: gemm-opt computes a transposed "
          "result (the last two dimensions swapped, also through "
          "elementwise ops with broadcast operands) as the matmul of B "
          "and A, and attention's output transpose(1, 2) ([b, h, q, d] "
          "of a batch matmul's result to [b, q, h, d]) as a C whose rows "
          "are h * d elements apart, and compiles no copy on its own; "
          "this permutation moves the batch otherwise, or the result has "
          "another use or a non-zero initial C");
    else
      op->emitOpError("only permutes its input: gemm-opt folds such a "
                      "copy into the linalg.matmul or "
                      "linalg.batch_matmul that reads it (a transposed "
                      "operand) and compiles none on its own; this one "
                      "has another use, or a permutation no matmul "
                      "layout expresses (the batch must stay first)");
    rejected.insert(op);
    return WalkResult::skip();
  }
  if (linalgOp && isa<linalg::GenericOp>(op) &&
      linalg::isElementwise(linalgOp) && readsReshapedMatmulResult(op)) {
    op->emitOpError(
        "reads a matmul's result reshaped (as torch-mlir's 4-D "
        "batch) and does not fuse as its epilogue: its operands must "
        "let the op collapse onto the matmul's batch, rows and columns. "
        "An operand is read per column [N], per row [M], whole (C's "
        "shape), as one M x N matrix for every batch entry ([1, 1, M, N]: "
        "an attention mask), per sequence over its heads ([b, 1, M, N]) "
        "or per head ([1, h, M, N]), with static sizes");
    rejected.insert(op);
    return WalkResult::skip();
  }
  if (linalgOp && isa<linalg::GenericOp>(op) && repeatsMatmulOperand(op)) {
    op->emitOpError(
        "repeats a tensor that a batch matmul reads (grouped-query "
        "attention's K or V repeated per query head), which no kernel "
        "copies: gemm-opt reads the unrepeated tensor (stacked rows, "
        "gemm-stack-grouped-heads, else a B entry per group of entries, "
        "gemm-fold-grouped-repeats) only when the repeat is along the last "
        "of the batch's dimensions (consecutive entries share a matrix) "
        "and shapes are static");
    rejected.insert(op);
    return WalkResult::skip();
  }
  if (linalgOp && isa<linalg::GenericOp>(op) &&
      linalg::isElementwise(linalgOp)) {
    op->emitOpError("is an elementwise op that is no matmul's epilogue: "
                    "gemm-opt fuses the elementwise ops that follow a "
                    "matmul (its only consumer, reading its result) into "
                    "its kernel and compiles none on its own (e.g. a scale "
                    "of an operand before a matmul, or a cast around a "
                    "softmax)");
    rejected.insert(op);
    return WalkResult::skip();
  }
  if (isa<linalg::GenericOp, linalg::ContractOp>(op)) {
    // gemm-specialize-contractions, which runs before, took those
    // that compute a matmul.
    std::string why = whyNotMatmulContraction(cast<linalg::LinalgOp>(op));
    if (why.empty())
      op->emitOpError("computes a matmul: run "
                      "gemm-specialize-contractions first (every stage "
                      "pipeline does)");
    else
      op->emitOpError("is not a matmul gemm-opt can compile: ") << why;
    rejected.insert(op);
    return WalkResult::skip();
  }
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    fills.push_back(fill); // after the ops they initialise
    return WalkResult::skip();
  }
  if (isa<arith::ConstantOp, func::ReturnOp, tensor::EmptyOp,
          tensor::CollapseShapeOp, tensor::ExpandShapeOp,
          memref::CollapseShapeOp, memref::ExpandShapeOp, memref::AllocOp,
          memref::DeallocOp, bufferization::ToTensorOp,
          bufferization::ToBufferOp>(op))
    return WalkResult::advance();
  op->emitOpError("is not supported by gemm-opt; expected "
                  "linalg.matmul or linalg.batch_matmul (with an "
                  "optional zero linalg.fill) or linalg.softmax");
  rejected.insert(op);
  return WalkResult::skip();
}

struct GemmVerifyInputPass
    : public mlir::gemm_opt::impl::GemmVerifyInputBase<GemmVerifyInputPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The variants of a dynamic-M function are copies of its ops.
    SayOnceDiagnosticHandler once(&getContext());
    InputOps input;
    SmallVector<Operation *> &kernelOps = input.kernelOps;
    bool ok = true;
    for (Operation &top : module.getBody()->getOperations()) {
      auto func = dyn_cast<func::FuncOp>(top);
      if (!func) {
        top.emitError("gemm-opt expects a module of func.func operations");
        ok = false;
        continue;
      }
      if (func.isExternal())
        continue;
      if (!isPtxIdentifier(func.getSymName())) {
        func.emitError("function name '")
            << func.getSymName()
            << "' is not a valid PTX identifier ([A-Za-z_$][A-Za-z0-9_$]*); "
               "kernels are named after it";
        ok = false;
      }
      for (auto [i, t] : llvm::enumerate(func.getArgumentTypes())) {
        // A dynamic-M variant's size argument (DynamicVariants.h).
        if (isa<IndexType>(t) && func.getArgAttr(i, kSymbolAttr))
          continue;
        if (!isa<MemRefType, RankedTensorType>(t)) {
          func.emitError("argument of type ")
              << t << " is not supported; expected ranked memrefs or tensors";
          ok = false;
        }
      }
      // Pre-order, skipping the regions of the ops we accept as a whole.
      size_t before = kernelOps.size();
      func.walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
        return op == func.getOperation() ? WalkResult::advance()
                                         : input.verify(op);
      });
      if (kernelOps.size() - before == 1 && failed(verifyArgumentsUsed(func)))
        ok = false;
      if (failed(verifyResults(func)))
        ok = false;
    }
    for (linalg::FillOp fill : input.fills)
      if (!input.fillsRejectedOp(fill) && failed(verifyFill(fill)))
        ok = false;
    ok = ok && input.rejected.empty();
    if (ok && !kernelOps.empty() && failed(verifyKernelOpPlacement(kernelOps)))
      ok = false;
    if (ok && kernelOps.empty()) {
      module.emitError("nothing to compile: expected a func.func holding a "
                       "linalg.matmul or a linalg.softmax");
      ok = false;
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
