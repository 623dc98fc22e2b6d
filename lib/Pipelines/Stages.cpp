//===- Stages.cpp - The ladder: one table row per rung --------------------===//

#include "gemm-opt/Pipelines/Pipelines.h"
#include "StageRungsPass.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Heuristics/TuningLookup.h"
#include "gemm-opt/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// Adds the rung pass that `create` makes, with `configure` applied to its
/// options. Its `chip` stays empty: the rung plans for the module's target,
/// which the stage pipeline records first (gemm-assign-target).
template <typename Options>
static void addRung(OpPassManager &pm, const CompileOptions &,
                    std::unique_ptr<Pass> (*create)(Options),
                    function_ref<void(Options &)> configure = {}) {
  Options options;
  if (configure)
    configure(options);
  pm.addPass(create(std::move(options)));
}

static void addNaive(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmNaiveOptions>(pm, o, createGemmNaive);
}
static void addCoalesce(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmCoalesceOptions>(pm, o, createGemmCoalesce);
}

/// The matmul rungs from smem on only refine their kernel's plan in a
/// stage pipeline; addStageRungPasses ends the chain with
/// gemm-emit-planned-kernels, which builds each kernel once.
template <typename Options> static void planOnly(Options &options) {
  options.emit = false;
}

// The SIMT matmul ladder (lib/Transforms/Gemm/Simt/).
static void addSharedMemoryTiling(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSharedMemoryTilingOptions>(pm, o, createGemmSharedMemoryTiling, planOnly<GemmSharedMemoryTilingOptions>);
}
static void addRegisterTiling1D(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmRegisterTiling1DOptions>(pm, o, createGemmRegisterTiling1D, planOnly<GemmRegisterTiling1DOptions>);
}
static void addRegisterTiling2D(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmRegisterTiling2DOptions>(pm, o, createGemmRegisterTiling2D, planOnly<GemmRegisterTiling2DOptions>);
}
static void addVectorize(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmVectorizeOptions>(pm, o, createGemmVectorize, planOnly<GemmVectorizeOptions>);
}
static void addSwizzle(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSwizzleOptions>(pm, o, createGemmSwizzle, planOnly<GemmSwizzleOptions>);
}
static void addMultiBuffer(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmMultiBufferOptions>(pm, o, createGemmMultiBuffer, planOnly<GemmMultiBufferOptions>);
}
static void addWarpTiling(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmWarpTilingOptions>(pm, o, createGemmWarpTiling, planOnly<GemmWarpTilingOptions>);
}

/// The tensor-core rungs read the tuning database (TuningLookup.h); its
/// key's stage is the stage whose rungs these are.
static TuningOptions tuningOptions(const CompileOptions &o) {
  return {o.tuningDb, o.tuningDbStrict, o.stage, o.tuningDevice};
}
static void addMma(OpPassManager &pm, const CompileOptions &o) {
  GemmMmaOptions mma;
  mma.allowTf32 = o.allowTf32;
  mma.smallM = o.smallM;
  mma.emit = false;
  pm.addPass(createGemmMmaPass(std::move(mma), tuningOptions(o)));
}
static void addWgmma(OpPassManager &pm, const CompileOptions &o) {
  GemmWgmmaOptions wgmma;
  wgmma.allowTf32 = o.allowTf32;
  wgmma.emit = false;
  pm.addPass(createGemmWgmmaPass(std::move(wgmma), tuningOptions(o)));
}

// The softmax ladder. softmax-rows chooses thread-block clusters only on
// sm_90 (its chip option).
static void addSoftmaxThreePass(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSoftmaxThreePassOptions>(pm, o, createGemmSoftmaxThreePass);
}
static void addSoftmaxFused(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSoftmaxFusedOptions>(pm, o, createGemmSoftmaxFused);
}
static void addSoftmaxOnline(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSoftmaxOnlineOptions>(pm, o, createGemmSoftmaxOnline);
}
static void addSoftmaxVector(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSoftmaxVectorOptions>(pm, o, createGemmSoftmaxVector);
}
static void addSoftmaxRows(OpPassManager &pm, const CompileOptions &o) {
  addRung<GemmSoftmaxRowsOptions>(pm, o, createGemmSoftmaxRows);
}

static const StageInfo kStages[] = {
    {"naive", "matmul", "", "gemm-naive",
     "one thread per C element, threadIdx.x walks rows, 32x32 threads",
     "seed 000 v0; seed 004 stage table", addNaive},
    {"coalesced", "matmul", "naive", "gemm-coalesce",
     "threadIdx.x walks columns: coalesced loads of B and stores of C",
     "seed 000 v1; seed 001 naive kernel", addCoalesce},
    {"smem", "matmul", "coalesced", "gemm-shared-memory-tiling",
     "32x32 block tiles of A and B in shared memory, two barriers per K step",
     "seed 000 v2; seed 004 stage table", addSharedMemoryTiling},
    {"reg1d", "matmul", "smem", "gemm-register-tiling-1d",
     "64x64x8 block tile, a column of 8 outputs per thread in registers",
     "seed 000 v3; seed 001 1-D thread tiling", addRegisterTiling1D},
    {"reg2d", "matmul", "reg1d", "gemm-register-tiling-2d",
     "128x128x8 block tile, 8x8 outputs per thread by outer products",
     "seed 000 v4; seed 001 2-D thread tiling", addRegisterTiling2D},
    {"vector", "matmul", "reg2d", "gemm-vectorize",
     "128-bit global and shared accesses where aligned, A K-major in smem",
     "seed 000 v5", addVectorize},
    {"swizzle", "matmul", "vector", "gemm-swizzle",
     "padded A rows and XOR-swizzled B groups: conflict-free shared memory",
     "seed 004 section 4.2; seed 001 stage 3; seed 002", addSwizzle},
    {"multibuffer", "matmul", "swizzle", "gemm-multi-buffer",
     "4-stage cp.async ring (BK=16), one async group per stage, grouped block order",
     "seed 004 sections 4.3-4.4; seed 000 double buffering", addMultiBuffer,
     /*archChip=*/"", /*minSm=*/80, "cp.async"},
    {"warptile", "matmul", "multibuffer", "gemm-warp-tiling",
     "block -> warp -> thread tiling, block tile chosen by shape class",
     "seed 000 next steps", addWarpTiling},
    {"mma", "matmul", "warptile", "gemm-mma",
     "tensor cores: ldmatrix + mma.sync m16n8k16 (f16/bf16; tf32 on request), "
     "swizzled 4-stage cp.async ring",
     "seed 004 section 5", addMma, /*archChip=*/"", /*minSm=*/80,
     "mma.sync m16n8k16, cp.async"},
    {"wgmma", "matmul", "mma", "gemm-wgmma",
     "Hopper (sm_90a): TMA ring with mbarriers, wgmma m64nNk16 from swizzled "
     "shared memory (tf32 on request: m64nNk8 from a transposed copy of B); "
     "mma.sync kept where rows are not 16-byte aligned",
     "mlir22-gpu-facts.md Hopper", addWgmma, "sm_90a"},
    {"softmax-3pass", "softmax", "", "gemm-softmax-three-pass",
     "three kernels: row max, row sum of exp, normalize (3 reads, 1 write)",
     "seed 002 section 2.1", addSoftmaxThreePass},
    {"softmax-fused", "softmax", "softmax-3pass", "gemm-softmax-fused",
     "one kernel, shared-memory block reductions, still re-reading the row",
     "seed 002 section 2.1", addSoftmaxFused},
    {"softmax-online", "softmax", "softmax-fused", "gemm-softmax-online",
     "one read: row in registers, (max, sum) combined online with rescaling",
     "seed 002 sections 2.2-2.4", addSoftmaxOnline},
    {"softmax-vector", "softmax", "softmax-online", "gemm-softmax-vector",
     "128-bit loads/stores, warp-shuffle reductions then across warps",
     "seed 002 section 2.3", addSoftmaxVector},
    {"softmax-rows", "softmax", "softmax-vector", "gemm-softmax-rows",
     "mapping by row length: rows per warp, warps per row, block per row, "
     "cluster per row (DSMEM) for rows too long for a block",
     "seed 002 sections 2.4, 4.3", addSoftmaxRows},
};

ArrayRef<StageInfo> mlir::gemm_opt::getStages() { return kStages; }

const StageInfo *mlir::gemm_opt::lookupStage(StringRef name) {
  for (const StageInfo &s : kStages)
    if (s.name == name)
      return &s;
  return nullptr;
}

std::string mlir::gemm_opt::listStageNames() {
  SmallVector<StringRef> names;
  for (const StageInfo &s : kStages)
    names.push_back(s.name);
  return llvm::join(names, ", ");
}

StringRef mlir::gemm_opt::stageArchChip(const StageInfo &stage) {
  StringRef need;
  for (const StageInfo *s = &stage; s; s = lookupStage(s->parent))
    if (!s->archChip.empty())
      need = s->archChip;
  return need;
}

FailureOr<std::string>
mlir::gemm_opt::resolveStageChip(const StageInfo &stage, StringRef chip,
                                 std::string &error) {
  StringRef need = stageArchChip(stage);
  if (chip == need)
    return chip.str();
  // sm_90a is sm_90 with the architecture-specific instructions (wgmma,
  // setmaxnreg); only an sm_90 request can be upgraded to it.
  if (need == "sm_90a" && chip == "sm_90")
    return need.str();
  if (!need.empty()) {
    error = ("stage '" + stage.name + "' needs " + need +
             " (wgmma, TMA, mbarrier transactions); chip '" + chip +
             "' cannot run it: use chip=sm_90 or sm_90a, or a stage up to "
             "'mma'")
                .str();
    return failure();
  }
  // Rungs whose instructions older chips lack (cp.async, mma.sync
  // m16n8k16): the oldest such rung of the stage decides.
  const ChipInfo *info = lookupChipInfo(chip);
  const StageInfo *first = nullptr;
  for (const StageInfo *s = &stage; s; s = lookupStage(s->parent))
    if (info && s->minSm > info->smVersion)
      first = s;
  if (!first)
    return chip.str();
  error = ("stage '" + stage.name + "' needs sm_" + Twine(first->minSm) +
           " or later (" + first->needs + ", from rung '" + first->name +
           "'); chip '" + chip + "' cannot run it: use a newer chip, or a "
           "stage up to '" + first->parent + "'")
              .str();
  return failure();
}

void mlir::gemm_opt::addStageRungPasses(OpPassManager &modulePm,
                                        const StageInfo &stage) {
  addStageRungPasses(modulePm, stage, CompileOptions());
}

const StageInfo *mlir::gemm_opt::getCompanionStage(const StageInfo &stage,
                                                   StringRef chip) {
  if (stage.op == "matmul")
    return lookupStage("softmax-rows");
  // The newest matmul stage that `chip` runs as it is (no arch-specific
  // upgrade: the module is compiled for one chip).
  const StageInfo *best = nullptr;
  std::string error;
  for (const StageInfo &s : kStages) {
    if (s.op != "matmul")
      continue;
    FailureOr<std::string> resolved = resolveStageChip(s, chip, error);
    if (succeeded(resolved) && *resolved == chip)
      best = &s;
  }
  return best;
}

/// The rung passes of `stage` and of every rung below it, oldest first, on
/// a function.
static void addLadderRungPasses(OpPassManager &funcPm, const StageInfo &stage,
                                const CompileOptions &options) {
  SmallVector<const StageInfo *> chain;
  for (const StageInfo *s = &stage; s; s = lookupStage(s->parent))
    chain.push_back(s);
  // The stage of the rungs (a companion stage's, on the other ladder's
  // functions) keys their tuning database lookups.
  CompileOptions rungOptions = options;
  rungOptions.stage = stage.name.str();
  for (const StageInfo *s : llvm::reverse(chain))
    s->addRungPasses(funcPm, rungOptions);
  // Every matmul stage from smem on: its rungs planned, this builds.
  if (stage.op == "matmul" && chain.size() > 2)
    funcPm.addPass(createGemmEmitPlannedKernels());
}

void mlir::gemm_opt::addStageRungPasses(OpPassManager &modulePm,
                                        const StageInfo &stage,
                                        const CompileOptions &options) {
  OpPassManager stageRungs(func::FuncOp::getOperationName());
  addLadderRungPasses(stageRungs, stage, options);
  OpPassManager companionRungs(func::FuncOp::getOperationName());
  std::string chip = options.chip.empty() ? kDefaultChip.str() : options.chip;
  const StageInfo *companion = getCompanionStage(stage, chip);
  if (companion)
    addLadderRungPasses(companionRungs, *companion, options);
  modulePm.addPass(createStageRungsPass(
      stage, companion ? companion->name : "", stageRungs, companionRungs));
}
