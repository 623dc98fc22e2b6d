//===- SimtGemmRung.cpp - The rewrite every SIMT rung pass runs -----------===//

#include "gemm-opt/Transforms/Gemm/PlannedKernels.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// The pass of each rung, for diagnostics.
static StringRef simtRungPass(SimtRung rung) {
  switch (rung) {
  case SimtRung::Smem:
    return "gemm-shared-memory-tiling";
  case SimtRung::Reg1D:
    return "gemm-register-tiling-1d";
  case SimtRung::Reg2D:
    return "gemm-register-tiling-2d";
  case SimtRung::Vector:
    return "gemm-vectorize";
  case SimtRung::Swizzle:
    return "gemm-swizzle";
  case SimtRung::MultiBuffer:
    return "gemm-multi-buffer";
  case SimtRung::WarpTile:
    return "gemm-warp-tiling";
  }
  return "?";
}

LogicalResult mlir::gemm_opt::runSimtRung(
    func::FuncOp func, SimtRung rung, StringRef chipName,
    function_ref<void(SimtGemmPlan &)> overrides, bool emit) {
  FailureOr<const ChipInfo *> target = getChipInfo(func, chipName);
  if (failed(target))
    return failure();
  const ChipInfo &chip = **target;
  SmallVector<gpu::LaunchOp> launches = findKernels(func, "matmul");
  StringRef pass = simtRungPass(rung);
  if (launches.empty())
    return checkNothingLeftFor(
        func, pass,
        rung == SimtRung::Smem
            ? "the matmul kernel built by gemm-naive (gemm_opt.kernel = "
              "\"matmul\")"
            : "a matmul kernel with a gemm_opt.simt_plan (built by "
              "gemm-shared-memory-tiling)");
  for (gpu::LaunchOp launch : launches) {
    auto planAttr = launch->getAttrOfType<SimtPlanAttr>(kSimtPlanAttr);
    SimtGemmPlan plan;
    if (rung == SimtRung::Smem) {
      if (planAttr)
        continue; // Already tiled: nothing for this rung to do.
      // A tensor-core kernel would silently go back to SIMT.
      if (launch->hasAttr(kMmaPlanAttr) || launch->hasAttr(kWgmmaPlanAttr))
        return emitRungNotApplicable(
            launch, pass, "the thread-per-output matmul kernel of gemm-naive");
    } else {
      if (!planAttr)
        return launch.emitError("the '")
               << simtRungName(rung)
               << "' rung needs a shared-memory tiled kernel; run "
                  "gemm-shared-memory-tiling first";
      plan = SimtGemmPlan::fromAttr(planAttr);
    }
    FailureOr<GemmProblem> problem = recoverGemmProblem(launch);
    if (failed(problem))
      return failure();
    applySimtRungDefaults(rung, *problem, chip, plan);
    if (problem->dynamicM() || problem->dynamicExtents()) {
      // Sizes known at run time: no K splits (their partials and the
      // reduction's grid are sized statically) and no padded copies (the
      // copy kernel's grid is).
      plan.splitK = 1;
      plan.stageA = plan.stageB = false;
    }
    // griddepcontrol (the split-K reduction's early launch) is sm_90 only.
    plan.programmaticReduction = chip.hasSm90Features();
    overrides(plan);
    std::string error = plan.validate(chip);
    if (error.empty())
      error = validateForProblem(plan, *problem);
    if (!error.empty())
      return launch.emitError("invalid '")
             << simtRungName(rung) << "' plan: " << error;
    recordPlannedKernel(launch, plan.toAttr(launch.getContext()));
  }
  return emit ? emitPlannedKernels(func) : success();
}
