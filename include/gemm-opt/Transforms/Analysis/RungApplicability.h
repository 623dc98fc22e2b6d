//===- RungApplicability.h - Errors for rungs with nothing to do -*- C++ -*-===//
//
// A rung pass rewrites the kernels an earlier rung built (found by their
// `gemm_opt.kernel` kind and plan attribute). Asked to apply to IR it did
// not build (a hand-written gpu.launch, a bare linalg op, a kernel of
// another family), it says so at that op and fails instead of leaving the
// IR unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_RUNGAPPLICABILITY_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_RUNGAPPLICABILITY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <string>

namespace mlir::gemm_opt {

/// What `op` is, for diagnostics: "a linalg.matmul that no rung has turned
/// into a kernel", "a gpu.launch that gemm-opt did not build (no
/// gemm_opt.kernel attribute)", "the tensor-core matmul kernel of gemm-mma
/// (gemm_opt.mma_plan)", ...
std::string describeRungInput(Operation *op);

/// Emits "<pass> needs <needs>; found <describeRungInput(op)>: run the
/// earlier rungs or --gemm-compile" at `op` and returns failure.
LogicalResult emitRungNotApplicable(Operation *op, StringRef pass,
                                    StringRef needs);

/// For a rung pass that found nothing of its own in `func`: fails with
/// emitRungNotApplicable at the first linalg.matmul, linalg.softmax or
/// gpu.launch of `func`. A function holding none of these (a helper, a
/// declaration) passes through unchanged, as it does through upstream
/// passes; the stage pipelines reject a module with nothing to compile in
/// gemm-verify-input.
LogicalResult checkNothingLeftFor(func::FuncOp func, StringRef pass,
                                  StringRef needs);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_RUNGAPPLICABILITY_H
