//===- SimtGemmRung.h - The rewrite every SIMT rung pass runs ---*- C++ -*-===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_SIMT_SIMTGEMMRUNG_H
#define GEMM_OPT_TRANSFORMS_GEMM_SIMT_SIMTGEMMRUNG_H

#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::gemm_opt {

/// Rewrites every matmul kernel of `func` for `rung`: the `smem` rung takes
/// the thread-per-output kernels of the naive/coalesced rungs, later rungs
/// take kernels that carry a plan. The new plan is the old one with the
/// rung's defaults (GemmHeuristics) and then `overrides` (the pass options)
/// applied; an invalid plan for `chip` (a name, the pass option) is
/// reported at the launch and fails the pass, and so does a function with
/// no kernel for the rung but other IR it cannot rewrite
/// (checkNothingLeftFor). With `emit` false the kernel is not built: the
/// new plan is recorded on the launch for gemm-emit-planned-kernels
/// (PlannedKernels.h).
LogicalResult runSimtRung(func::FuncOp func, SimtRung rung, StringRef chip,
                          function_ref<void(SimtGemmPlan &)> overrides,
                          bool emit = true);

/// Sets `field` to `option` when the option was given (not `unset`).
inline void overrideIfSet(int64_t &field, int64_t option, int64_t unset = 0) {
  if (option != unset)
    field = option;
}

/// Sets a flag from a tri-state option: -1 keeps it, 0 clears it, else sets.
inline void overrideIfSet(bool &flag, int64_t option) {
  if (option != -1)
    flag = option != 0;
}

/// Applies the knobs every rung from reg2d on exposes (-1 = keep).
inline void applySimtKnobs(SimtGemmPlan &plan, int64_t maxRegisters,
                           int64_t groupM, int64_t readOnly) {
  overrideIfSet(plan.maxRegs, maxRegisters, -1);
  overrideIfSet(plan.groupM, groupM, -1);
  overrideIfSet(plan.readOnly, readOnly);
}

/// Applies the padded-staging options of the rungs from vector on (-1 =
/// keep the heuristic's choice, 0 = no copy, 1 = copy).
inline void applyStagingKnobs(SimtGemmPlan &plan, int64_t stageA,
                              int64_t stageB) {
  overrideIfSet(plan.stageA, stageA);
  overrideIfSet(plan.stageB, stageB);
}

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_SIMT_SIMTGEMMRUNG_H
