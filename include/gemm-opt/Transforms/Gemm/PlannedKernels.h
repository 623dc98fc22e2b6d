//===- PlannedKernels.h - Plans now, kernels once ---------------*- C++ -*-===//
//
// The matmul rungs from smem to wgmma record their refined plan on the
// kernel's launch, then build the kernel from it at once (run one by one,
// to read what each rung changes) or, as the stage pipelines run them
// (`emit=false`), leave that to gemm-emit-planned-kernels, which builds
// each kernel once, from its final plan.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_PLANNEDKERNELS_H
#define GEMM_OPT_TRANSFORMS_GEMM_PLANNEDKERNELS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::gemm_opt {

/// Unit attribute on a matmul launch whose plan a rung refined without
/// building the kernel: its body is still the kernel of an earlier rung.
inline constexpr llvm::StringLiteral kPlannedAttr = "gemm_opt.planned";

/// The SIMT plan a tensor-core plan replaced (SimtPlanAttr), kept for a
/// matmul with a dynamic M that ends on the mma.sync kernel, which
/// compiles a static M only.
inline constexpr llvm::StringLiteral kSimtFallbackPlanAttr =
    "gemm_opt.simt_fallback_plan";

/// Records `plan` (a SimtPlanAttr, MmaPlanAttr or WgmmaPlanAttr) as the
/// launch's only plan, with the mapping of its kernel family, and marks the
/// launch planned; a SIMT plan it replaces stays as the fallback.
void recordPlannedKernel(gpu::LaunchOp launch, Attribute plan);

/// Builds the kernel of every planned launch of `func` from its plan and
/// problem and erases the planned launch, with the split-K reductions and
/// staging copies of the kernels it replaces. `last`: no later rung will
/// plan these launches again (gemm-emit-planned-kernels), so a dynamic M
/// planned on the mma.sync kernel gets its SIMT fallback plan instead, with
/// a remark. Fails (after an error at the launch) when its problem or plan
/// cannot be read.
LogicalResult emitPlannedKernels(func::FuncOp func, bool last = false);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_PLANNEDKERNELS_H
