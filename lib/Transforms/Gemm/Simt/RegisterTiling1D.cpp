//===- RegisterTiling1D.cpp - rung reg1d ===//
//
// Ladder rung reg1d (seed 000 v3): each thread accumulates a column of TM
// outputs in registers, reusing one shared read of B TM times.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMREGISTERTILING1D
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmRegisterTiling1DPass : public mlir::gemm_opt::impl::GemmRegisterTiling1DBase<GemmRegisterTiling1DPass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      overrideIfSet(plan.bm, blockM);
      overrideIfSet(plan.bn, blockN);
      overrideIfSet(plan.bk, blockK);
      overrideIfSet(plan.tm, threadM);
      plan.setNaturalLayout();
      applySimtKnobs(plan, maxRegisters, /*groupM=*/-1, readOnly);
      overrideIfSet(plan.registerPrefetch, registerPrefetch);
    };
    if (failed(runSimtRung(getOperation(), SimtRung::Reg1D, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
