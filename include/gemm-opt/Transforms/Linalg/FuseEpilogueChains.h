//===- FuseEpilogueChains.h - One elementwise consumer per matmul -*- C++ -*-===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FUSEEPILOGUECHAINS_H
#define GEMM_OPT_TRANSFORMS_LINALG_FUSEEPILOGUECHAINS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::gemm_opt {

/// Generalizes the named elementwise ops (and broadcasts into them) that
/// read a matmul's result in `func`, and fuses each chain of them on
/// tensors into one linalg.generic (upstream elementwise op fusion).
LogicalResult fuseEpilogueChains(func::FuncOp func);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FUSEEPILOGUECHAINS_H
