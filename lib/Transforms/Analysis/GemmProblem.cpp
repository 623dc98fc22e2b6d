//===- GemmProblem.cpp - What a linalg.matmul asks for --------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"
#include "gemm-opt/Support/LaunchLimits.h"
#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"
#include "gemm-opt/Transforms/Analysis/HeadsTranspose.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::gemm_opt;

FailureOr<ShapedType> mlir::gemm_opt::verifyStaticOperand(
    Operation *op, Value operand, int64_t rank, StringRef rankMessage) {
  auto shaped = dyn_cast<ShapedType>(operand.getType());
  if (!shaped || !shaped.hasRank() || shaped.getRank() != rank)
    return op->emitOpError(rankMessage);
  if (!shaped.hasStaticShape())
    return op->emitOpError("has a dynamic shape ")
           << shaped << "; gemm-opt needs static shapes";
  if (llvm::is_contained(shaped.getShape(), 0))
    return op->emitOpError("has an empty operand ")
           << shaped << "; every dimension must be at least 1";
  if (auto memref = dyn_cast<MemRefType>(shaped)) {
    if (!memref.getLayout().isIdentity())
      return op->emitOpError("needs row-major identity layouts, got ")
             << memref;
    if (memref.getMemorySpace())
      return op->emitOpError(
                 "needs operands in the default memory space, got ")
             << memref;
  }
  return shaped;
}

LogicalResult mlir::gemm_opt::getMatmulOperandLayout(linalg::LinalgOp op,
                                                    bool &transposeA,
                                                    bool &transposeB,
                                                    bool &sharedB) {
  transposeA = transposeB = sharedB = false;
  auto batchMatmul = dyn_cast<linalg::BatchMatmulOp>(op.getOperation());
  bool userMaps = batchMatmul
                      ? batchMatmul.hasUserDefinedMaps()
                      : cast<linalg::MatmulOp>(op).hasUserDefinedMaps();
  if (!userMaps)
    return success();
  MLIRContext *ctx = op.getContext();
  // Dimensions (m, n, k), after the batch b for batch_matmul.
  unsigned first = batchMatmul ? 1 : 0;
  auto map = [&](unsigned r0, unsigned r1, bool batched = true) {
    SmallVector<AffineExpr> results;
    if (batchMatmul && batched)
      results.push_back(getAffineDimExpr(0, ctx));
    results.push_back(getAffineDimExpr(first + r0, ctx));
    results.push_back(getAffineDimExpr(first + r1, ctx));
    return AffineMap::get(first + 3, 0, results, ctx);
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (batchMatmul && maps[0].getNumResults() == 2)
    return op.emitOpError("with indexing maps ")
           << op->getAttr("indexing_maps")
           << " shares a 2-D A over the batch; gemm-opt does not compile a "
              "shared A yet (a shared B, the weight of a 3-D activation, it "
              "does)";
  // B may leave out the batch: one weight for every entry.
  sharedB = batchMatmul && maps[1].getNumResults() == 2;
  bool aOk = maps[0] == map(0, 2) || maps[0] == map(2, 0);
  bool bOk = maps[1] == map(2, 1, !sharedB) || maps[1] == map(1, 2, !sharedB);
  if (!aOk || !bOk || maps[2] != map(0, 1)) {
    InFlightDiagnostic diag = op.emitOpError("with indexing maps ")
                              << op->getAttr("indexing_maps")
                              << " is not supported; gemm-opt takes ";
    if (batchMatmul)
      diag << "A as (b, m, k) or (b, k, m), B as (b, k, n) or (b, n, k) (or "
              "without b: shared by every entry) and C as (b, m, n) over (b, "
              "m, n, k)";
    else
      diag << "A as (m, k) or (k, m), B as (k, n) or (n, k) and C as (m, n) "
              "over (m, n, k) (no broadcast operands)";
    return diag;
  }
  transposeA = maps[0] == map(2, 0);
  transposeB = maps[1] == map(1, 2, !sharedB);
  return success();
}

LogicalResult mlir::gemm_opt::verifyMatmulContract(linalg::LinalgOp op) {
  bool transposeA, transposeB, sharedB;
  if (failed(getMatmulOperandLayout(op, transposeA, transposeB, sharedB)))
    return failure();
  bool batched = isa<linalg::BatchMatmulOp>(op.getOperation());
  SmallVector<ShapedType> types;
  for (Value v : {op.getDpsInputs()[0], op.getDpsInputs()[1],
                  op.getDpsInits()[0]}) {
    bool shared = sharedB && v == op.getDpsInputs()[1];
    FailureOr<ShapedType> shaped = verifyStaticOperand(
        op, v, batched && !shared ? 3 : 2,
        !batched  ? "expects 2-D operands"
        : !shared ? "expects 3-D operands (batch first)"
                  : "expects a 2-D B shared by every batch entry");
    if (failed(shaped))
      return failure();
    types.push_back(*shaped);
  }
  // The kernels take the batch entry from grid z, or past 65535 entries
  // from grid x (gemm-linearize-launch-grids); cuBLAS counts them in an int.
  if (batched && types[2].getDimSize(0) > ::gemm_opt::kMaxBatch)
    return op.emitOpError("has ")
           << types[2].getDimSize(0) << " batch entries; at most "
           << ::gemm_opt::kMaxBatch;
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1],
        c = op.getDpsInits()[0];
  // One buffer as A and B (x @ x.T) is outlined into a function taking it
  // twice (gemm-outline-kernel-ops); C is a buffer of its own.
  if (a == c || b == c)
    return op.emitOpError("writes its result into its operand A or B; C "
                          "must be a buffer of its own");
  std::string typeError =
      checkMatmulElementTypes(types[0].getElementType(),
                              types[1].getElementType(),
                              types[2].getElementType());
  if (!typeError.empty())
    return op.emitOpError(typeError);
  return success();
}

Value mlir::gemm_opt::getRootBuffer(Value buffer) {
  if (auto arg = dyn_cast<BlockArgument>(buffer))
    return isa<func::FuncOp>(arg.getOwner()->getParentOp()) ? buffer : Value();
  Operation *def = buffer.getDefiningOp();
  if (isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(def))
    return buffer;
  return Value();
}

bool mlir::gemm_opt::isStaticRowMajor(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity();
}

Value mlir::gemm_opt::getViewedRootBuffer(Value value) {
  // Reshapes of a row-major buffer keep its bytes in order: a view through
  // any chain of them reads the root's memory as it is.
  for (int depth = 0; depth < 8; ++depth) {
    Operation *def = value.getDefiningOp();
    if (!isa_and_nonnull<memref::CollapseShapeOp, memref::ExpandShapeOp>(def))
      break;
    if (!isStaticRowMajor(value.getType()))
      return Value();
    value = def->getOperand(0);
  }
  Value root = getRootBuffer(value);
  if (root && !cast<MemRefType>(root.getType()).getLayout().isIdentity())
    return Value();
  return root;
}

void mlir::gemm_opt::setBufferRole(func::FuncOp func, Value buffer,
                                   StringRef role) {
  auto roleAttr = StringAttr::get(func.getContext(), role);
  Value root = getViewedRootBuffer(buffer);
  if (auto arg = dyn_cast<BlockArgument>(root))
    func.setArgAttr(arg.getArgNumber(), kRoleAttr, roleAttr);
  else
    root.getDefiningOp()->setAttr(kRoleAttr, roleAttr);
}

bool mlir::gemm_opt::isZeroFill(linalg::FillOp fill) {
  return matchPattern(fill.getDpsInputs()[0], m_AnyZeroFloat());
}

linalg::FillOp mlir::gemm_opt::findFoldableZeroFill(linalg::LinalgOp op) {
  Value init = op.getDpsInits()[0];
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (!llvm::is_contained(prev->getOperands(), init))
      continue;
    auto fill = dyn_cast<linalg::FillOp>(prev);
    if (!fill || fill.getDpsInits()[0] != init)
      return {};
    return isZeroFill(fill) ? fill : linalg::FillOp();
  }
  return {};
}

void mlir::gemm_opt::setRuntimeSizes(GemmProblem &problem,
                                     func::FuncOp func) {
  if (!func)
    return;
  problem.mRuntime = getRuntimeSizeArgument(func, "M");
  problem.nRuntime = getRuntimeSizeArgument(func, "N");
  problem.kRuntime = getRuntimeSizeArgument(func, "K");
  problem.batchRuntime = getRuntimeSizeArgument(func, kBatchSymbol);
}

/// `p` writing C as the heads transpose of its result lays it out, when
/// one reads it (HeadsTranspose.h; `writer` the op writing C): C the
/// copy's output. Only a C the kernel writes whole (beta = 0), static
/// sizes: the first rung erases the copy and the temporary it read.
static GemmProblem withHeadsTranspose(GemmProblem p, Operation *writer) {
  if (p.accumulate || p.batchRuntime || p.dynamicM() || p.dynamicExtents())
    return p;
  FailureOr<HeadsTranspose> t = findHeadsTranspose(p.c, writer);
  if (failed(t))
    return p;
  p.c = t->output;
  p.cHeads = t->heads;
  p.headsCopy = t->copy;
  p.headsExpand = t->expand;
  p.headsTemp = t->source;
  return p;
}

LogicalResult mlir::gemm_opt::findGroupedRepeat(linalg::LinalgOp op,
                                                linalg::LinalgOp &repeat,
                                                Value &temp) {
  repeat = {};
  temp = {};
  auto group = op->getAttrOfType<IntegerAttr>(kBGroupAttr);
  if (!group)
    return success();
  // B = collapse_shape(temp), temp = alloc written by the broadcast.
  auto collapse = op.getDpsInputs()[1].getDefiningOp<memref::CollapseShapeOp>();
  Value alloc = collapse ? collapse.getSrc() : Value();
  if (alloc && isa_and_nonnull<memref::AllocOp>(alloc.getDefiningOp()) &&
      cast<MemRefType>(alloc.getType()).getRank() == 4 &&
      cast<MemRefType>(alloc.getType()).getDimSize(1) == group.getInt())
    for (Operation *user : alloc.getUsers()) {
      auto broadcast = dyn_cast<linalg::BroadcastOp>(user);
      if (broadcast && broadcast.getInit() == alloc &&
          broadcast.hasPureBufferSemantics() &&
          broadcast.getDimensions() == ArrayRef<int64_t>{1}) {
        repeat = cast<linalg::LinalgOp>(user);
        temp = alloc;
      }
    }
  if (repeat)
    return success();
  return op.emitOpError("carries ")
         << kBGroupAttr << " = " << group.getInt()
         << " but its B is no collapse of a linalg.broadcast (dimension 1) "
            "of B's entries into a temporary (gemm-fold-grouped-repeats "
            "writes that form)";
}

/// `p` reading B's unrepeated entries when its op is tagged with a group
/// (kBGroupAttr): B the broadcast's input, `bGroup` its repeats.
static LogicalResult withGroupedB(GemmProblem &p) {
  if (failed(findGroupedRepeat(p.op, p.bRepeat, p.bRepeatTemp)))
    return failure();
  if (!p.bRepeat)
    return success();
  if (p.batchRuntime)
    return p.op.emitOpError(
        "reads grouped-query attention's K or V per group of entries "
        "(b_group) with a dynamic batch count, which gemm-opt does not "
        "compile yet: the group needs the batch static");
  p.b = p.bRepeat.getDpsInputs()[0];
  p.bGroup = cast<MemRefType>(p.bRepeatTemp.getType()).getDimSize(1);
  if (!getViewedRootBuffer(p.b))
    return p.op.emitOpError("operands must be function arguments or "
                            "allocations, or reshapes of one, so that a "
                            "runner can bind them");
  return success();
}

FailureOr<GemmProblem> mlir::gemm_opt::analyzeGemmProblem(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return op.emitOpError("must be bufferized before kernel generation");
  if (failed(verifyMatmulContract(op)))
    return failure();
  GemmProblem p;
  p.op = op;
  p.a = op.getDpsInputs()[0];
  p.b = op.getDpsInputs()[1];
  p.c = op.getDpsInits()[0];
  // A kernel argument has one role: one buffer as A and B is two arguments
  // of the op's outlined function.
  if (p.a == p.b)
    return op.emitOpError("reads one buffer as A and B; a kernel's "
                          "arguments have one role each: run "
                          "gemm-outline-kernel-ops first (the stage "
                          "pipelines do), whose function for the op takes "
                          "the buffer twice");
  for (Value v : {p.a, p.b, p.c})
    if (!getViewedRootBuffer(v))
      return op.emitOpError("operands must be function arguments or "
                            "allocations, or reshapes of one, so that a "
                            "runner can bind them");
  (void)getMatmulOperandLayout(op, p.transposeA, p.transposeB,
                               p.sharedB); // verified
  auto aTy = cast<MemRefType>(p.a.getType());
  auto bTy = cast<MemRefType>(p.b.getType());
  auto cTy = cast<MemRefType>(p.c.getType());
  // Rows and columns are the last two dimensions, after a batch.
  int64_t r = cTy.getRank() - 2;
  p.batch = r ? cTy.getDimSize(0) : 1;
  p.m = cTy.getDimSize(r);
  p.n = cTy.getDimSize(r + 1);
  p.k = aTy.getDimSize(p.transposeA ? r : r + 1);
  p.aType = aTy.getElementType();
  p.bType = bTy.getElementType();
  p.cType = cTy.getElementType();
  p.zeroFill = findFoldableZeroFill(op);
  p.accumulate = !p.zeroFill;
  setRuntimeSizes(p, op->getParentOfType<func::FuncOp>());
  if (failed(withGroupedB(p)))
    return failure();
  std::string why;
  FailureOr<EpilogueMatch> epilogue = findEpilogueConsumer(op, why);
  if (failed(epilogue))
    return withHeadsTranspose(p, op);
  // The kernel writes the consumer's output and reads its operands.
  SmallVector<Value> buffers = {epilogue->output};
  llvm::append_range(buffers, epilogue->operands);
  for (Value v : buffers)
    if (!getViewedRootBuffer(v))
      return epilogue->consumer.emitOpError(
          "operands must be function arguments or allocations, or reshapes "
          "of one, so that a runner can bind them");
  p.c = epilogue->output;
  p.cType = cast<MemRefType>(p.c.getType()).getElementType();
  p.epilogue = epilogue->attr;
  p.epilogueOperands = epilogue->operands;
  p.epilogueConsumer = epilogue->consumer;
  p.epilogueTemp = epilogue->temp;
  return withHeadsTranspose(p, epilogue->consumer);
}

Value GemmProblem::rowsBound(OpBuilder &b, Location loc) const {
  return boundOf(b, loc, mRuntime, m);
}

Value GemmProblem::colsBound(OpBuilder &b, Location loc) const {
  return boundOf(b, loc, nRuntime, n);
}

Value GemmProblem::depthBound(OpBuilder &b, Location loc) const {
  return boundOf(b, loc, kRuntime, k);
}

Value GemmProblem::batchCount(OpBuilder &b, Location loc) const {
  return boundOf(b, loc, batchRuntime, batch);
}

Value GemmProblem::lastRow(OpBuilder &b, Location loc) const {
  return lastIndexOf(b, loc, mRuntime, m);
}

Value GemmProblem::lastCol(OpBuilder &b, Location loc) const {
  return lastIndexOf(b, loc, nRuntime, n);
}

void GemmProblem::eraseReplacedOps() {
  if (zeroFill)
    zeroFill.erase();
  op.erase();
  if (bRepeat) {
    bRepeat.erase();
    Operation *temp = bRepeatTemp.getDefiningOp();
    // B's collapse, then the deallocations.
    for (Operation *user : llvm::make_early_inc_range(temp->getUsers()))
      if (user->use_empty())
        user->erase();
    if (temp->use_empty())
      temp->erase();
  }
  if (epilogueConsumer) {
    epilogueConsumer.erase();
    Operation *temp = epilogueTemp.getDefiningOp();
    for (Operation *user : llvm::make_early_inc_range(temp->getUsers()))
      user->erase(); // deallocations
    temp->erase();
  }
  if (headsCopy)
    eraseHeadsTranspose({headsCopy, headsExpand, headsTemp, c, cHeads});
}

void mlir::gemm_opt::recordGemmRoles(const GemmProblem &p) {
  auto func = p.op->getParentOfType<func::FuncOp>();
  setBufferRole(func, p.a, "A");
  setBufferRole(func, p.b, "B");
  setBufferRole(func, p.c, "C");
  for (auto [i, e] : llvm::enumerate(p.epilogueOperands))
    setBufferRole(func, e, ::gemm_opt::epilogue::operandRole(i));
}

MatmulProblemAttr mlir::gemm_opt::getMatmulProblemAttr(const GemmProblem &p) {
  return MatmulProblemAttr::get(p.a.getContext(), p.aType, p.accumulate,
                                p.bType, p.bGroup, p.batch, p.cType, p.cHeads,
                                p.epilogue, p.k, p.m, p.n, p.sharedB,
                                p.transposeA, p.transposeB);
}
