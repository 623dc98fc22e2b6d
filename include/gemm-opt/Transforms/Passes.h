//===- Passes.h - gemm-opt transformation passes ----------------*- C++ -*-===//

#ifndef GEMM_OPT_TRANSFORMS_PASSES_H
#define GEMM_OPT_TRANSFORMS_PASSES_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gemm_opt {

#define GEN_PASS_DECL
#include "gemm-opt/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gemm-opt/Transforms/Passes.h.inc"

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_PASSES_H
