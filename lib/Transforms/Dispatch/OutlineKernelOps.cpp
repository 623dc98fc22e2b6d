//===- OutlineKernelOps.cpp - One function per kernel op ------------------===//
//
// gemm-outline-kernel-ops: runs right after bufferization, so that the
// operands are the buffers a runner binds (function arguments and
// allocations) and each callee's arguments are exactly its op's buffers
// (an N-D softmax's: their rows x cols views, collapsed in the caller).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"
#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Analysis/HeadsTranspose.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMOUTLINEKERNELOPS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

bool mlir::gemm_opt::isKernelOp(Operation *op) {
  return isGemmOp(op) || isSoftmaxOp(op);
}

StringRef mlir::gemm_opt::getKernelOpLadder(Operation *op) {
  return isSoftmaxOp(op) ? "softmax" : "matmul";
}

LogicalResult mlir::gemm_opt::verifyOutlinableKernelOp(Operation *op) {
  if (!isa_and_nonnull<func::FuncOp>(op->getParentOp()))
    return op->emitOpError("is not directly in a function's body; gemm-opt "
                           "outlines kernel ops of a function's body only");
  auto dps = cast<DestinationStyleOpInterface>(op);
  // On tensors, bufferization makes every operand an argument or an
  // allocation, or a reshape of one (the same bytes, which the callee takes
  // as its argument); on memrefs, each must be one already.
  for (OpOperand &operand : op->getOpOperands()) {
    if (dps.hasPureBufferSemantics() && !getViewedRootBuffer(operand.get()))
      return op->emitOpError("operand #")
             << operand.getOperandNumber()
             << " is not a whole function argument or allocation, or a "
                "reshape of one; a runner binds each op's buffers";
  }
  Value output = dps.getDpsInits()[0];
  if (llvm::is_contained(dps.getDpsInputs(), output))
    return op->emitOpError("writes its output into one of its inputs; an "
                           "op's output must be a buffer of its own");
  return success();
}

/// The ops of `func` that move into the callee of `op`: the zero fill a
/// matmul kernel folds (with its constant) and the op, in order; a fused
/// epilogue consumer after it, with the temporary C between them first
/// (the callee's own allocation, which the kernel then skips); and a heads
/// transpose of the result (HeadsTranspose.h) with the expand_shape it
/// reads, its temporary first too; a grouped B's repeat with its temporary
/// before the op. `writers` gets the ops whose other operands are the
/// callee's arguments.
static SmallVector<Operation *>
opsToOutline(Operation *op, SmallVectorImpl<Operation *> &writers) {
  SmallVector<Operation *> ops;
  writers.assign({op});
  auto matmul = dyn_cast<linalg::LinalgOp>(op);
  if (!matmul || !isGemmOp(op))
    return {op};
  std::string why;
  FailureOr<EpilogueMatch> epilogue = findEpilogueConsumer(matmul, why);
  Operation *last = succeeded(epilogue) ? epilogue->consumer : op;
  Value result =
      succeeded(epilogue) ? epilogue->output : matmul.getDpsInits()[0];
  linalg::FillOp fill = findFoldableZeroFill(matmul);
  FailureOr<HeadsTranspose> heads = failure();
  if (fill)
    heads = findHeadsTranspose(result, last);
  if (succeeded(heads))
    ops.push_back(heads->source.getDefiningOp());
  // A grouped B's repeat (FoldGroupedRepeats.h), which the kernel reads
  // unrepeated: its temporary, the broadcast and B's collapse of it.
  linalg::LinalgOp repeat;
  Value repeated;
  if (succeeded(findGroupedRepeat(matmul, repeat, repeated)) && repeat) {
    ops.push_back(repeated.getDefiningOp());
    ops.push_back(repeat);
    ops.push_back(matmul.getDpsInputs()[1].getDefiningOp());
    writers.push_back(repeat);
  }
  if (succeeded(epilogue))
    ops.push_back(epilogue->temp.getDefiningOp());
  if (fill)
    ops.push_back(fill);
  ops.push_back(op);
  if (succeeded(epilogue)) {
    ops.push_back(epilogue->consumer);
    writers.push_back(epilogue->consumer);
  }
  if (succeeded(heads)) {
    ops.push_back(heads->expand);
    ops.push_back(heads->copy);
    writers.push_back(heads->copy);
  }
  return ops;
}

/// Whether `op` is a matmul reading one buffer as A and B (x @ x.T): its
/// function takes the buffer once, its kernel's callee twice.
static bool readsOneBufferTwice(Operation *op) {
  auto matmul = dyn_cast<linalg::LinalgOp>(op);
  return matmul && isGemmOp(op) &&
         matmul.getDpsInputs()[0] == matmul.getDpsInputs()[1];
}

bool mlir::gemm_opt::returnsAliasedResults(func::FuncOp func) {
  if (func.isExternal() || getDynamicVariant(func))
    return false;
  // An argument the function writes and returns is its output (a tensor C
  // passed in, bufferized in place), which a version-1 manifest returns.
  llvm::SmallPtrSet<Value, 4> written;
  func.walk([&](DestinationStyleOpInterface op) {
    for (Value init : op.getDpsInits())
      if (Value root = getViewedRootBuffer(init))
        written.insert(root);
  });
  WalkResult walk = func.walk([&](func::ReturnOp ret) {
    for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
      auto arg = dyn_cast<BlockArgument>(v);
      if ((arg && arg.getOwner()->isEntryBlock() && !written.contains(v)) ||
          llvm::is_contained(ret.getOperands().take_front(i), v))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The size argument of a variant whose only dynamic size is shared by its
/// ops: the token count M or the batch count; null for any other function (a
/// variant of other sizes as well is no function of several ops,
/// gemm-specialize-dynamic-dims says).
static Value sharedSizeArgument(func::FuncOp func) {
  std::optional<DynamicVariant> variant = getDynamicVariant(func);
  if (!variant || (variant->symbol != "M" && variant->symbol != kBatchSymbol))
    return {};
  for (BlockArgument arg : func.getArguments())
    if (auto name =
            func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kSymbolAttr);
        name && name.getValue() != variant->symbol)
      return {};
  return getSymbolArgument(func, variant->symbol);
}

/// Creates `@<func>_op<index>` for `op` after `after` and calls it in the
/// op's place; returns the callee.
static func::FuncOp outlineOne(func::FuncOp func, Operation *op, unsigned index,
                               Operation *after, SymbolTable &symbols) {
  SmallVector<Operation *> writers;
  SmallVector<Operation *> moved = opsToOutline(op, writers);
  // The op's buffers, then a fused consumer's and a heads transpose's
  // others; not the temporaries.
  llvm::SetVector<Value> buffers;
  for (Operation *m : writers)
    for (Value v : m->getOperands())
      if (!llvm::is_contained(moved, v.getDefiningOp()))
        buffers.insert(v);
  // One buffer read as A and B is two arguments of the callee (A, then B):
  // each kernel argument has one role.
  SmallVector<Value> arguments(buffers.getArrayRef());
  bool twice = readsOneBufferTwice(op);
  if (twice)
    arguments.insert(arguments.begin() + 1, arguments.front());
  // A variant of a dynamic token (or batch) count: every op's kernels take
  // the actual count, so the callee takes the variant's size argument last
  // and says which variant it belongs to (getRuntimeSizeArgument reads both;
  // a softmax's rows are then the count times its static rows per entry).
  Value shared = sharedSizeArgument(func);
  if (shared)
    arguments.push_back(shared);
  OpBuilder b(after->getContext());
  b.setInsertionPointAfter(after);
  auto type = b.getFunctionType(TypeRange(arguments), {});
  std::string name = (func.getSymName() + "_op" + Twine(index)).str();
  auto callee = func::FuncOp::create(b, op->getLoc(), name, type);
  callee.setPrivate();
  callee->setAttr(kOutlinedOpAttr, b.getStringAttr(getKernelOpLadder(op)));
  if (shared) {
    callee->setAttr(kVariantAttr, func->getAttr(kVariantAttr));
    callee.setArgAttr(
        arguments.size() - 1, kSymbolAttr,
        func.getArgAttr(cast<BlockArgument>(shared).getArgNumber(),
                        kSymbolAttr));
  }
  symbols.insert(callee); // renames it if the name is taken

  Block *body = callee.addEntryBlock();
  IRMapping map;
  for (auto [value, argument] : llvm::zip(arguments, body->getArguments()))
    if (!map.contains(value))
      map.map(value, argument);
  b.setInsertionPointToStart(body);
  for (Operation *m : moved) {
    // The fill's scalar: a constant (findFoldableZeroFill matched it); an
    // epilogue body's constants defined outside it.
    llvm::SetVector<Value> used(m->operand_begin(), m->operand_end());
    getUsedValuesDefinedAbove(m->getRegions(), used);
    for (Value v : used)
      if (!map.contains(v) && v.getDefiningOp())
        b.clone(*v.getDefiningOp(), map);
    Operation *clone = b.clone(*m, map);
    if (m == op && twice)
      clone->setOperand(1, body->getArgument(1));
  }
  func::ReturnOp::create(b, op->getLoc());

  // At the last moved op: a consumer's output may be allocated after `op`.
  b.setInsertionPoint(moved.back());
  func::CallOp::create(b, op->getLoc(), callee, arguments);
  for (Operation *m : llvm::reverse(moved)) {
    for (Operation *user : llvm::make_early_inc_range(m->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    SmallVector<Value> inputs(m->getOperands());
    m->erase();
    for (Value v : inputs)
      if (Operation *def = v.getDefiningOp();
          def && def->use_empty() && isa<arith::ConstantOp>(def))
        def->erase();
  }
  return callee;
}

LogicalResult mlir::gemm_opt::outlineKernelOps(func::FuncOp func,
                                               SymbolTable &symbols) {
  if (func.isExternal())
    return success();
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isKernelOp(op))
      ops.push_back(op);
  });
  // One op is compiled in its function, unless it reads a buffer twice or
  // the function returns a buffer that is not a result of its own: only the
  // version-2 manifest names every argument and what each result is.
  if (ops.size() < 2 && !llvm::any_of(ops, readsOneBufferTwice) &&
      !returnsAliasedResults(func))
    return success();
  for (Operation *op : ops)
    if (!cast<DestinationStyleOpInterface>(op).hasPureBufferSemantics())
      return op->emitOpError("must be bufferized before it is outlined");
  bool ok = true;
  for (Operation *op : ops)
    ok &= succeeded(verifyOutlinableKernelOp(op));
  if (!ok)
    return failure();
  // An N-D softmax's function takes rows x cols views of its buffers: its
  // kernels are 2-D, and the manifest names the viewed buffers.
  for (Operation *&op : ops) {
    if (!isSoftmaxOp(op))
      continue;
    FailureOr<Operation *> rows = collapseSoftmaxToRows(op);
    if (failed(rows))
      return failure();
    op = *rows;
  }
  Operation *after = func;
  for (auto [index, op] : llvm::enumerate(ops))
    after = outlineOne(func, op, index, after, symbols);
  return success();
}

LogicalResult mlir::gemm_opt::outlineKernelOps(ModuleOp module) {
  SymbolTable symbols(module);
  bool ok = true;
  for (auto func : llvm::to_vector(module.getOps<func::FuncOp>()))
    ok &= succeeded(outlineKernelOps(func, symbols));
  return success(ok);
}

namespace {
struct GemmOutlineKernelOpsPass
    : public mlir::gemm_opt::impl::GemmOutlineKernelOpsBase<
          GemmOutlineKernelOpsPass> {
  void runOnOperation() override {
    if (failed(outlineKernelOps(getOperation())))
      signalPassFailure();
  }
};
} // namespace
