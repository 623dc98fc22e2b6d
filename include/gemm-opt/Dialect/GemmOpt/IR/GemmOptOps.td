//===- GemmOptOps.td - The gemm_opt dialect's operations ---*- tablegen -*-===//
//
// The one operation of the dialect: a softmax whose input and output have
// different element types, which linalg.softmax cannot express (its
// operands share one). gemm-fold-softmax-casts makes it from torch's
// `softmax(x.float()).to(x.dtype)`, and everything that takes a
// linalg.softmax takes it too (SoftmaxProblem.h, isSoftmaxOp).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTOPS
#define GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTOPS

include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.td"
include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def GemmOpt_SoftmaxOp : Op<GemmOpt_Dialect, "softmax", [
    DestinationStyleOpInterface,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<BufferizableOpInterface,
      ["bufferizesToMemoryRead", "bufferizesToMemoryWrite",
       "getAliasingValues", "bufferize"]>]> {
  let summary = "linalg.softmax reading and writing two element types";
  let description = [{
    `linalg.softmax` (same operands, same syntax, arithmetic in f32) whose
    input and output element types differ, each f32, f16 or bf16:

    ```mlir
    %p = gemm_opt.softmax dimension(3) ins(%s : tensor<2x3x64x64xf16>)
        outs(%e : tensor<2x3x64x64xf32>) -> tensor<2x3x64x64xf32>
    ```

    A softmax of one element type is a `linalg.softmax` (the verifier
    rejects this op then).
  }];
  let arguments = (ins AnyShaped:$input, AnyShaped:$output,
                       I64Attr:$dimension);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `ins` `(` $input `:` type($input) `)`
    `outs` `(` $output `:` type($output) `)`
    (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getOutputMutable(); }
  }];
  let hasVerifier = 1;
}

#endif // GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTOPS
