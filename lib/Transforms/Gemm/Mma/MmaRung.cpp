//===- MmaRung.cpp - The gemm-mma pass ------------------------------------===//
//
// Turns the warp-tiled SIMT kernel into the tensor-core kernel (MmaGemm.cpp)
// with the plan the heuristics choose and the pass options override; keeps
// an f32 kernel on the SIMT path, with a remark, unless TF32 is allowed.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Gemm/PlannedKernels.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Heuristics/TuningLookup.h"
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

/// Why a problem with run-time sizes stays on the SIMT kernel
/// (GemmProblem::runtimeViews).
static StringRef simtOnlyReason(const GemmProblem &problem) {
  if (problem.dynamicExtents())
    return "matmul with a dynamic N or K left on the SIMT kernel: it takes "
           "M, N and K at run time; the tensor-core kernels take a dynamic M "
           "only";
  if (problem.isBatched())
    return "batched matmul with a dynamic M left on the SIMT kernel: it "
           "takes each entry's offset at run time; the tensor-core kernels "
           "take a dynamic M of a 2-D matmul only";
  return "matmul with a dynamic M and A stored K x M left on the SIMT "
         "kernel: it reads A in place; the tensor-core kernels read A's rows "
         "M x K";
}

namespace {
struct GemmMmaPass
    : public mlir::gemm_opt::impl::GemmMmaBase<GemmMmaPass> {
  using Base::Base;
  GemmMmaPass() = default;
  // The options of this class (tuning-db...) are copied by clone().
  GemmMmaPass(const GemmMmaPass &other) : Base(other) {}

  /// The database's options (TuningLookup.h), set by createGemmMmaPass.
  RungTuning tuning{*this};

  static constexpr StringRef kPlanOptions[] = {
      "small-m", "block-m",      "block-n", "block-k", "warp-m",
      "warp-n",  "stages", "group-m", "max-registers"};

  /// The plan options given to this pass; over `tuned`'s when given.
  GemmMmaOptions planOptions(const GemmMmaPass *tuned = nullptr) const {
    GemmMmaOptions o, unset;
    const GemmMmaPass &t = tuned ? *tuned : *this;
    auto pick = [](int64_t mine, int64_t db, int64_t none) {
      return mine != none ? mine : db;
    };
#define GEMM_OPT_PICK(field)                                                   \
  o.field = pick(field, t.field, unset.field);
    GEMM_OPT_PICK(smallM) GEMM_OPT_PICK(blockM) GEMM_OPT_PICK(blockN)
    GEMM_OPT_PICK(blockK) GEMM_OPT_PICK(warpM) GEMM_OPT_PICK(warpN)
    GEMM_OPT_PICK(stages) GEMM_OPT_PICK(groupM) GEMM_OPT_PICK(maxRegisters)
#undef GEMM_OPT_PICK
    return o;
  }

  /// Plans a kernel that streams B once (the weight-streaming kernel, else
  /// the swap-AB one) where the heuristics pick one, or with `force`
  /// wherever one applies (else `why`, an error). Whether it did.
  bool planSmallM(gpu::LaunchOp launch, const GemmProblem &problem,
                  const ChipInfo &chip, bool force, std::string &why) {
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
    } else {
      if (force)
        why = "invalid 'mma' option small-m=1: neither small-M kernel "
              "applies: the weight-streaming kernel: " +
              whyGemv + "; the swap-AB kernel: " + whySwapAb;
      return false;
    }
    launch.emitRemark("M = ") << problem.m << ": " << what;
    recordPlannedKernel(launch, plan);
    return true;
  }

  /// Plans `launch` under the plan options `o` and records the plan (or
  /// leaves the SIMT kernel, with a remark): "", or why the options do not
  /// apply; failure after an error.
  FailureOr<std::string> planWith(gpu::LaunchOp launch,
                                  const GemmProblem &problem,
                                  const ChipInfo &chip,
                                  const GemmMmaOptions &o) {
    if (problem.runtimeViews()) {
      launch.emitRemark(simtOnlyReason(problem));
      return std::string();
    }
    // The tensor-core kernels that take M at run time read A's and B's
    // rows by TMA or 16-byte loads; their padded copies would be sized by
    // the planned M.
    if (std::string rows = checkTmaRows(problem).why;
        problem.dynamicM() && !rows.empty()) {
      launch.emitRemark("matmul with a dynamic M left on the SIMT kernel, "
                        "which takes M at run time: ")
          << rows;
      return std::string();
    }
    std::string why;
    if (o.smallM != 0 && planSmallM(launch, problem, chip, o.smallM == 1, why))
      return std::string();
    if (!why.empty())
      return why;
    if (problem.aType != problem.bType)
      return launch.emitError(
          "the 'mma' rung needs A and B of one element type");
    if (problem.aType.isF32() && !allowTf32) {
      launch.emitRemark("f32 matmul left on the SIMT kernel: tensor cores "
                        "compute f32 inputs as TF32, which needs "
                        "allow-tf32=true");
      return std::string();
    }
    MmaGemmPlan plan = chooseMmaPlan(problem, chip);
    overrideIfSet(plan.bm, o.blockM);
    overrideIfSet(plan.bn, o.blockN);
    overrideIfSet(plan.bk, o.blockK);
    overrideIfSet(plan.wm, o.warpM);
    overrideIfSet(plan.wn, o.warpN);
    overrideIfSet(plan.stages, o.stages);
    overrideIfSet(plan.groupM, o.groupM, -1);
    overrideIfSet(plan.maxRegs, o.maxRegisters, -1);
    std::string error = plan.validate(chip);
    if (!error.empty())
      return "invalid 'mma' plan: " + error;
    recordPlannedKernel(launch, plan.toAttr(launch.getContext()));
    return std::string();
  }

  /// Plans `launch` from the tuning database's entry, else the heuristics
  /// under the pass's options; failure after an error.
  LogicalResult planLaunch(gpu::LaunchOp launch, const GemmProblem &problem,
                           const ChipInfo &chip) {
    FailureOr<std::optional<TunedRungPlan>> tuned = lookupTunedPlan(
        launch, problem, chip.name, tuning.options(), "mma", kPlanOptions);
    if (failed(tuned))
      return failure();
    if (*tuned) {
      GemmMmaPass fromDb;
      std::string why = parseTunedOptions(**tuned, fromDb);
      if (why.empty()) {
        FailureOr<std::string> planned =
            planWith(launch, problem, chip, planOptions(&fromDb));
        if (failed(planned))
          return failure();
        why = *planned;
      }
      if (failed(reportTunedPlan(launch, **tuned, "mma", why, tuning)))
        return failure();
      if (why.empty())
        return success();
    }
    FailureOr<std::string> why = planWith(launch, problem, chip, planOptions());
    if (failed(why))
      return failure();
    if (!why->empty())
      return launch.emitError(*why);
    return success();
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
      if (failed(planLaunch(launch, *problem, chip)))
        return signalPassFailure();
    }
    if (emit && failed(emitPlannedKernels(func)))
      signalPassFailure();
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::gemm_opt::createGemmMmaPass(GemmMmaOptions options,
                                  const TuningOptions &tuning) {
  auto pass = std::make_unique<GemmMmaPass>(std::move(options));
  pass->tuning.set(tuning);
  return pass;
}
