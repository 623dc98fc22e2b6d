//===- VectorizeAccesses.cpp - rung vector ===//
//
// Ladder rung vector (seed 000 v5): 128-bit global and shared accesses
// where alignment is proven, A K-major in shared memory.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMVECTORIZE
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmVectorizePass : public mlir::gemm_opt::impl::GemmVectorizeBase<GemmVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      overrideIfSet(plan.vectorWidth, vectorWidth);
      overrideIfSet(plan.bk, blockK);
      applySimtKnobs(plan, maxRegisters, groupM, readOnly);
      overrideIfSet(plan.registerPrefetch, registerPrefetch);
      applyStagingKnobs(plan, stageA, stageB);
    };
    if (failed(runSimtRung(getOperation(), SimtRung::Vector, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
