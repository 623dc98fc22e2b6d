//===- SoftmaxProblem.cpp - What a linalg.softmax asks for ----------------===//

#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gemm_opt;

LogicalResult mlir::gemm_opt::verifySoftmaxContract(linalg::SoftmaxOp op) {
  SmallVector<ShapedType> types;
  for (Value v : {op.getInput(), op.getOutput()}) {
    FailureOr<ShapedType> shaped =
        verifyStatic2DOperand(op, v, "expects 2-D operands [rows, cols]");
    if (failed(shaped))
      return failure();
    types.push_back(*shaped);
  }
  if (op.getDimension() != 1)
    return op.emitOpError("over dimension ")
           << op.getDimension()
           << " is not supported; gemm-opt computes softmax over the last "
              "dimension (dimension(1))";
  if (types[0].getShape() != types[1].getShape())
    return op.emitOpError("input and output shapes differ");
  Type x = types[0].getElementType(), y = types[1].getElementType();
  if (!(x.isF32() || x.isF16() || x.isBF16()))
    return op.emitOpError("element type ")
           << x << " is not supported; expected f32, f16 or bf16";
  if (x != y)
    return op.emitOpError("input and output must have the same element type, "
                          "got ")
           << x << " and " << y;
  return success();
}

/// Rows, columns and element types from the X and Y buffers.
static void setShapeFromBuffers(SoftmaxProblem &p) {
  auto xTy = cast<MemRefType>(p.x.getType());
  p.rows = xTy.getDimSize(0);
  p.cols = xTy.getDimSize(1);
  p.xType = xTy.getElementType();
  p.yType = cast<MemRefType>(p.y.getType()).getElementType();
}

FailureOr<SoftmaxProblem>
mlir::gemm_opt::analyzeSoftmaxProblem(linalg::SoftmaxOp op) {
  if (!op.hasPureBufferSemantics())
    return op.emitOpError("must be bufferized before kernel generation");
  if (failed(verifySoftmaxContract(op)))
    return failure();
  SoftmaxProblem p;
  p.x = op.getInput();
  p.y = op.getOutput();
  for (Value v : {p.x, p.y})
    if (!getRootBuffer(v))
      return op.emitOpError("operands must be function arguments or "
                            "allocations, so that a runner can bind them");
  if (getRootBuffer(p.x) == getRootBuffer(p.y))
    return op.emitOpError("in-place softmax (input and output are the same "
                          "buffer) is not supported");
  setShapeFromBuffers(p);
  return p;
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
  setShapeFromBuffers(p);
  if (getSoftmaxProblemAttr(p) != recorded)
    return failure();
  return p;
}
