//===- Pipelines.h - Stage pipelines from linalg to PTX ---------*- C++ -*-===//
//
// A stage is a rung of the optimisation ladder. Its pipeline is: check the
// input, bufferize, the passes of every rung up to and including this one,
// then outline and lower to PTX for the chosen chip.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PIPELINES_PIPELINES_H
#define GEMM_OPT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir::gemm_opt {

struct CompileOptions;

/// One rung of a ladder.
struct StageInfo {
  llvm::StringLiteral name;   ///< Stage name, e.g. "coalesced".
  llvm::StringLiteral op;     ///< "matmul" or "softmax".
  llvm::StringLiteral parent; ///< Previous rung ("" for the first).
  llvm::StringLiteral pass;   ///< The pass this rung adds.
  llvm::StringLiteral change; ///< What the rung changes, in one line.
  llvm::StringLiteral seed;   ///< Where the seeds teach it.
  /// Adds this rung's own pass(es) to a function-level pass manager, for
  /// the chip (and allow-tf32) of `options`.
  void (*addRungPasses)(OpPassManager &funcPm, const CompileOptions &options);
  /// When set, the architecture-specific chip this rung's kernels need
  /// (wgmma: "sm_90a"); a stage containing the rung compiles for it when
  /// sm_90 is asked (see resolveStageChip).
  llvm::StringLiteral archChip = "";
  /// When set, the oldest chip (80 = sm_80) with the instructions this
  /// rung's kernels need (`needs`, e.g. "cp.async"); a stage containing the
  /// rung is an error on an older chip (see resolveStageChip).
  int minSm = 0;
  llvm::StringLiteral needs = "";
};

/// Every implemented stage, ladder order.
ArrayRef<StageInfo> getStages();
/// The stage called `name`, or null.
const StageInfo *lookupStage(StringRef name);
/// "naive, coalesced, ..." for diagnostics.
std::string listStageNames();

/// Chips the NVVM target is asked to compile for.
bool isSupportedChip(StringRef chip);

/// The architecture-specific chip a rung of `stage` needs ("sm_90a" for
/// wgmma), or "".
StringRef stageArchChip(const StageInfo &stage);

/// The chip `stage` is compiled for when `chip` is asked: `chip` itself, or
/// the architecture-specific chip a rung of the stage needs (sm_90 becomes
/// sm_90a for wgmma). Fails with a message naming the chip when it cannot
/// run a rung of the stage (wgmma below sm_90; cp.async and mma.sync
/// m16n8k16 below sm_80).
FailureOr<std::string> resolveStageChip(const StageInfo &stage,
                                        StringRef chip, std::string &error);

/// What a compilation produces and for which stage and chip.
struct CompileOptions {
  std::string stage;
  /// "" = the module's target (gemm_opt.target), else sm_90; a chip that
  /// disagrees with the module's target is an error.
  std::string chip;
  /// When non-empty, gemm-emit-kernels writes these files at the end.
  std::string ptxFile;
  std::string manifestFile;
  /// gemm-emit-kernels also without files, for its checks of the kernels
  /// (grid limits, nothing left on the host). Off for a caller that runs
  /// extractKernelBundle on the result itself: the same checks.
  bool checkKernels = true;
  /// Let the mma and wgmma rungs compute f32 matmuls in TF32.
  bool allowTf32 = false;
  /// The mma rung's `small-m`: the kernels that stream B once for few rows
  /// of A (-1 where the heuristics pick them, 0 never, 1 wherever they
  /// apply).
  int64_t smallM = -1;
  /// The mma and wgmma rungs' tuning database (TuningLookup.h): "default"
  /// = the committed one (tuning::kDefaultTuningDb), "" = none, else a
  /// file; strict: a plan of it that does not apply is an error.
  std::string tuningDb = "default";
  bool tuningDbStrict = false;
  /// The GPU the kernels are for (its CUDA name): the database's entries
  /// measured on it first; "" = the reference GPU's (the H200's).
  std::string tuningDevice;
};

/// Builds the whole pipeline for a stage, from linalg to `gpu.binary` (and
/// the emitted files). Fails with a message when an option is invalid.
LogicalResult buildCompilePipeline(OpPassManager &pm,
                                   const CompileOptions &options,
                                   std::string &error);

/// The stage of the other ladder whose rungs compile, in a function of
/// several ops, the ops `stage`'s ladder does not (gemm-outline-kernel-ops
/// gave each a function of its own): softmax-rows for a matmul stage; for
/// a softmax stage, the newest matmul stage `chip` runs as it is (mma from
/// sm_80 on). Null when there is none.
const StageInfo *getCompanionStage(const StageInfo &stage, StringRef chip);

/// The rung passes of `stage` and of every rung below it, oldest first, on
/// every function of the module; on the functions outlined for ops of the
/// other ladder, those of its companion stage (getCompanionStage) for
/// `options.chip` ("" = sm_90), which the pass checks against the module's
/// target. The rungs plan for the module's target (their `chip` options
/// stay empty): run gemm-assign-target first, as buildCompilePipeline does.
void addStageRungPasses(OpPassManager &modulePm, const StageInfo &stage);
void addStageRungPasses(OpPassManager &modulePm, const StageInfo &stage,
                        const CompileOptions &options);

/// Outlining and lowering of the GPU kernels to PTX for the module's target,
/// else for `chip` ("" = sm_90; one that disagrees with the target is an
/// error when the pipeline runs).
void addLowerToPtxPasses(OpPassManager &modulePm, StringRef chip);

/// Registers `gemm-compile` and one `gemm-stage-<name>` pipeline per stage.
void registerGemmOptPipelines();

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_PIPELINES_PIPELINES_H
