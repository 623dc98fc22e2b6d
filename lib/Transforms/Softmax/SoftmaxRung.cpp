//===- SoftmaxRung.cpp - The rewrite every later softmax rung runs --------===//

#include "gemm-opt/Transforms/Softmax/SoftmaxRung.h"

using namespace mlir;
using namespace mlir::gemm_opt;

LogicalResult mlir::gemm_opt::runSoftmaxRung(
    func::FuncOp func, StringRef pass,
    const std::function<FailureOr<SoftmaxPlan>(const SoftmaxProblem &)>
        &choose) {
  // Read before the old kernels go; without one, rewriteSoftmaxLaunches
  // reports what is missing.
  FailureOr<SoftmaxProblem> problem = findRecordedSoftmaxProblem(func);
  if (failed(rewriteSoftmaxLaunches(func, pass, choose)))
    return failure();
  if (succeeded(problem))
    recordSoftmaxProblemOnKernels(func, getSoftmaxProblemAttr(*problem));
  return success();
}
