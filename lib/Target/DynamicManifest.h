//===- DynamicManifest.h - The version-3 manifest of dynamic variants -*- C++ -*-===//
//
// Private to lib/Target: the writer of a function compiled with dynamic
// sizes (docs/manifest.md, "Dynamic dimensions (version 3)").
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TARGET_DYNAMICMANIFEST_H
#define GEMM_OPT_LIB_TARGET_DYNAMICMANIFEST_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace mlir::gemm_opt {

/// The version-3 manifest (JSON text) of `variants`, the compiled variants
/// of one function with dynamic sizes in range order: each described as a
/// version-1 manifest (version 2 for several ops sharing a token or batch
/// count) at its planned sizes and checked as such, then each
/// planned size replaced by its symbol wherever it stands for the actual
/// one (the problem, the buffers' dimensions by role and layout, tensor
/// maps over M rows, grids and parameters computed from the sizes). Fails
/// with an error at the function that cannot be described.
FailureOr<std::string> describeDynamicFunction(ArrayRef<func::FuncOp> variants,
                                               StringRef ptx, StringRef stage,
                                               StringRef chip);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_TARGET_DYNAMICMANIFEST_H
