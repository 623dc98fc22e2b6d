//===- GemmOptDialect.td - The gemm_opt dialect ------------*- tablegen -*-===//
//
// The dialect that owns gemm-opt's attributes: the problem a kernel solves
// and the plan each kernel family is built from, which the rungs put on the
// `gpu.launch`es they build; and one operation, a softmax of two element
// types (GemmOptOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTDIALECT
#define GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTDIALECT

include "mlir/IR/DialectBase.td"

def GemmOpt_Dialect : Dialect {
  let name = "gemm_opt";
  let cppNamespace = "::mlir::gemm_opt";
  let summary = "Problems and kernel plans of the gemm-opt ladder";
  let description = [{
    Typed attributes for what the rung passes record on the kernels they
    build: `#gemm_opt.matmul<...>` / `#gemm_opt.softmax<...>` (the problem,
    `gemm_opt.problem` on each kernel's `gpu.launch`) and one plan per
    kernel family (`gemm_opt.simt_plan`, `gemm_opt.mma_plan`,
    `gemm_opt.wgmma_plan`, `gemm_opt.softmax_plan`). Their verifiers check
    what holds on every chip; the passes check the chip's limits. The other
    `gemm_opt.*` discardable attributes (`role`, `kernel`, `mapping`, ...)
    stay plain builtin attributes.
  }];
  // A kernel's fused epilogue (#gemm_opt.epilogue) is emitted by every
  // matmul rung, and brings inline PTX, math.fma and vector ops into rungs
  // whose own kernels had none: loading them with the dialect keeps each
  // rung pass's list of dialects what its kernels need.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Adds the attributes (GemmOptAttrs.cpp, where their storage is).
    void registerAttributes();
    /// Adds the operations (GemmOptOps.cpp).
    void registerOperations();
  }];
}

#endif // GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTDIALECT
