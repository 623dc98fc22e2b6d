//===- GemmOptOps.cpp - The gemm_opt dialect's operations -----------------===//

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::gemm_opt;

#define GET_OP_CLASSES
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptOps.cpp.inc"

void GemmOptDialect::registerOperations() {
  addOperations<
#define GET_OP_LIST
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// SoftmaxOp
//===----------------------------------------------------------------------===//

LogicalResult SoftmaxOp::verify() {
  auto in = cast<ShapedType>(getInput().getType());
  auto out = cast<ShapedType>(getOutput().getType());
  if (failed(verifyCompatibleShape(in.getShape(), out.getShape())))
    return emitOpError("incompatible output shape");
  if (static_cast<int64_t>(getDimension()) >= in.getRank())
    return emitOpError("incorrect dimension specified");
  for (Type t : {in.getElementType(), out.getElementType()})
    if (!(t.isF32() || t.isF16() || t.isBF16()))
      return emitOpError("element type ")
             << t << " is not supported; expected f32, f16 or bf16";
  // One form per softmax: the upstream op where it can say it.
  if (in.getElementType() == out.getElementType())
    return emitOpError("reads and writes one element type (")
           << in.getElementType() << "): that is a linalg.softmax";
  if (getNumResults() != (isa<RankedTensorType>(out) ? 1u : 0u) ||
      (getNumResults() == 1 && getResult()[0].getType() != out))
    return emitOpError("has a result of its output's type on tensors and "
                       "none on memrefs");
  return success();
}

void SoftmaxOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<MemRefType>(getInput().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getInputMutable(),
                         SideEffects::DefaultResource::get());
  if (isa<MemRefType>(getOutput().getType()))
    effects.emplace_back(MemoryEffects::Write::get(), &getOutputMutable(),
                         SideEffects::DefaultResource::get());
}

// Bufferized as upstream bufferizes linalg.softmax: the output is written,
// not read, and is the result's buffer.
bool SoftmaxOp::bufferizesToMemoryRead(OpOperand &operand,
                                       const bufferization::AnalysisState &) {
  return &operand == &getInputMutable();
}

bool SoftmaxOp::bufferizesToMemoryWrite(OpOperand &operand,
                                        const bufferization::AnalysisState &) {
  return &operand == &getOutputMutable();
}

bufferization::AliasingValueList
SoftmaxOp::getAliasingValues(OpOperand &operand,
                             const bufferization::AnalysisState &) {
  if (&operand != &getOutputMutable() || getNumResults() == 0)
    return {};
  return {{getResult()[0], bufferization::BufferRelation::Equivalent}};
}

LogicalResult
SoftmaxOp::bufferize(RewriterBase &rewriter,
                     const bufferization::BufferizationOptions &options,
                     bufferization::BufferizationState &state) {
  FailureOr<Value> in =
      bufferization::getBuffer(rewriter, getInput(), options, state);
  FailureOr<Value> out =
      bufferization::getBuffer(rewriter, getOutput(), options, state);
  if (failed(in) || failed(out))
    return failure();
  rewriter.setInsertionPoint(*this);
  SoftmaxOp::create(rewriter, getLoc(), TypeRange(), *in, *out, getDimension());
  bufferization::replaceOpWithBufferizedValues(rewriter, *this, *out);
  return success();
}
