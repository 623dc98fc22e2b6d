//===- StageRungsPass.h - A stage's rungs on every function -----*- C++ -*-===//
//
// Private to lib/Pipelines: the module pass that runs a stage's rung
// passes (addStageRungPasses).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PIPELINES_STAGERUNGSPASS_H
#define GEMM_OPT_LIB_PIPELINES_STAGERUNGSPASS_H

#include "mlir/Pass/PassManager.h"

namespace mlir::gemm_opt {

struct StageInfo;

/// Runs `stageRungs` (function passes of `stage`'s ladder) on every
/// function of the module, except on the functions gemm-outline-kernel-ops
/// made for an op of the other ladder, which get `companionRungs` (the
/// rungs of stage `companion`, which must be the companion of the module's
/// target chip).
std::unique_ptr<Pass> createStageRungsPass(const StageInfo &stage,
                                           StringRef companion,
                                           const OpPassManager &stageRungs,
                                           const OpPassManager &companionRungs);

/// Registers `gemm-stage-rungs`, so that a dumped stage pipeline parses.
void registerStageRungsPass();

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_PIPELINES_STAGERUNGSPASS_H
