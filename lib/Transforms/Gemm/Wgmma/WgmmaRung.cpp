//===- WgmmaRung.cpp - The gemm-wgmma pass ---------------------------------===//
//
// Turns the mma rung's kernel into the wgmma kernel (WgmmaGemm.cpp) with the
// plan the heuristics choose and the pass options override; keeps the mma
// kernel, with a remark, where wgmma does not apply.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/PlannedKernels.h"
#include "gemm-opt/Transforms/Gemm/RungPlanOptions.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"
#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Heuristics/TuningLookup.h"

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

static std::string str(int64_t v) { return std::to_string(v); }

/// `plan` with the plan options `o` applied, checked: "" and the plan, or
/// why the options do not apply (`keep`: the mma.sync kernel stays, not an
/// error).
static std::string applyPlanOptions(const GemmProblem &problem,
                                    const ChipInfo &chip,
                                    const GemmWgmmaOptions &o,
                                    WgmmaGemmPlan &plan, bool &padsB,
                                    bool &keep) {
  overrideIfSet(plan.bm, o.blockM);
  overrideIfSet(plan.bn, o.blockN);
  overrideIfSet(plan.bk, o.blockK);
  overrideIfSet(plan.stages, o.stages);
  overrideIfSet(plan.consumers, o.warpgroups);
  overrideIfSet(plan.groupM, o.groupM, -1);
  overrideIfSet(plan.maxRegs, o.maxRegisters, -1);
  overrideIfSet(plan.producerRegs, o.producerRegisters);
  overrideIfSet(plan.consumerRegs, o.consumerRegisters);
  if (o.warpSpecialized != -1)
    plan.warpSpecialized = o.warpSpecialized != 0;
  if (o.persistent != -1)
    plan.persistent = o.persistent != 0;
  if (o.pingpong != -1)
    plan.pingpong = o.pingpong != 0;
  // The heuristics' K splits are for their own tiles and schedule: a plan
  // that sets those (the options, a database entry) splits only when it
  // says so.
  bool ownTiles = o.blockM || o.blockN || o.warpgroups ||
                  o.warpSpecialized != -1 || o.persistent != -1 ||
                  o.pingpong != -1 || o.tmaStore == 1 || o.swapAb == 1;
  // So is the heuristics' swap-AB (block-n counts rows of A there);
  // swap-ab=0 has the heuristics plan without it (planWgmma).
  if (o.swapAb != -1)
    plan.swapAB = o.swapAb != 0;
  else if (ownTiles)
    plan.swapAB = false;
  // So are the heuristics' clusters: a plan that sets its tiles or its
  // schedule has none unless it says so.
  if (ownTiles || o.splitK > 1 || o.streamK == 1)
    plan.clusterM = plan.clusterN = 1;
  // A cluster runs on the plain persistent schedule: no heuristic K splits
  // or stream-K beside it.
  bool clustered = o.clusterM > 1 || o.clusterN > 1;
  if (o.splitK == 0 && (ownTiles || clustered))
    plan.splitK = 1;
  overrideIfSet(plan.splitK, o.splitK);
  if (std::string why = checkWgmmaBlockN(problem, plan); !why.empty())
    return "invalid 'wgmma' option block-n=" + str(plan.bn) + ": " + why;
  if (std::string why = checkWgmmaSplitK(problem, plan); !why.empty())
    return "invalid 'wgmma' option split-k=" + str(plan.splitK) + ": " + why;
  // Likewise the heuristics' stream-K schedule; a plan with K splits has
  // its own.
  if (o.streamK != -1)
    plan.streamK = o.streamK != 0;
  else if (ownTiles || o.splitK > 1 || clustered)
    plan.streamK = false;
  if (!o.producerRegisters && !o.consumerRegisters)
    fitStreamKRegisters(problem, plan);
  if (std::string why = checkWgmmaStreamK(problem, plan); !why.empty())
    return "invalid 'wgmma' option stream-k=1: " + why;
  if (std::string why = checkWgmmaSwapAb(problem, plan); !why.empty())
    return "invalid 'wgmma' option swap-ab=1: " + why;
  overrideIfSet(plan.clusterM, o.clusterM);
  overrideIfSet(plan.clusterN, o.clusterN);
  if (std::string why = checkWgmmaCluster(
          plan.swapAB ? swapGemmOperands(problem) : problem, plan);
      !why.empty())
    return "invalid 'wgmma' option " +
           std::string(plan.clusterM > 1 ? "cluster-m=" + str(plan.clusterM)
                                         : "cluster-n=" + str(plan.clusterN)) +
           ": " + why;
  if (o.tmaStore == 1) {
    std::string why = checkTmaStoreOfC(problem);
    if (!why.empty())
      return "invalid 'wgmma' option tma-store=1: " + why;
  }
  // (A plan with K splits writes f32 partials: chooseWgmmaTmaStore's
  // validation of the plan with TMA stores refuses them.)
  plan.tmaStore = o.tmaStore == -1 ? chooseWgmmaTmaStore(problem, plan, chip)
                                   : o.tmaStore == 1;
  overrideIfSet(plan.storeBuffers, o.storeBuffers);
  std::string misfit = fitBatchedWgmmaPlan(problem, plan, o.tmaStore == 1,
                                           o.staging != 0, padsB);
  if (!misfit.empty()) {
    keep = true;
    return "matmul kept on the mma.sync kernel: " + misfit;
  }
  std::string error = plan.validate(chip);
  return error.empty() ? "" : "invalid 'wgmma' plan: " + error;
}

/// "" or why a switch (checkRungSwitchOption: pingpong=2 would be on,
/// tma-store=2 off) or max-registers is out of range. max-registers takes
/// -1 for the heuristic; the plan's check bounds its caps.
static std::string checkSwitchOptions(const GemmWgmmaOptions &o) {
  const std::pair<StringRef, int64_t> switches[] = {
      {"warp-specialized", o.warpSpecialized},
      {"persistent", o.persistent},
      {"pingpong", o.pingpong},
      {"staging", o.staging},
      {"tma-store", o.tmaStore},
      {"stream-k", o.streamK},
      {"swap-ab", o.swapAb}};
  for (auto [name, value] : switches)
    if (std::string why = checkRungSwitchOption("wgmma", name, value);
        !why.empty())
      return why;
  if (o.maxRegisters < -1)
    return "invalid 'wgmma' option max-registers=" + str(o.maxRegisters) +
           ": expected -1 (heuristic), 0 (no cap) or a cap in [24, 255]";
  return "";
}

/// What the wgmma rung plans for a launch.
struct WgmmaRungPlan {
  WgmmaGemmPlan plan;
  /// Rows TMA cannot read (why, and whose), and whether copies pad them.
  TmaRowCheck rows;
  bool staged = false;
  /// A copy kernel pads a batched B's K rows to whole K tiles.
  bool padsB = false;
  /// The mma.sync kernel stays: the plan's choice (`remark` says why) when
  /// planWgmma returns "", else because the plan does not fit.
  bool keep = false;
  std::string remark;
};

/// Plans `problem` under the plan options `o` over `base` (the heuristics'
/// plan when empty, computed here once): whether rows that TMA cannot read
/// are copied, then `o` over the plan, checked. "" and `out`, or why the
/// options do not apply.
static std::string planWgmma(const GemmProblem &problem, const ChipInfo &chip,
                             const GemmWgmmaOptions &o,
                             std::optional<WgmmaGemmPlan> &base,
                             WgmmaRungPlan &out) {
  if (std::string why = checkSwitchOptions(o); !why.empty())
    return why;
  // Rows TMA cannot load: padded staging copies, or the mma.sync kernel
  // stays (small problems, or staging=0).
  out.rows = checkTmaRows(problem);
  const std::string &unaligned = out.rows.why;
  if (unaligned.empty() && o.staging == 1)
    return "invalid 'wgmma' option staging=1: the rows of A and B are "
           "already 16-byte aligned (K=" +
           str(problem.k) + ", N=" + str(problem.n) +
           "); TMA reads them directly";
  out.staged = !unaligned.empty() &&
               (o.staging == 1 ||
                (o.staging == -1 && chooseWgmmaStaging(problem, chip)));
  if (!unaligned.empty() && !out.staged) {
    out.keep = true;
    out.remark = "matmul kept on the mma.sync kernel: " + unaligned;
    if (o.staging == -1)
      out.remark += "; padded staging copies do not pay at this size "
                    "(staging=1 forces them)";
    return "";
  }
  if (!base)
    base = chooseWgmmaPlan(problem, chip);
  // swap-ab=0: the heuristics' plan among the others.
  out.plan = o.swapAb == 0 && base->swapAB
                 ? chooseWgmmaPlan(problem, chip, /*allowSwapAb=*/false)
                 : *base;
  out.plan.stageA = out.staged && out.rows.a;
  out.plan.stageB = out.staged && out.rows.b;
  return applyPlanOptions(problem, chip, o, out.plan, out.padsB, out.keep);
}

// The plan -> options direction: the options planWgmma reads. The
// producer's and consumers' registers count with a producer only, and
// store-buffers with TMA stores only (2 otherwise).
std::string mlir::gemm_opt::wgmmaPlanOptions(const WgmmaGemmPlan &plan,
                                             const GemmProblem &problem) {
  auto flag = [](bool b) { return b ? "1" : "0"; };
  std::string s =
      "block-m=" + str(plan.bm) + " block-n=" + str(plan.bn) +
      " stages=" + str(plan.stages) + " warpgroups=" + str(plan.consumers) +
      " group-m=" + str(plan.groupM) +
      " warp-specialized=" + flag(plan.warpSpecialized) +
      " persistent=" + flag(plan.persistent) +
      " pingpong=" + flag(plan.pingpong) + " tma-store=" + flag(plan.tmaStore) +
      " max-registers=" + str(plan.maxRegs) + " block-k=" + str(plan.bk) +
      " split-k=" + str(plan.splitK) + " stream-k=" + flag(plan.streamK) +
      " swap-ab=" + flag(plan.swapAB);
  if (plan.tmaStore)
    s += " store-buffers=" + str(plan.storeBuffers);
  // Clusters only where there are some (the strings of plans without
  // them read as before).
  if (plan.clusterM > 1)
    s += " cluster-m=" + str(plan.clusterM);
  if (plan.clusterN > 1)
    s += " cluster-n=" + str(plan.clusterN);
  if (plan.warpSpecialized)
    s += " producer-registers=" + str(plan.producerRegs) +
         " consumer-registers=" + str(plan.consumerRegs);
  // Staging is a choice only for rows TMA cannot read (a batched B's K
  // padding follows from the plan).
  if (!checkTmaRows(problem).why.empty())
    s += std::string(" staging=") + flag(plan.stageA || plan.stageB);
  return s;
}

namespace {
struct GemmWgmmaPass
    : public mlir::gemm_opt::impl::GemmWgmmaBase<GemmWgmmaPass> {
  using Base::Base;
  GemmWgmmaPass() = default;
  // The options of this class (tuning-db...) are copied by clone().
  GemmWgmmaPass(const GemmWgmmaPass &other) : Base(other) {}

  /// The database's options (TuningLookup.h), set by createGemmWgmmaPass.
  RungTuning tuning{*this};

  // clang-format off
  static constexpr StringRef kPlanOptions[] = {
      "block-m",       "block-n",  "block-k",       "stages",
      "warpgroups",    "group-m",  "max-registers", "warp-specialized",
      "persistent",    "pingpong", "tma-store",     "split-k",
      "store-buffers", "stream-k", "staging",       "producer-registers",
      "consumer-registers", "swap-ab", "cluster-m", "cluster-n"};
  // clang-format on

  /// The plan options given to this pass; over `tuned`'s when given.
  GemmWgmmaOptions planOptions(const GemmWgmmaPass *tuned = nullptr) const {
    GemmWgmmaOptions o, unset;
    const GemmWgmmaPass &t = tuned ? *tuned : *this;
    auto pick = [](int64_t mine, int64_t db, int64_t none) {
      return mine != none ? mine : db;
    };
#define GEMM_OPT_PICK(field) o.field = pick(field, t.field, unset.field);
    // clang-format off
    GEMM_OPT_PICK(blockM) GEMM_OPT_PICK(blockN) GEMM_OPT_PICK(blockK)
    GEMM_OPT_PICK(stages) GEMM_OPT_PICK(warpgroups) GEMM_OPT_PICK(groupM)
    GEMM_OPT_PICK(maxRegisters) GEMM_OPT_PICK(warpSpecialized)
    GEMM_OPT_PICK(persistent) GEMM_OPT_PICK(pingpong) GEMM_OPT_PICK(tmaStore)
    GEMM_OPT_PICK(splitK) GEMM_OPT_PICK(storeBuffers) GEMM_OPT_PICK(streamK)
    GEMM_OPT_PICK(producerRegisters) GEMM_OPT_PICK(consumerRegisters)
    GEMM_OPT_PICK(staging) GEMM_OPT_PICK(swapAb) GEMM_OPT_PICK(clusterM)
    GEMM_OPT_PICK(clusterN)
#undef GEMM_OPT_PICK
    return o;
    // clang-format on
  }

  /// Plans `launch` from the tuning database's entry, else the heuristics
  /// under the pass's options, and records the plan. False where the
  /// mma.sync kernel stays (with a remark); failure after an error.
  FailureOr<bool> planLaunch(gpu::LaunchOp launch, const GemmProblem &problem,
                             const ChipInfo &chip) {
    FailureOr<std::optional<TunedRungPlan>> tuned = lookupTunedPlan(
        launch, problem, chip.name, tuning.options(), "wgmma", kPlanOptions);
    if (failed(tuned))
      return failure();
    std::optional<WgmmaGemmPlan> heuristic;
    WgmmaRungPlan planned;
    std::string why;
    if (*tuned) {
      GemmWgmmaPass fromDb;
      why = parseTunedOptions(**tuned, fromDb);
      if (why.empty())
        why =
            planWgmma(problem, chip, planOptions(&fromDb), heuristic, planned);
      if (failed(reportTunedPlan(launch, **tuned, "wgmma", why, tuning)))
        return failure();
    }
    if (!*tuned || !why.empty()) {
      planned = WgmmaRungPlan();
      why = planWgmma(problem, chip, planOptions(), heuristic, planned);
      if (planned.keep && !why.empty()) {
        launch.emitRemark(why);
        return false;
      }
      if (!why.empty())
        return launch.emitError(why);
    }
    if (planned.keep) {
      launch.emitRemark(planned.remark);
      return false;
    }
    const WgmmaGemmPlan &plan = planned.plan;
    if (planned.padsB)
      launch.emitRemark("batched B read as K x N rows: a copy kernel pads "
                        "each entry's K = ")
          << problem.k << " rows with zeros to whole K tiles of " << plan.bk
          << " (the entries' rows share one tensor map)";
    recordPlannedKernel(launch, plan.toAttr(launch.getContext()));
    if (planned.staged) {
      bool a = planned.rows.a, b = planned.rows.b;
      launch.emitRemark("padded staging: ")
          << planned.rows.why << "; a copy kernel first writes "
          << (a ? (b ? "A and B" : "A") : "B")
          << " into scratch with 16-byte-aligned rows";
    }
    return true;
  }

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
        if (problem->dynamicExtents() || problem->dynamicM())
          continue; // The mma rung kept the SIMT kernel, with a remark.
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
      if (failed(planLaunch(launch, *problem, chip)))
        return signalPassFailure();
    }
    if (emit && failed(emitPlannedKernels(func)))
      signalPassFailure();
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::gemm_opt::createGemmWgmmaPass(GemmWgmmaOptions options,
                                    const TuningOptions &tuning) {
  auto pass = std::make_unique<GemmWgmmaPass>(std::move(options));
  pass->tuning.set(tuning);
  return pass;
}

ArrayRef<StringRef> mlir::gemm_opt::wgmmaPlanOptionNames() {
  return GemmWgmmaPass::kPlanOptions;
}

std::string mlir::gemm_opt::planWgmmaFromOptions(
    StringRef options, const GemmProblem &problem, const ChipInfo &chip,
    std::optional<WgmmaGemmPlan> base, WgmmaGemmPlan &plan, bool &keep) {
  GemmWgmmaPass parsed;
  TunedRungPlan part;
  part.options = options.str();
  std::string why = parseTunedOptions(part, parsed);
  if (!why.empty())
    return why;
  WgmmaRungPlan planned;
  why = planWgmma(problem, chip, parsed.planOptions(), base, planned);
  plan = planned.plan;
  keep = planned.keep;
  return why;
}
