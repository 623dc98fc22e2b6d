//===- WgmmaRung.cpp - The gemm-wgmma pass ---------------------------------===//
//
// Turns the mma rung's kernel into the wgmma kernel (WgmmaGemm.cpp) with the
// plan the heuristics choose and the pass options override; keeps the mma
// kernel, with a remark, where wgmma does not apply.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Gemm/PlannedKernels.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMWGMMA
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct GemmWgmmaPass
    : public mlir::gemm_opt::impl::GemmWgmmaBase<GemmWgmmaPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<const ChipInfo *> target = getChipInfo(func, this->chip);
    if (failed(target))
      return signalPassFailure();
    SmallVector<gpu::LaunchOp> launches = findKernels(func, "matmul");
    if (launches.empty()) {
      if (failed(checkNothingLeftFor(func, "gemm-wgmma",
                                     "the tensor-core matmul kernel (a "
                                     "gemm_opt.mma_plan, built by gemm-mma)")))
        signalPassFailure();
      return;
    }
    // The stage pipelines compile for sm_90a when sm_90 is asked; so does
    // the rung, unless the module's target names sm_90 itself (the kernels
    // are compiled for that target, which has no wgmma).
    const ChipInfo &chip =
        (*target)->name == "sm_90" && !*getModuleTarget(func)
            ? *lookupChipInfo("sm_90a")
            : **target;
    if (!chip.hasWgmma()) {
      launches.front().emitError("the 'wgmma' rung needs sm_90a (wgmma, "
                                 "TMA, setmaxnreg); chip ")
          << chip.name << " cannot run it";
      return signalPassFailure();
    }
    for (gpu::LaunchOp launch : launches) {
      if (launch->hasAttr(kWgmmaPlanAttr))
        continue; // Already a wgmma kernel.
      if (launch->hasAttr(kGemvPlanAttr) || launch->hasAttr(kSwapAbPlanAttr))
        continue; // The mma rung's small-M kernels: no tiles here.
      FailureOr<GemmProblem> problem = recoverGemmProblem(launch);
      if (failed(problem))
        return signalPassFailure();
      if (!launch->hasAttr(kMmaPlanAttr)) {
        if (problem->aType.isF32()) {
          // The mma rung kept the SIMT kernel (no allow-tf32 there).
          launch.emitRemark("f32 matmul left as it is: the 'wgmma' rung "
                            "computes f32 inputs as TF32 from the TF32 "
                            "mma.sync kernel, which needs allow-tf32=true");
          continue;
        }
        launch.emitError("the 'wgmma' rung needs the tensor-core (mma) "
                         "kernel; run gemm-mma first");
        return signalPassFailure();
      }
      if (problem->aType.isF32() && !allowTf32) {
        launch.emitRemark("TF32 matmul left on the mma.sync kernel: the "
                          "'wgmma' rung computes f32 inputs as TF32 only "
                          "with allow-tf32=true");
        continue;
      }
      // Rows TMA cannot load: padded staging copies, or the mma.sync
      // kernel stays (small problems, or staging=0).
      if (staging < -1 || staging > 1) {
        launch.emitError("invalid 'wgmma' option staging=")
            << static_cast<int64_t>(staging)
            << ": expected -1 (heuristic), 0 or 1";
        return signalPassFailure();
      }
      TmaRowCheck rows = checkTmaRows(*problem);
      const std::string &unaligned = rows.why;
      if (unaligned.empty() && staging == 1) {
        launch.emitError("invalid 'wgmma' option staging=1: the rows of A "
                         "and B are already 16-byte aligned (K=")
            << problem->k << ", N=" << problem->n
            << "); TMA reads them directly";
        return signalPassFailure();
      }
      bool stage = !unaligned.empty() &&
                   (staging == 1 ||
                    (staging == -1 && chooseWgmmaStaging(*problem, chip)));
      if (!unaligned.empty() && !stage) {
        auto remark = launch.emitRemark("matmul kept on the mma.sync kernel: ")
                      << unaligned;
        if (staging == -1)
          remark << "; padded staging copies do not pay at this size "
                    "(staging=1 forces them)";
        continue;
      }
      WgmmaGemmPlan plan = chooseWgmmaPlan(*problem, chip);
      plan.stageA = stage && rows.a;
      plan.stageB = stage && rows.b;
      overrideIfSet(plan.bm, blockM);
      overrideIfSet(plan.bn, blockN);
      overrideIfSet(plan.bk, blockK);
      overrideIfSet(plan.stages, stages);
      overrideIfSet(plan.consumers, warpgroups);
      overrideIfSet(plan.groupM, groupM, -1);
      overrideIfSet(plan.maxRegs, maxRegisters, -1);
      if (warpSpecialized != -1)
        plan.warpSpecialized = warpSpecialized != 0;
      if (persistent != -1)
        plan.persistent = persistent != 0;
      if (pingpong != -1)
        plan.pingpong = pingpong != 0;
      if (tmaStore == 1) {
        std::string why = checkTmaStoreOfC(*problem);
        if (!why.empty()) {
          launch.emitError("invalid 'wgmma' option tma-store=1: ") << why;
          return signalPassFailure();
        }
      }
      plan.tmaStore = tmaStore == -1
                          ? chooseWgmmaTmaStore(*problem, plan, chip)
                          : tmaStore == 1;
      bool padsB = false;
      if (std::string why = fitBatchedWgmmaPlan(*problem, plan, tmaStore == 1,
                                                staging != 0, padsB);
          !why.empty()) {
        launch.emitRemark("matmul kept on the mma.sync kernel: ") << why;
        continue;
      }
      if (padsB)
        launch.emitRemark("batched B read as K x N rows: a copy kernel pads "
                          "each entry's K = ")
            << problem->k << " rows with zeros to whole K tiles of "
            << plan.bk << " (the entries' rows share one tensor map)";
      std::string error = plan.validate(chip);
      if (!error.empty()) {
        launch.emitError("invalid 'wgmma' plan: ") << error;
        return signalPassFailure();
      }
      if (stage)
        launch.emitRemark("padded staging: ")
            << unaligned << "; a copy kernel first writes "
            << (plan.stageA ? (plan.stageB ? "A and B" : "A") : "B")
            << " into scratch with 16-byte-aligned rows";
      recordPlannedKernel(launch, plan.toAttr(launch.getContext()));
    }
    if (emit && failed(emitPlannedKernels(func)))
      signalPassFailure();
  }
};
} // namespace
