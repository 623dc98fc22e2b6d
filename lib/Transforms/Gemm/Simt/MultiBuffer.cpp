//===- MultiBuffer.cpp - rung multibuffer ===//
//
// Ladder rung multibuffer (seed 004 §4.3-4.4): an N-stage cp.async ring of
// shared-memory tiles, one async group per stage.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMMULTIBUFFER
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmMultiBufferPass : public mlir::gemm_opt::impl::GemmMultiBufferBase<GemmMultiBufferPass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      overrideIfSet(plan.stages, stages);
      overrideIfSet(plan.bk, blockK);
      applySimtKnobs(plan, maxRegisters, groupM, readOnly);
      applyStagingKnobs(plan, stageA, stageB);
      if (pipelineEdges != -1)
        plan.pipelineEdges = pipelineEdges != 0;
    };
    if (failed(
            runSimtRung(getOperation(), SimtRung::MultiBuffer, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
