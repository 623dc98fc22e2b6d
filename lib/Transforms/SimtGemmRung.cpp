//===- SimtGemmRung.cpp - The rewrite every SIMT rung pass runs -----------===//

#include "gemm-opt/Transforms/SimtGemmRung.h"

using namespace mlir;
using namespace mlir::gemm_opt;

LogicalResult mlir::gemm_opt::runSimtRung(
    func::FuncOp func, SimtRung rung,
    function_ref<void(SimtGemmPlan &)> overrides) {
  SmallVector<gpu::LaunchOp> launches = findKernels(func, "matmul");
  SmallVector<gpu::LaunchOp> oldAux = findMatmulAuxLaunches(func);
  const ChipInfo &chip = getChipInfo("sm_90");
  for (gpu::LaunchOp launch : launches) {
    auto planAttr = launch->getAttrOfType<DictionaryAttr>(kSimtPlanAttr);
    SimtGemmPlan plan;
    if (rung == SimtRung::Smem) {
      if (planAttr)
        continue; // Already tiled: nothing for this rung to do.
    } else {
      if (!planAttr)
        return launch.emitError("the '")
               << simtRungName(rung)
               << "' rung needs a shared-memory tiled kernel; run "
                  "gemm-shared-memory-tiling first";
      FailureOr<SimtGemmPlan> old = SimtGemmPlan::fromAttr(planAttr);
      if (failed(old))
        return launch.emitError("malformed ") << kSimtPlanAttr << " " << planAttr;
      plan = *old;
    }
    FailureOr<GemmProblem> problem = recoverGemmProblem(launch);
    if (failed(problem))
      return failure();
    applySimtRungDefaults(rung, *problem, chip, plan);
    overrides(plan);
    std::string error = plan.validate(chip);
    if (error.empty())
      error = validateForProblem(plan, *problem);
    if (!error.empty())
      return launch.emitError("invalid '")
             << simtRungName(rung) << "' plan: " << error;
    buildSimtGemmKernel(*problem, plan, launch);
    launch.erase();
  }
  // The old kernels' split-K reductions and staging copies (a rebuilt
  // kernel brought its own, right after and before it).
  eraseMatmulAuxLaunches(oldAux);
  return success();
}
