//===- SimtGemmRung.h - The rewrite every SIMT rung pass runs ---*- C++ -*-===//

#ifndef GEMM_OPT_TRANSFORMS_SIMTGEMMRUNG_H
#define GEMM_OPT_TRANSFORMS_SIMTGEMMRUNG_H

#include "gemm-opt/Transforms/GemmHeuristics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::gemm_opt {

/// Rewrites every matmul kernel of `func` for `rung`: the `smem` rung takes
/// the thread-per-output kernels of the naive/coalesced rungs, later rungs
/// take kernels that carry a plan. The new plan is the old one with the
/// rung's defaults (GemmHeuristics) and then `overrides` (the pass options)
/// applied; an invalid plan is reported at the launch and fails the pass.
LogicalResult runSimtRung(func::FuncOp func, SimtRung rung,
                          function_ref<void(SimtGemmPlan &)> overrides);

/// Sets `field` to `option` when the option was given (not `unset`).
inline void overrideIfSet(int64_t &field, int64_t option, int64_t unset = 0) {
  if (option != unset)
    field = option;
}

/// Applies the knobs every rung from reg2d on exposes (-1 = keep).
inline void applySimtKnobs(SimtGemmPlan &plan, int64_t maxRegisters,
                           int64_t groupM, int64_t readOnly) {
  overrideIfSet(plan.maxRegs, maxRegisters, -1);
  overrideIfSet(plan.groupM, groupM, -1);
  if (readOnly != -1)
    plan.readOnly = readOnly != 0;
}

/// Applies the register-prefetch option of the one-stage rungs (smem ..
/// swizzle; -1 = keep the heuristic's choice, 0 = off, 1 = on).
inline void applyPrefetchKnob(SimtGemmPlan &plan, int64_t registerPrefetch) {
  if (registerPrefetch != -1)
    plan.registerPrefetch = registerPrefetch != 0;
}

/// Applies the padded-staging options of the rungs from vector on (-1 =
/// keep the heuristic's choice, 0 = no copy, 1 = copy).
inline void applyStagingKnobs(SimtGemmPlan &plan, int64_t stageA,
                              int64_t stageB) {
  if (stageA != -1)
    plan.stageA = stageA != 0;
  if (stageB != -1)
    plan.stageB = stageB != 0;
}

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_SIMTGEMMRUNG_H
