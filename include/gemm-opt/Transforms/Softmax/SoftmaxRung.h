//===- SoftmaxRung.h - The rewrite every later softmax rung runs -*- C++ -*-===//

#ifndef GEMM_OPT_TRANSFORMS_SOFTMAX_SOFTMAXRUNG_H
#define GEMM_OPT_TRANSFORMS_SOFTMAX_SOFTMAXRUNG_H

#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"

namespace mlir::gemm_opt {

/// rewriteSoftmaxLaunches, and the problem the old kernels carried
/// (`gemm_opt.problem`) put on the kernels it built.
LogicalResult runSoftmaxRung(
    func::FuncOp func, StringRef pass,
    const std::function<FailureOr<SoftmaxPlan>(const SoftmaxProblem &)>
        &choose);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_SOFTMAX_SOFTMAXRUNG_H
