//===- RungApplicability.cpp - Errors for rungs with nothing to do --------===//

#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::gemm_opt;

static std::string describeLaunch(gpu::LaunchOp launch) {
  auto kind = launch->getAttrOfType<StringAttr>(kKernelAttr);
  if (!kind)
    return "a gpu.launch that gemm-opt did not build (no gemm_opt.kernel "
           "attribute)";
  if (launch->hasAttr(kSoftmaxPlanAttr))
    return "a softmax kernel (gemm_opt.softmax_plan)";
  if (launch->hasAttr(kWgmmaPlanAttr))
    return "the Hopper matmul kernel of gemm-wgmma (gemm_opt.wgmma_plan)";
  if (launch->hasAttr(kMmaPlanAttr))
    return "the tensor-core matmul kernel of gemm-mma (gemm_opt.mma_plan)";
  if (launch->hasAttr(kSimtPlanAttr))
    return "a block-tiled SIMT matmul kernel (gemm_opt.simt_plan)";
  if (kind.getValue() == "matmul")
    return "the thread-per-output matmul kernel of gemm-naive / gemm-coalesce";
  return ("a '" + kind.getValue() + "' kernel without a plan").str();
}

std::string mlir::gemm_opt::describeRungInput(Operation *op) {
  if (auto launch = dyn_cast<gpu::LaunchOp>(op))
    return describeLaunch(launch);
  if (isa<linalg::BatchMatmulOp>(op))
    return "a linalg.batch_matmul that no rung has turned into a kernel (the "
           "matmul ladder starts with gemm-naive)";
  if (isa<linalg::MatmulOp>(op))
    return "a linalg.matmul that no rung has turned into a kernel (the "
           "matmul ladder starts with gemm-naive)";
  if (isSoftmaxOp(op))
    return "a linalg.softmax that no rung has turned into kernels (the "
           "softmax ladder starts with gemm-softmax-three-pass)";
  return ("'" + op->getName().getStringRef() + "'").str();
}

LogicalResult mlir::gemm_opt::emitRungNotApplicable(Operation *op,
                                                    StringRef pass,
                                                    StringRef needs) {
  return op->emitError() << pass << " needs " << needs << "; found "
                         << describeRungInput(op)
                         << ": run the earlier rungs or --gemm-compile";
}

LogicalResult mlir::gemm_opt::checkNothingLeftFor(func::FuncOp func,
                                                  StringRef pass,
                                                  StringRef needs) {
  Operation *found = nullptr;
  func.walk([&](Operation *op) {
    if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp, gpu::LaunchOp>(op) &&
        !isSoftmaxOp(op))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  if (!found)
    return success();
  return emitRungNotApplicable(found, pass, needs);
}
