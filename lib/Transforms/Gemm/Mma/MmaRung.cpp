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
#include "gemm-opt/Transforms/Gemm/RungPlanOptions.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
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

/// What the mma rung plans for a launch.
struct MmaRungPlan {
  /// The plan's attribute; null where the SIMT kernel stays.
  Attribute plan;
  /// What was chosen (a small-M kernel) or why the SIMT kernel stays.
  std::string remark;
  /// The plan's `why` is an error whatever the options.
  bool fatal = false;
};

static std::string str(int64_t v) { return std::to_string(v); }

/// The small-M kernel the options `o` ask for, or the heuristics' where
/// small-m=-1: "" and its plan in `out` (none: tensor-core tiles), or why
/// the options do not apply.
static std::string planSmallM(const GemmProblem &problem, const ChipInfo &chip,
                              const GemmMmaOptions &o, MLIRContext *ctx,
                              MmaRungPlan &out) {
  StringRef kernel = o.smallMKernel;
  if (!kernel.empty() && kernel != "gemv" && kernel != "swap-ab")
    return "invalid 'mma' option small-m-kernel=" + kernel.str() +
           ": expected gemv or swap-ab";
  if (!kernel.empty() && o.smallM == 0)
    return "invalid 'mma' option small-m-kernel=" + kernel.str() +
           ": small-m=0 plans tensor-core tiles";
  if ((o.gemvUnroll || o.gemvWarps) && kernel != "gemv")
    return "invalid 'mma' options gemv-unroll, gemv-warps: they need "
           "small-m-kernel=gemv";
  if ((o.swapAbKWarps || o.swapAbRowTiles || o.swapAbUnroll) &&
      kernel != "swap-ab")
    return "invalid 'mma' options swap-ab-k-warps, swap-ab-row-tiles, "
           "swap-ab-unroll: they need small-m-kernel=swap-ab";
  if (o.smallM == 0)
    return "";
  bool force = o.smallM == 1 || !kernel.empty();
  std::string whyGemv, whySwapAb, what;
  if (kernel != "swap-ab") {
    if (std::optional<GemvGemmPlan> gemv =
            chooseGemvPlan(problem, &whyGemv, kernel == "gemv")) {
      overrideIfSet(gemv->unroll, o.gemvUnroll);
      overrideIfSet(gemv->warps, o.gemvWarps);
      if (std::string why = checkGemvPlan(gemv->unroll, gemv->warps);
          !why.empty())
        return "invalid 'mma' weight-streaming plan: " + why;
      out.plan = gemv->toAttr(ctx);
      what = "the weight-streaming kernel instead of tensor-core tiles (" +
             gemv->str() + ")";
    }
  }
  if (!out.plan && kernel != "gemv") {
    if (std::optional<SwapAbGemmPlan> swapAb =
            chooseSwapAbPlan(problem, chip.numSMs, &whySwapAb, force)) {
      overrideIfSet(swapAb->kWarps, o.swapAbKWarps);
      overrideIfSet(swapAb->rowTiles, o.swapAbRowTiles);
      overrideIfSet(swapAb->unroll, o.swapAbUnroll);
      std::string why =
          checkSwapAbPlan(swapAb->kWarps, swapAb->rowTiles, swapAb->unroll);
      if (why.empty())
        why = swapAb->validate(problem);
      if (!why.empty())
        return "invalid 'mma' swap-AB plan: " + why;
      out.plan = swapAb->toAttr(ctx);
      what = "the swap-AB kernel (C^T = B A^T) instead of tensor-core tiles "
             "of A's rows (" +
             swapAb->str() + ")";
    }
  }
  if (out.plan) {
    out.remark = "M = " + str(problem.m) + ": " + what;
    return "";
  }
  if (kernel == "gemv")
    return "invalid 'mma' option small-m-kernel=gemv: the weight-streaming "
           "kernel does not apply: " +
           whyGemv;
  if (kernel == "swap-ab")
    return "invalid 'mma' option small-m-kernel=swap-ab: the swap-AB kernel "
           "does not apply: " +
           whySwapAb;
  if (force)
    return "invalid 'mma' option small-m=1: neither small-M kernel "
           "applies: the weight-streaming kernel: " +
           whyGemv + "; the swap-AB kernel: " + whySwapAb;
  return "";
}

/// Plans `problem` under the plan options `o` over `tiles` (the heuristics'
/// tile plan when empty, computed here once): "" and `out`, or why the
/// options do not apply (out.fatal: an error whatever they say).
static std::string planMma(const GemmProblem &problem, const ChipInfo &chip,
                           const GemmMmaOptions &o, bool allowTf32,
                           std::optional<MmaGemmPlan> &tiles, MLIRContext *ctx,
                           MmaRungPlan &out) {
  if (problem.runtimeViews()) {
    out.remark = simtOnlyReason(problem).str();
    return "";
  }
  // The tensor-core kernels that take M at run time read A's and B's
  // rows by TMA or 16-byte loads; their padded copies would be sized by
  // the planned M.
  if (std::string rows = checkTmaRows(problem).why;
      problem.dynamicM() && !rows.empty()) {
    out.remark = "matmul with a dynamic M left on the SIMT kernel, which "
                 "takes M at run time: " +
                 rows;
    return "";
  }
  if (std::string why = checkRungSwitchOption("mma", "small-m", o.smallM);
      !why.empty())
    return why;
  if (std::string why = planSmallM(problem, chip, o, ctx, out);
      !why.empty() || out.plan)
    return why;
  if (problem.aType != problem.bType) {
    out.fatal = true;
    return "the 'mma' rung needs A and B of one element type";
  }
  if (problem.aType.isF32() && !allowTf32) {
    out.remark = "f32 matmul left on the SIMT kernel: tensor cores compute "
                 "f32 inputs as TF32, which needs allow-tf32=true";
    return "";
  }
  if (!tiles)
    tiles = chooseMmaPlan(problem, chip);
  MmaGemmPlan plan = *tiles;
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
  out.plan = plan.toAttr(ctx);
  return "";
}

// The plan -> options direction: the options the rung reads above.
std::string mlir::gemm_opt::mmaPlanOptions(const MmaGemmPlan &plan) {
  return "small-m=0 block-m=" + str(plan.bm) + " block-n=" + str(plan.bn) +
         " block-k=" + str(plan.bk) + " warp-m=" + str(plan.wm) +
         " warp-n=" + str(plan.wn) + " stages=" + str(plan.stages) +
         " group-m=" + str(plan.groupM) + " max-registers=" + str(plan.maxRegs);
}

std::string mlir::gemm_opt::mmaPlanOptions(const GemvGemmPlan &plan) {
  return "small-m=1 small-m-kernel=gemv gemv-unroll=" + str(plan.unroll) +
         " gemv-warps=" + str(plan.warps);
}

std::string mlir::gemm_opt::mmaPlanOptions(const SwapAbGemmPlan &plan) {
  return "small-m=1 small-m-kernel=swap-ab swap-ab-k-warps=" +
         str(plan.kWarps) + " swap-ab-row-tiles=" + str(plan.rowTiles) +
         " swap-ab-unroll=" + str(plan.unroll);
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

  // clang-format off
  static constexpr StringRef kPlanOptions[] = {
      "small-m",        "block-m",     "block-n",    "block-k",
      "warp-m",         "warp-n",      "stages",     "group-m",
      "max-registers",  "small-m-kernel", "gemv-unroll", "gemv-warps",
      "swap-ab-k-warps", "swap-ab-row-tiles", "swap-ab-unroll"};
  // clang-format on

  /// The plan options given to this pass; over `tuned`'s when given.
  GemmMmaOptions planOptions(const GemmMmaPass *tuned = nullptr) const {
    GemmMmaOptions o, unset;
    const GemmMmaPass &t = tuned ? *tuned : *this;
    auto pick = [](int64_t mine, int64_t db, int64_t none) {
      return mine != none ? mine : db;
    };
    o.smallMKernel = smallMKernel.empty() ? t.smallMKernel : smallMKernel;
#define GEMM_OPT_PICK(field)                                                   \
  o.field = pick(field, t.field, unset.field);
    // clang-format off
    GEMM_OPT_PICK(smallM) GEMM_OPT_PICK(blockM) GEMM_OPT_PICK(blockN)
    GEMM_OPT_PICK(blockK) GEMM_OPT_PICK(warpM) GEMM_OPT_PICK(warpN)
    GEMM_OPT_PICK(stages) GEMM_OPT_PICK(groupM) GEMM_OPT_PICK(maxRegisters)
    GEMM_OPT_PICK(gemvUnroll) GEMM_OPT_PICK(gemvWarps)
    GEMM_OPT_PICK(swapAbKWarps) GEMM_OPT_PICK(swapAbRowTiles)
    GEMM_OPT_PICK(swapAbUnroll)
#undef GEMM_OPT_PICK
    return o;
    // clang-format on
  }

  /// Plans `launch` under the plan options `o` and records the plan (or
  /// leaves the SIMT kernel, with a remark): "", or why the options do not
  /// apply; failure after an error.
  FailureOr<std::string> planWith(gpu::LaunchOp launch,
                                  const GemmProblem &problem,
                                  const ChipInfo &chip, const GemmMmaOptions &o,
                                  std::optional<MmaGemmPlan> &tiles) {
    MmaRungPlan planned;
    std::string why = planMma(problem, chip, o, allowTf32, tiles,
                              launch.getContext(), planned);
    if (planned.fatal)
      return launch.emitError(why);
    if (!why.empty())
      return why;
    if (!planned.remark.empty())
      launch.emitRemark(planned.remark);
    if (planned.plan)
      recordPlannedKernel(launch, planned.plan);
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
    std::optional<MmaGemmPlan> tiles;
    if (*tuned) {
      GemmMmaPass fromDb;
      std::string why = parseTunedOptions(**tuned, fromDb);
      if (why.empty()) {
        FailureOr<std::string> planned =
            planWith(launch, problem, chip, planOptions(&fromDb), tiles);
        if (failed(planned))
          return failure();
        why = *planned;
      }
      if (failed(reportTunedPlan(launch, **tuned, "mma", why, tuning)))
        return failure();
      if (why.empty())
        return success();
    }
    FailureOr<std::string> why =
        planWith(launch, problem, chip, planOptions(), tiles);
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

ArrayRef<StringRef> mlir::gemm_opt::mmaPlanOptionNames() {
  return GemmMmaPass::kPlanOptions;
}

std::string mlir::gemm_opt::planMmaFromOptions(
    StringRef options, const GemmProblem &problem, const ChipInfo &chip,
    bool allowTf32, std::optional<MmaGemmPlan> tiles, MLIRContext *ctx,
    Attribute &plan) {
  GemmMmaPass parsed;
  TunedRungPlan part;
  part.options = options.str();
  std::string why = parseTunedOptions(part, parsed);
  if (!why.empty())
    return why;
  MmaRungPlan planned;
  why = planMma(problem, chip, parsed.planOptions(), allowTf32, tiles, ctx,
                planned);
  plan = planned.plan;
  return why;
}
