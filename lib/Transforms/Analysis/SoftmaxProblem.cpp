//===- SoftmaxProblem.cpp - What a linalg.softmax asks for ----------------===//

#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptOps.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// Sets the value a softmax's kernels read the actual rows from: a softmax
/// variant's `rows`, or, in a variant of a token count shared by several ops,
/// its M when the softmax's rows are the planned tokens (times static
/// dimensions); in one of a batch count, the count times the rows of an
/// entry, computed once at the function's entry.
static void setRuntimeRows(func::FuncOp func, SoftmaxProblem &p) {
  if ((p.rowsRuntime = getRuntimeSizeArgument(func, kSoftmaxRowsSymbol)))
    return;
  std::optional<DynamicVariant> v =
      func ? getDynamicVariant(func) : std::nullopt;
  if (!v || !v->planned || *v->planned < 1 || p.rows % *v->planned != 0)
    return;
  auto batch = dyn_cast_or_null<BlockArgument>(
      v->symbol == kBatchSymbol ? getSymbolArgument(func, kBatchSymbol)
                                : Value());
  if (!batch) {
    // Rows of tokens times static dimensions collapsed with them ([3, ?, C]):
    // the variant's M argument is the rows of every op (DynamicOpsManifest).
    p.rowsRuntime = getRuntimeRowsArgument(func);
    return;
  }
  p.batchRuntime = batch;
  p.rowsPerEntry = p.rows / *v->planned;
  for (Operation *user : batch.getUsers())
    if (auto mul = dyn_cast<arith::MulIOp>(user);
        mul && mul->getBlock() == batch.getOwner() && mul.getLhs() == batch &&
        getConstantIntValue(mul.getRhs()) == p.rowsPerEntry)
      p.rowsRuntime = mul;
  if (p.rowsRuntime)
    return;
  OpBuilder b = OpBuilder::atBlockBegin(batch.getOwner());
  p.rowsRuntime = arith::MulIOp::create(
      b, batch.getLoc(), batch,
      arith::ConstantIndexOp::create(b, batch.getLoc(), p.rowsPerEntry));
}

bool mlir::gemm_opt::isSoftmaxOp(Operation *op) {
  return isa_and_nonnull<linalg::SoftmaxOp, SoftmaxOp>(op);
}

Value mlir::gemm_opt::getSoftmaxInput(Operation *op) {
  return cast<DestinationStyleOpInterface>(op).getDpsInputs()[0];
}

Value mlir::gemm_opt::getSoftmaxOutput(Operation *op) {
  return cast<DestinationStyleOpInterface>(op).getDpsInits()[0];
}

int64_t mlir::gemm_opt::getSoftmaxDimension(Operation *op) {
  if (auto sm = dyn_cast<linalg::SoftmaxOp>(op))
    return sm.getDimension();
  return cast<SoftmaxOp>(op).getDimension();
}

Operation *mlir::gemm_opt::createSoftmaxOp(OpBuilder &b, Location loc, Value x,
                                           Value y, int64_t dimension) {
  SmallVector<Type> results;
  if (isa<RankedTensorType>(y.getType()))
    results.push_back(y.getType());
  if (getElementTypeOrSelf(x.getType()) == getElementTypeOrSelf(y.getType()))
    return linalg::SoftmaxOp::create(b, loc, results, x, y, dimension);
  return SoftmaxOp::create(b, loc, results, x, y, dimension);
}

LogicalResult mlir::gemm_opt::verifySoftmaxContract(Operation *op) {
  // Over the last dimension of a row-major N-D buffer, a softmax is the
  // 2-D softmax of its rows (the product of the leading dimensions).
  auto inputType = dyn_cast<ShapedType>(getSoftmaxInput(op).getType());
  int64_t rank = inputType && inputType.hasRank()
                     ? std::max<int64_t>(inputType.getRank(), 2)
                     : 2;
  SmallVector<ShapedType> types;
  for (Value v : {getSoftmaxInput(op), getSoftmaxOutput(op)}) {
    FailureOr<ShapedType> shaped = verifyStaticOperand(
        op, v, rank,
        "expects 2-D operands [rows, cols], or N-D ones [d0, ..., cols] "
        "whose leading dimensions make the rows");
    if (failed(shaped))
      return failure();
    types.push_back(*shaped);
  }
  if (getSoftmaxDimension(op) != rank - 1)
    return op->emitOpError("over dimension ")
           << getSoftmaxDimension(op)
           << " is not supported; gemm-opt computes softmax over the last "
              "dimension (dimension("
           << rank - 1 << "))";
  if (types[0].getShape() != types[1].getShape())
    return op->emitOpError("input and output shapes differ");
  // Rows x cols must be an extent, as a 2-D operand's is.
  int64_t elements = 1;
  for (int64_t d : types[0].getShape())
    if (llvm::MulOverflow(elements, d, elements))
      return op->emitOpError("operand ")
             << types[0] << " has more than 2^63 - 1 elements";
  // The kernels compute in f32 and read X / write Y each in its own type
  // (gemm-fold-softmax-casts gives them torch's f16 -> f32 -> f16 forms).
  for (ShapedType t : types)
    if (Type elem = t.getElementType(); !isSoftmaxElementType(elem))
      return op->emitOpError("element type ")
             << elem << " is not supported; expected f32, f16 or bf16";
  return success();
}

/// The rows x cols view of an N-D buffer: its leading dimensions collapsed.
static Value createRowsView(OpBuilder &b, Location loc, Value buffer) {
  int64_t rank = cast<MemRefType>(buffer.getType()).getRank();
  ReassociationIndices rows = llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  ReassociationIndices cols = {rank - 1};
  return memref::CollapseShapeOp::create(b, loc, buffer,
                                         ArrayRef<ReassociationIndices>{rows, cols});
}

FailureOr<Operation *> mlir::gemm_opt::collapseSoftmaxToRows(Operation *op) {
  auto type = dyn_cast<MemRefType>(getSoftmaxInput(op).getType());
  if (!cast<DestinationStyleOpInterface>(op).hasPureBufferSemantics() ||
      !type || type.getRank() <= 2)
    return op;
  if (failed(verifySoftmaxContract(op)))
    return failure();
  OpBuilder b(op);
  Value x = createRowsView(b, op->getLoc(), getSoftmaxInput(op));
  Value y = createRowsView(b, op->getLoc(), getSoftmaxOutput(op));
  Operation *rows = createSoftmaxOp(b, op->getLoc(), x, y, /*dimension=*/1);
  op->erase();
  return rows;
}

/// The rows x cols view of a softmax buffer found by its role: the buffer
/// when 2-D, else the view its kernels read (collapseSoftmaxToRows made
/// it), or a new one right after the buffer's definition.
static Value getRowsView(Value buffer) {
  if (cast<MemRefType>(buffer.getType()).getRank() == 2)
    return buffer;
  int64_t cols = cast<MemRefType>(buffer.getType()).getShape().back();
  for (Operation *user : buffer.getUsers())
    if (auto view = dyn_cast<memref::CollapseShapeOp>(user);
        view && view.getResultType().getRank() == 2 &&
        view.getResultType().getShape().back() == cols &&
        getViewedRootBuffer(view) == buffer)
      return view;
  OpBuilder b(buffer.getContext());
  if (auto arg = dyn_cast<BlockArgument>(buffer))
    b.setInsertionPointToStart(arg.getOwner());
  else
    b.setInsertionPointAfter(buffer.getDefiningOp());
  return createRowsView(b, buffer.getLoc(), buffer);
}

/// Rows, columns and element types from the X and Y buffers.
static void setShapeFromBuffers(SoftmaxProblem &p) {
  auto xTy = cast<MemRefType>(p.x.getType());
  p.rows = xTy.getDimSize(0);
  p.cols = xTy.getDimSize(1);
  p.xType = xTy.getElementType();
  p.yType = cast<MemRefType>(p.y.getType()).getElementType();
}

FailureOr<SoftmaxProblem> mlir::gemm_opt::analyzeSoftmaxProblem(Operation *op) {
  if (!cast<DestinationStyleOpInterface>(op).hasPureBufferSemantics())
    return op->emitOpError("must be bufferized before kernel generation");
  if (failed(verifySoftmaxContract(op)))
    return failure();
  // The kernels index rows x cols: collapseSoftmaxToRows comes first.
  if (cast<MemRefType>(getSoftmaxInput(op).getType()).getRank() != 2)
    return op->emitOpError("must be collapsed to a softmax of rows x cols "
                           "before kernel generation");
  SoftmaxProblem p;
  p.x = getSoftmaxInput(op);
  p.y = getSoftmaxOutput(op);
  for (Value v : {p.x, p.y})
    if (!getViewedRootBuffer(v))
      return op->emitOpError("operands must be function arguments or "
                             "allocations, so that a runner can bind them");
  if (getViewedRootBuffer(p.x) == getViewedRootBuffer(p.y))
    return op->emitOpError("in-place softmax (input and output are the same "
                           "buffer) is not supported");
  setShapeFromBuffers(p);
  auto func = op->getParentOfType<func::FuncOp>();
  setRuntimeRows(func, p);
  p.colsRuntime = getRuntimeSizeArgument(func, kSoftmaxColsSymbol);
  return p;
}

Value SoftmaxProblem::rowsBound(OpBuilder &b, Location loc) const {
  return boundOf(b, loc, rowsRuntime, rows);
}

Value SoftmaxProblem::lastRow(OpBuilder &b, Location loc) const {
  return lastIndexOf(b, loc, rowsRuntime, rows);
}

void mlir::gemm_opt::recordSoftmaxRoles(func::FuncOp func,
                                        const SoftmaxProblem &p) {
  setBufferRole(func, p.x, "X");
  setBufferRole(func, p.y, "Y");
}

SoftmaxProblemAttr mlir::gemm_opt::getSoftmaxProblemAttr(const SoftmaxProblem &p) {
  return SoftmaxProblemAttr::get(p.x.getContext(), p.cols, p.rows, p.xType,
                                 p.yType);
}

/// The softmax kernels of `func` (gemm_opt.kernel = "softmax").
static SmallVector<gpu::LaunchOp> softmaxKernels(func::FuncOp func) {
  SmallVector<gpu::LaunchOp> launches;
  func.walk([&](gpu::LaunchOp launch) {
    auto kind = launch->getAttrOfType<StringAttr>(kKernelAttr);
    if (kind && kind.getValue() == "softmax")
      launches.push_back(launch);
  });
  return launches;
}

unsigned mlir::gemm_opt::recordSoftmaxProblemOnKernels(
    func::FuncOp func, SoftmaxProblemAttr problem) {
  unsigned tagged = 0;
  for (gpu::LaunchOp launch : softmaxKernels(func)) {
    if (launch->hasAttr(kProblemAttr))
      continue;
    launch->setAttr(kProblemAttr, problem);
    ++tagged;
  }
  return tagged;
}

FailureOr<SoftmaxProblem>
mlir::gemm_opt::findRecordedSoftmaxProblem(func::FuncOp func) {
  SoftmaxProblemAttr recorded;
  for (gpu::LaunchOp launch : softmaxKernels(func))
    if ((recorded = launch->getAttrOfType<SoftmaxProblemAttr>(kProblemAttr)))
      break;
  if (!recorded)
    return failure();
  SoftmaxProblem p;
  auto roleOf = [&](Value v, StringAttr role) {
    if (role && role.getValue() == "X")
      p.x = v;
    if (role && role.getValue() == "Y")
      p.y = v;
  };
  for (BlockArgument arg : func.getArguments())
    roleOf(arg, func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                  kRoleAttr));
  func.walk([&](Operation *alloc) {
    if (isa<memref::AllocOp, memref::AllocaOp>(alloc))
      roleOf(alloc->getResult(0), alloc->getAttrOfType<StringAttr>(kRoleAttr));
  });
  if (!p.x || !p.y)
    return failure();
  p.x = getRowsView(p.x);
  p.y = getRowsView(p.y);
  setShapeFromBuffers(p);
  setRuntimeRows(func, p);
  p.colsRuntime = getRuntimeSizeArgument(func, kSoftmaxColsSymbol);
  if (getSoftmaxProblemAttr(p) != recorded)
    return failure();
  return p;
}
