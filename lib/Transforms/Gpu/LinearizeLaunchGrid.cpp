//===- LinearizeLaunchGrid.cpp - Grids past 65535 blocks in y or z --------===//
//
// CUDA launches at most 65535 blocks in grid y and z, 2^31 - 1 in x. The
// tiled matmul rungs put row tiles in y and batch entries in z, so a long
// M (16M rows of 128-row tiles) or a large batch (4096 sequences x 32
// heads) would not launch. This puts such a launch's blocks in x, in the
// order the hardware numbers a 3-D grid (x fastest, then y, then z), and
// gives the body the x, y and z ids back as the quotient and remainders
// of the linear id: same blocks, same order, no loop and no barrier.
//
//===----------------------------------------------------------------------===//

#include "LaunchBlockIds.h"
#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Support/LaunchLimits.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

#define DEBUG_TYPE "gemm-opt-linearize-grid"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMLINEARIZELAUNCHGRIDS
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// The ops of type OpT (gpu.block_id, gpu.grid_dim) in `launch`'s own body,
/// not in a launch nested in it, which has its own grid.
template <typename OpT>
static SmallVector<OpT> opsOfBody(gpu::LaunchOp launch) {
  SmallVector<OpT> found;
  launch.getBody().walk([&](OpT op) {
    if (op->template getParentOfType<gpu::LaunchOp>() == launch)
      found.push_back(op);
  });
  return found;
}

LogicalResult mlir::gemm_opt::linearizeLaunchGrid(RewriterBase &rewriter,
                                                  gpu::LaunchOp launch,
                                                  int64_t maxGridYZ) {
  std::optional<int64_t> sizes[3];
  Value grid[3] = {launch.getGridSizeX(), launch.getGridSizeY(),
                   launch.getGridSizeZ()};
  for (int d = 0; d < 3; ++d)
    if (APInt size; matchPattern(grid[d], m_ConstantInt(&size)))
      sizes[d] = size.getSExtValue();
  auto past = [&](int d) { return sizes[d] && *sizes[d] > maxGridYZ; };
  if (!past(1) && !past(2))
    return success();
  if (!sizes[0] || !sizes[1] || !sizes[2])
    return launch.emitError("a grid of more than ")
           << maxGridYZ
           << " blocks in y or z goes into x only when all three sizes are "
              "constant";
  if (launch.hasClusterSize())
    return launch.emitError("a cluster launch keeps its grid: its blocks' "
                            "cluster ranks follow their x, y and z ids");
  int64_t gx = *sizes[0], gy = *sizes[1], gz = *sizes[2];
  if (gx > ::gemm_opt::kMaxGridX / gy || gx * gy > ::gemm_opt::kMaxGridX / gz)
    return launch.emitError("a grid of ")
           << gx << " x " << gy << " x " << gz
           << " blocks exceeds the 2^31 - 1 blocks of one launch";
  GEMM_OPT_DBG() << "grid " << gx << " x " << gy << " x " << gz << " -> "
                 << gx * gy * gz << " x 1 x 1\n";

  Block &body = launch.getBody().front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&body);
  Location loc = launch.getLoc();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value linear = launch.getBlockIds().x;
  Value sizesInBody[3] = {index(gx), index(gy), index(gz)};
  Value ids[3];
  ids[0] = arith::RemUIOp::create(rewriter, loc, linear, sizesInBody[0]);
  Value rows = arith::DivUIOp::create(rewriter, loc, linear, sizesInBody[0]);
  ids[1] = arith::RemUIOp::create(rewriter, loc, rows, sizesInBody[1]);
  ids[2] = arith::DivUIOp::create(rewriter, loc, rows, sizesInBody[1]);
  replaceLaunchBlockIds(rewriter, launch, rewriter.getInsertionPoint(), ids);
  gpu::KernelDim3 gridArgs = launch.getGridSize();
  Value oldSizes[3] = {gridArgs.x, gridArgs.y, gridArgs.z};
  for (int d = 0; d < 3; ++d)
    rewriter.replaceAllUsesWith(oldSizes[d], sizesInBody[d]);
  // IR that reads the ids through ops rather than the body's arguments.
  for (gpu::BlockIdOp op : opsOfBody<gpu::BlockIdOp>(launch))
    rewriter.replaceOp(op, ids[static_cast<int>(op.getDimension())]);
  for (gpu::GridDimOp op : opsOfBody<gpu::GridDimOp>(launch))
    rewriter.replaceOp(op,
                       sizesInBody[static_cast<int>(op.getDimension())]);

  rewriter.setInsertionPoint(launch);
  Value blocks = index(gx * gy * gz);
  Value one = index(1);
  rewriter.modifyOpInPlace(launch, [&] {
    launch.getGridSizeXMutable().assign(blocks);
    launch.getGridSizeYMutable().assign(one);
    launch.getGridSizeZMutable().assign(one);
  });
  return success();
}

namespace {
struct GemmLinearizeLaunchGridsPass
    : public mlir::gemm_opt::impl::GemmLinearizeLaunchGridsBase<
          GemmLinearizeLaunchGridsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<gpu::LaunchOp> launches;
    getOperation()->walk([&](gpu::LaunchOp l) { launches.push_back(l); });
    for (gpu::LaunchOp launch : launches)
      if (failed(linearizeLaunchGrid(rewriter, launch, maxGridYZ)))
        return signalPassFailure();
  }
};
} // namespace
