//===- RegisterTiling2D.cpp - rung reg2d ===//
//
// Ladder rung reg2d (seed 000 v4): TM x TN outputs per thread by outer
// products of TM values of A and TN values of B per K step.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMREGISTERTILING2D
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmRegisterTiling2DPass : public mlir::gemm_opt::impl::GemmRegisterTiling2DBase<GemmRegisterTiling2DPass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      overrideIfSet(plan.bm, blockM);
      overrideIfSet(plan.bn, blockN);
      overrideIfSet(plan.bk, blockK);
      overrideIfSet(plan.tm, threadM);
      overrideIfSet(plan.tn, threadN);
      plan.setNaturalLayout();
      applySimtKnobs(plan, maxRegisters, groupM, readOnly);
      overrideIfSet(plan.registerPrefetch, registerPrefetch);
    };
    if (failed(runSimtRung(getOperation(), SimtRung::Reg2D, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
