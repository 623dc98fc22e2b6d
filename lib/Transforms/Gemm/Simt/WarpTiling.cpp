//===- WarpTiling.cpp - rung warptile ===//
//
// Ladder rung warptile (seed 000 next steps): block -> warp -> thread
// tiling; lanes of a warp read neighbouring 16-byte groups of shared memory.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMWARPTILING
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmWarpTilingPass : public mlir::gemm_opt::impl::GemmWarpTilingBase<GemmWarpTilingPass> {
  using Base::Base;

  void runOnOperation() override {
    auto overrides = [&](SimtGemmPlan &plan) {
      if (blockM || blockN || threadM || threadN) {
        overrideIfSet(plan.bm, blockM);
        overrideIfSet(plan.bn, blockN);
        overrideIfSet(plan.tm, threadM);
        overrideIfSet(plan.tn, threadN);
        chooseWarpLayout(plan);
      }
      overrideIfSet(plan.bk, blockK);
      overrideIfSet(plan.stages, stages);
      overrideIfSet(plan.wm, warpM);
      overrideIfSet(plan.wn, warpN);
      overrideIfSet(plan.fragM, fragmentM);
      overrideIfSet(plan.fragN, fragmentN);
      if (fragmentN)
        plan.bXorMask = chooseBXorMask(plan);
      applySimtKnobs(plan, maxRegisters, groupM, readOnly);
      applyStagingKnobs(plan, stageA, stageB);
      if (pipelineEdges != -1)
        plan.pipelineEdges = pipelineEdges != 0;
      overrideIfSet(plan.splitK, splitK);
    };
    if (failed(
            runSimtRung(getOperation(), SimtRung::WarpTile, chip, overrides, emit)))
      signalPassFailure();
  }
};
} // namespace
