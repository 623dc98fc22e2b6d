//===- MmaRung.cpp - The gemm-mma pass ------------------------------------===//
//
// Turns the warp-tiled SIMT kernel into the tensor-core kernel (MmaGemm.cpp)
// with the plan the heuristics choose and the pass options override; keeps
// an f32 kernel on the SIMT path, with a remark, unless TF32 is allowed.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/PlannedKernels.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMMMA
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;


//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct GemmMmaPass
    : public mlir::gemm_opt::impl::GemmMmaBase<GemmMmaPass> {
  using Base::Base;

  /// Plans a kernel that streams B once (the weight-streaming kernel, else
  /// the swap-AB one) where the heuristics pick one, or with small-m=1
  /// wherever one applies (an error where neither does). Whether it did.
  FailureOr<bool> planSmallM(gpu::LaunchOp launch, const GemmProblem &problem,
                             const ChipInfo &chip) {
    bool force = smallM == 1;
    std::string whyGemv, whySwapAb;
    Attribute plan;
    std::string what;
    if (std::optional<GemvGemmPlan> gemv = chooseGemvPlan(problem, &whyGemv)) {
      plan = gemv->toAttr(launch.getContext());
      what = "the weight-streaming kernel instead of tensor-core tiles (" +
             gemv->str() + ")";
    } else if (std::optional<SwapAbGemmPlan> swapAb =
                   chooseSwapAbPlan(problem, chip.numSMs, &whySwapAb, force)) {
      plan = swapAb->toAttr(launch.getContext());
      what = "the swap-AB kernel (C^T = B A^T) instead of tensor-core tiles "
             "of A's rows (" + swapAb->str() + ")";
    } else if (force) {
      launch.emitError("invalid 'mma' option small-m=1: neither small-M "
                       "kernel applies: the weight-streaming kernel: ")
          << whyGemv << "; the swap-AB kernel: " << whySwapAb;
      return failure();
    } else {
      return false;
    }
    launch.emitRemark("M = ") << problem.m << ": " << what;
    recordPlannedKernel(launch, plan);
    return true;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<const ChipInfo *> target = getChipInfo(func, this->chip);
    if (failed(target))
      return signalPassFailure();
    const ChipInfo &chip = **target;
    SmallVector<gpu::LaunchOp> launches = findKernels(func, "matmul");
    if (launches.empty()) {
      if (failed(checkNothingLeftFor(func, "gemm-mma",
                                     "the warp-tiled SIMT matmul kernel (a "
                                     "gemm_opt.simt_plan, built by "
                                     "gemm-warp-tiling)")))
        signalPassFailure();
      return;
    }
    // m16n8k16 (f16/bf16) and m16n8k8 TF32 mma.sync, fed by cp.async.
    if (!chip.hasMmaSyncK16()) {
      launches.front().emitError("the 'mma' rung needs sm_80 or later "
                                 "(mma.sync m16n8k16 for f16/bf16, m16n8k8 "
                                 "for TF32, cp.async); chip ")
          << chip.name << " lacks them";
      return signalPassFailure();
    }
    for (gpu::LaunchOp launch : launches) {
      if (launch->hasAttr(kMmaPlanAttr) || launch->hasAttr(kGemvPlanAttr) ||
          launch->hasAttr(kSwapAbPlanAttr))
        continue; // Already this rung's kernel.
      if (!launch->hasAttr(kSimtPlanAttr)) {
        launch.emitError("the 'mma' rung needs the warp-tiled SIMT kernel; "
                         "run gemm-warp-tiling first");
        return signalPassFailure();
      }
      FailureOr<GemmProblem> problem = recoverGemmProblem(launch);
      if (failed(problem))
        return signalPassFailure();
      if (smallM < -1 || smallM > 1) {
        launch.emitError("invalid 'mma' option small-m=")
            << static_cast<int64_t>(smallM)
            << ": expected -1 (heuristic), 0 or 1";
        return signalPassFailure();
      }
      if (smallM != 0) {
        FailureOr<bool> planned = planSmallM(launch, *problem, chip);
        if (failed(planned))
          return signalPassFailure();
        if (*planned)
          continue;
      }
      if (problem->aType != problem->bType) {
        launch.emitError("the 'mma' rung needs A and B of one element type");
        return signalPassFailure();
      }
      if (problem->aType.isF32() && !allowTf32) {
        launch.emitRemark("f32 matmul left on the SIMT kernel: tensor cores "
                          "compute f32 inputs as TF32, which needs "
                          "allow-tf32=true");
        continue;
      }
      MmaGemmPlan plan = chooseMmaPlan(*problem, chip);
      overrideIfSet(plan.bm, blockM);
      overrideIfSet(plan.bn, blockN);
      overrideIfSet(plan.bk, blockK);
      overrideIfSet(plan.wm, warpM);
      overrideIfSet(plan.wn, warpN);
      overrideIfSet(plan.stages, stages);
      overrideIfSet(plan.groupM, groupM, -1);
      overrideIfSet(plan.maxRegs, maxRegisters, -1);
      std::string error = plan.validate(chip);
      if (!error.empty()) {
        launch.emitError("invalid 'mma' plan: ") << error;
        return signalPassFailure();
      }
      recordPlannedKernel(launch, plan.toAttr(launch.getContext()));
    }
    if (emit && failed(emitPlannedKernels(func)))
      signalPassFailure();
  }
};
} // namespace
