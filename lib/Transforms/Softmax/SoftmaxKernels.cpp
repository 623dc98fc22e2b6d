//===- SoftmaxKernels.cpp - Entry points of the softmax kernel builders ---===//
//
// What the softmax rungs call: build a plan's kernels (one builder per
// algorithm, SoftmaxEmitter.h), replace the previous rung's launches, and
// the plan's shared-memory layout, which the builders and the plan checks
// share.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"
#include "SoftmaxEmitter.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Shared-memory layout of a plan
//===----------------------------------------------------------------------===//

int64_t softmax::reductionSlots(const SoftmaxPlan &plan) {
  if (plan.reduce == SoftmaxReduce::SharedTree)
    return plan.blockThreads();
  return plan.threadsPerRow > 32
             ? plan.rowsPerBlock * (plan.threadsPerRow / 32)
             : 0;
}

int64_t softmax::sharedRowBytes(const SoftmaxPlan &plan,
                                const SoftmaxProblem &p) {
  // Hybrid: only the shared chunks of the (one) row.
  int64_t elems = plan.storage == SoftmaxStorage::Hybrid
                      ? plan.sharedChunks * plan.threadsPerRow *
                            plan.vectorWidth
                      : plan.rowsPerBlock * p.cols;
  int64_t bytes = elems * softmax::elemBytes(p.xType);
  return (bytes + 15) / 16 * 16;
}

int64_t SoftmaxPlan::dynamicSharedBytes(const SoftmaxProblem &p) const {
  if (algo != SoftmaxAlgo::Online)
    return 0;
  if (storage != SoftmaxStorage::Shared &&
      !(storage == SoftmaxStorage::Hybrid && sharedChunks > 0))
    return 0;
  // Everything in one dynamic allocation: static shared variables would be
  // placed by ptxas where the dynamic symbol's accesses could overlap them.
  return softmax::sharedRowBytes(*this, p) +
         2 * 4 * softmax::reductionSlots(*this);
}

//===----------------------------------------------------------------------===//
// Building and rebuilding the kernels
//===----------------------------------------------------------------------===//

void mlir::gemm_opt::buildSoftmaxKernels(OpBuilder &builder, Location loc,
                                         const SoftmaxProblem &p,
                                         const SoftmaxPlan &plan) {
  KernelBuilder b(loc, builder.getContext());
  b.setInsertionPoint(builder.getInsertionBlock(), builder.getInsertionPoint());
  switch (plan.algo) {
  case SoftmaxAlgo::ThreePass:
    return softmax::buildThreePass(b, p, plan);
  case SoftmaxAlgo::Fused:
    return softmax::buildFused(b, p, plan);
  case SoftmaxAlgo::Online:
    return softmax::buildOnline(b, p, plan);
  }
}

LogicalResult mlir::gemm_opt::rewriteSoftmaxLaunches(
    func::FuncOp func, StringRef pass,
    const std::function<FailureOr<SoftmaxPlan>(const SoftmaxProblem &)>
        &choose) {
  SmallVector<gpu::LaunchOp> launches;
  func.walk([&](gpu::LaunchOp launch) {
    if (launch->hasAttr(kSoftmaxPlanAttr))
      launches.push_back(launch);
  });
  if (launches.empty())
    return checkNothingLeftFor(func, pass,
                               "the softmax kernels built by "
                               "gemm-softmax-three-pass (a "
                               "gemm_opt.softmax_plan)");
  FailureOr<SoftmaxProblem> problem = findRecordedSoftmaxProblem(func);
  if (failed(problem))
    return launches.front().emitError(
        "softmax kernel without a recorded softmax problem (roles X and Y "
        "and the gemm_opt.problem attribute)");
  FailureOr<SoftmaxPlan> plan = choose(*problem);
  if (failed(plan))
    return failure();

  // Scratch buffers (allocations without a role) the old kernels used.
  SetVector<Operation *> scratch = collectScratchBuffers(launches);

  OpBuilder builder(launches.front());
  buildSoftmaxKernels(builder, launches.front().getLoc(), *problem, *plan);
  for (gpu::LaunchOp launch : launches) {
    // Constants that only fed the launch configuration go too.
    SetVector<Operation *> operandDefs;
    for (Value v : launch->getOperands())
      if (Operation *def = v.getDefiningOp())
        operandDefs.insert(def);
    launch.erase();
    for (Operation *def : operandDefs)
      if (def->use_empty() && isa<arith::ConstantOp>(def))
        def->erase();
  }
  eraseUnusedScratchBuffers(scratch.getArrayRef());
  return success();
}
