//===- SwizzleSharedMemory.cpp - rung swizzle ===//
//
// Ladder rung swizzle (seed 004 §4.2, seed 001 stage 3): padding of the
// transposed A rows and an XOR swizzle of B's 16-byte groups.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSWIZZLE
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmSwizzlePass : public mlir::gemm_opt::impl::GemmSwizzleBase<GemmSwizzlePass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      overrideIfSet(plan.aPad, aPad, -1);
      overrideIfSet(plan.bPad, bPad, -1);
      overrideIfSet(plan.bXorMask, bXorMask, -1);
      overrideIfSet(plan.bk, blockK);
      applySimtKnobs(plan, maxRegisters, groupM, readOnly);
      overrideIfSet(plan.registerPrefetch, registerPrefetch);
      applyStagingKnobs(plan, stageA, stageB);
    };
    if (failed(runSimtRung(getOperation(), SimtRung::Swizzle, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
