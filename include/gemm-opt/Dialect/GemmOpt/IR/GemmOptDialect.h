//===- GemmOptDialect.h - The gemm_opt dialect ------------------*- C++ -*-===//
//
// The dialect that owns gemm-opt's typed attributes (GemmOptAttrs.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTDIALECT_H
#define GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTDIALECT_H

#include "mlir/IR/Dialect.h"

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h.inc"

#endif // GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTDIALECT_H
