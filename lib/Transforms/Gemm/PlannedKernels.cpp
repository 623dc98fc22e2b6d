//===- PlannedKernels.cpp - Build each planned matmul kernel once ---------===//
//
// Every matmul rung from smem to wgmma records its refined plan on the
// kernel's launch (recordPlannedKernel); with `emit=true` (run one by one)
// it then builds the kernel here at once, with `emit=false` (the stage
// pipelines) it leaves that to gemm-emit-planned-kernels at the end of the
// chain, so the wgmma stage builds one kernel instead of one per rung.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/PlannedKernels.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMEMITPLANNEDKERNELS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

void mlir::gemm_opt::recordPlannedKernel(gpu::LaunchOp launch,
                                         Attribute plan) {
  auto [planName, mapping] =
      isa<WgmmaPlanAttr>(plan)  ? std::pair(kWgmmaPlanAttr, "wgmma")
      : isa<MmaPlanAttr>(plan)  ? std::pair(kMmaPlanAttr, "mma")
      : isa<GemvPlanAttr>(plan) ? std::pair(kGemvPlanAttr, "gemv")
      : isa<SwapAbPlanAttr>(plan) ? std::pair(kSwapAbPlanAttr, "swap_ab")
                                : std::pair(kSimtPlanAttr, "simt");
  if (auto simt = launch->getAttrOfType<SimtPlanAttr>(kSimtPlanAttr);
      simt && !isa<SimtPlanAttr>(plan))
    launch->setAttr(kSimtFallbackPlanAttr, simt);
  for (StringRef name : {kSimtPlanAttr, kMmaPlanAttr, kWgmmaPlanAttr,
                         kGemvPlanAttr, kSwapAbPlanAttr})
    launch->removeAttr(name);
  launch->setAttr(planName, plan);
  launch->setAttr(kMappingAttr, StringAttr::get(launch.getContext(), mapping));
  launch->setAttr(kPlannedAttr, UnitAttr::get(launch.getContext()));
}

LogicalResult mlir::gemm_opt::emitPlannedKernels(func::FuncOp func, bool last) {
  SmallVector<gpu::LaunchOp> planned;
  func.walk([&](gpu::LaunchOp launch) {
    if (launch->hasAttr(kPlannedAttr))
      planned.push_back(launch);
  });
  // Split-K reductions and staging copies of the kernels being replaced
  // (none when every rung planned; some when a rung run one by one built
  // the kernel first).
  SmallVector<gpu::LaunchOp> oldAux =
      planned.empty() ? SmallVector<gpu::LaunchOp>()
                      : findMatmulAuxLaunches(func);
  for (gpu::LaunchOp launch : planned) {
    FailureOr<GemmProblem> problem = recoverGemmProblem(launch);
    if (failed(problem))
      return failure();
    gpu::LaunchOp built;
    auto fallback = launch->getAttrOfType<SimtPlanAttr>(kSimtFallbackPlanAttr);
    if (last && fallback && problem->dynamicM() &&
        launch->hasAttr(kMmaPlanAttr)) {
      launch.emitRemark("matmul with a dynamic M left on the SIMT kernel, "
                        "which takes M at run time: the mma.sync kernel "
                        "compiles a static M only");
      built = buildSimtGemmKernel(*problem, SimtGemmPlan::fromAttr(fallback),
                                  launch);
    } else if (auto plan =
                   launch->getAttrOfType<WgmmaPlanAttr>(kWgmmaPlanAttr)) {
      // The attribute's verifier knows no layout: a plan written into the
      // IR by hand may read B in the wrong tiles.
      WgmmaGemmPlan wgmma = WgmmaGemmPlan::fromAttr(plan);
      if (std::string why = checkWgmmaBlockN(*problem, wgmma); !why.empty())
        return launch.emitError("invalid wgmma plan: ") << why;
      built = buildWgmmaGemmKernel(*problem, wgmma, launch);
    } else if (auto plan = launch->getAttrOfType<MmaPlanAttr>(kMmaPlanAttr))
      built =
          buildMmaGemmKernel(*problem, MmaGemmPlan::fromAttr(plan), launch);
    else if (auto plan = launch->getAttrOfType<GemvPlanAttr>(kGemvPlanAttr))
      built =
          buildGemvGemmKernel(*problem, GemvGemmPlan::fromAttr(plan), launch);
    else if (auto plan =
                 launch->getAttrOfType<SwapAbPlanAttr>(kSwapAbPlanAttr)) {
      SwapAbGemmPlan swapAb = SwapAbGemmPlan::fromAttr(plan);
      std::string error = swapAb.validate(*problem);
      if (!error.empty())
        return launch.emitError("invalid swap-AB plan: ") << error;
      built = buildSwapAbGemmKernel(*problem, swapAb, launch);
    }
    else if (auto plan = launch->getAttrOfType<SimtPlanAttr>(kSimtPlanAttr))
      built =
          buildSimtGemmKernel(*problem, SimtGemmPlan::fromAttr(plan), launch);
    else
      return launch.emitError("a planned matmul launch without a plan "
                              "(gemm_opt.simt_plan, mma_plan, gemv_plan, swap_ab_plan or "
                              "wgmma_plan)");
    if (!built)
      return failure();
    built->setAttr(kProblemAttr, launch->getAttr(kProblemAttr));
    launch.erase();
  }
  eraseMatmulAuxLaunches(oldAux);
  return success();
}

namespace {
struct GemmEmitPlannedKernelsPass
    : public mlir::gemm_opt::impl::GemmEmitPlannedKernelsBase<
          GemmEmitPlannedKernelsPass> {
  void runOnOperation() override {
    if (failed(emitPlannedKernels(getOperation(), /*last=*/true)))
      signalPassFailure();
  }
};
} // namespace
