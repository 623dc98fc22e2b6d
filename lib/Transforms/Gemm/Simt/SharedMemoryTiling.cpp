//===- SharedMemoryTiling.cpp - rung smem ===//
//
// Ladder rung smem (seed 000 v2): A and B tiles staged in shared memory,
// two barriers per K step. The kernel itself comes from SimtGemmBuilder.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSHAREDMEMORYTILING
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmSharedMemoryTilingPass : public mlir::gemm_opt::impl::GemmSharedMemoryTilingBase<GemmSharedMemoryTilingPass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      overrideIfSet(plan.bm, blockM);
      overrideIfSet(plan.bn, blockN);
      overrideIfSet(plan.bk, blockK);
      plan.setNaturalLayout();
      applySimtKnobs(plan, maxRegisters, /*groupM=*/-1, readOnly);
      overrideIfSet(plan.registerPrefetch, registerPrefetch);
    };
    if (failed(runSimtRung(getOperation(), SimtRung::Smem, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
