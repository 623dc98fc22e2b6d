//===- GemmOptOps.h - The gemm_opt dialect's operations ---------*- C++ -*-===//
//
// gemm_opt.softmax: a linalg.softmax whose input and output element types
// differ (GemmOptOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTOPS_H
#define GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTOPS_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptOps.h.inc"

#endif // GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTOPS_H
