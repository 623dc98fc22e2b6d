//===- GemmProblem.cpp - What a linalg.matmul asks for --------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::gemm_opt;

FailureOr<ShapedType> mlir::gemm_opt::verifyStatic2DOperand(
    Operation *op, Value operand, StringRef rankMessage) {
  auto shaped = dyn_cast<ShapedType>(operand.getType());
  if (!shaped || !shaped.hasRank() || shaped.getRank() != 2)
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

LogicalResult mlir::gemm_opt::verifyMatmulContract(linalg::MatmulOp op) {
  if (op.hasUserDefinedMaps())
    return op.emitOpError(
        "with user-defined indexing maps (transposed or broadcast operands) "
        "is not supported");
  SmallVector<ShapedType> types;
  for (Value v : {op.getDpsInputs()[0], op.getDpsInputs()[1],
                  op.getDpsInits()[0]}) {
    FailureOr<ShapedType> shaped =
        verifyStatic2DOperand(op, v, "expects 2-D operands");
    if (failed(shaped))
      return failure();
    types.push_back(*shaped);
  }
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1],
        c = op.getDpsInits()[0];
  if (a == b || a == c || b == c)
    return op.emitOpError("needs three distinct operands; a buffer used as "
                          "two of A, B and C is not supported");
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

void mlir::gemm_opt::setBufferRole(func::FuncOp func, Value buffer,
                                   StringRef role) {
  auto roleAttr = StringAttr::get(func.getContext(), role);
  Value root = getRootBuffer(buffer);
  if (auto arg = dyn_cast<BlockArgument>(root))
    func.setArgAttr(arg.getArgNumber(), kRoleAttr, roleAttr);
  else
    root.getDefiningOp()->setAttr(kRoleAttr, roleAttr);
}

linalg::FillOp mlir::gemm_opt::findFoldableZeroFill(linalg::MatmulOp op) {
  Value init = op.getDpsInits()[0];
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (!llvm::is_contained(prev->getOperands(), init))
      continue;
    auto fill = dyn_cast<linalg::FillOp>(prev);
    if (!fill || fill.getDpsInits()[0] != init)
      return {};
    if (matchPattern(fill.getDpsInputs()[0], m_AnyZeroFloat()))
      return fill;
    return {};
  }
  return {};
}

FailureOr<GemmProblem> mlir::gemm_opt::analyzeGemmProblem(linalg::MatmulOp op) {
  if (!op.hasPureBufferSemantics())
    return op.emitOpError("must be bufferized before kernel generation");
  if (failed(verifyMatmulContract(op)))
    return failure();
  GemmProblem p;
  p.op = op;
  p.a = op.getDpsInputs()[0];
  p.b = op.getDpsInputs()[1];
  p.c = op.getDpsInits()[0];
  for (Value v : {p.a, p.b, p.c})
    if (!getRootBuffer(v))
      return op.emitOpError("operands must be function arguments or "
                            "allocations, so that a runner can bind them");
  auto aTy = cast<MemRefType>(p.a.getType());
  auto bTy = cast<MemRefType>(p.b.getType());
  auto cTy = cast<MemRefType>(p.c.getType());
  p.m = aTy.getDimSize(0);
  p.k = aTy.getDimSize(1);
  p.n = bTy.getDimSize(1);
  p.aType = aTy.getElementType();
  p.bType = bTy.getElementType();
  p.cType = cTy.getElementType();
  p.zeroFill = findFoldableZeroFill(op);
  p.accumulate = !p.zeroFill;
  return p;
}

void mlir::gemm_opt::recordGemmRoles(const GemmProblem &p) {
  auto func = const_cast<linalg::MatmulOp &>(p.op)->getParentOfType<func::FuncOp>();
  setBufferRole(func, p.a, "A");
  setBufferRole(func, p.b, "B");
  setBufferRole(func, p.c, "C");
}

MatmulProblemAttr mlir::gemm_opt::getMatmulProblemAttr(const GemmProblem &p) {
  return MatmulProblemAttr::get(p.a.getContext(), p.aType, p.accumulate,
                                p.bType, p.cType, p.k, p.m, p.n);
}
