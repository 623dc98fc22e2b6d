//===- AssignTargetPass.h - The target a stage is compiled for --*- C++ -*-===//
//
// Private to lib/Pipelines: the first pass of every stage pipeline
// (buildCompilePipeline).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PIPELINES_ASSIGNTARGETPASS_H
#define GEMM_OPT_LIB_PIPELINES_ASSIGNTARGETPASS_H

#include "mlir/Pass/Pass.h"

namespace mlir::gemm_opt {

/// Makes the module name the target `stage` is compiled for: a module
/// without `gemm_opt.target` gets the one gemm-opt builds for `chip` ("" =
/// sm_90) as resolveStageChip resolves it for the stage; a module that
/// names one keeps it, and it must be one the stage runs on as it is, and
/// the one `chip` (when given) resolves to. Every later pass reads it.
std::unique_ptr<Pass> createAssignTargetPass(StringRef stage, StringRef chip);

/// Registers `gemm-assign-target`, so that a dumped stage pipeline parses.
void registerAssignTargetPass();

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_PIPELINES_ASSIGNTARGETPASS_H
