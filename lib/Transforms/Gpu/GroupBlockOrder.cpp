//===- GroupBlockOrder.cpp - Rasterized block order of a launch -----------===//
//
// The grouped block order of the SIMT, mma and wgmma kernels
// (groupBlockOrder in KernelBuilder.cpp, which those emitters call while
// they build) as a transformation of an existing `gpu.launch`: the block
// id arguments are replaced, at the start of the body, by the remapped
// ids.
//
//===----------------------------------------------------------------------===//

#include "LaunchBlockIds.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMGROUPBLOCKORDER
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

LogicalResult mlir::gemm_opt::groupLaunchBlockOrder(RewriterBase &rewriter,
                                                    gpu::LaunchOp launch,
                                                    int64_t groupM) {
  if (groupM < 2)
    return launch.emitError("grouped block order needs groups of at least 2 "
                            "block rows, got ")
           << groupM;
  if (launch->hasAttr(kBlockOrderAttr))
    return success();
  if (launch.hasClusterSize())
    return launch.emitError("grouped block order does not apply to a "
                            "cluster launch: the blocks of a cluster must "
                            "keep their ids");
  APInt gridX, gridY;
  if (!matchPattern(launch.getGridSizeX(), m_ConstantInt(&gridX)) ||
      !matchPattern(launch.getGridSizeY(), m_ConstantInt(&gridY)))
    return launch.emitError("grouped block order needs a constant grid in "
                            "x and y");
  if (gridX.getSExtValue() <= 1 || gridY.getSExtValue() <= 1)
    return success();

  gpu::KernelDim3 ids = launch.getBlockIds();
  Block &body = launch.getBody().front();
  KernelBuilder b(launch.getLoc(), &body, body.begin());
  auto [bx, by] = groupBlockOrder(b, ids.x, ids.y, gridX.getSExtValue(),
                                  gridY.getSExtValue(), groupM);
  replaceLaunchBlockIds(rewriter, launch, b.getInsertionPoint(), {bx, by});
  launch->setAttr(kBlockOrderAttr, rewriter.getUnitAttr());
  return success();
}

namespace {
struct GemmGroupBlockOrderPass
    : public mlir::gemm_opt::impl::GemmGroupBlockOrderBase<
          GemmGroupBlockOrderPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    WalkResult result = getOperation()->walk([&](gpu::LaunchOp launch) {
      if (failed(groupLaunchBlockOrder(rewriter, launch, groupM)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
