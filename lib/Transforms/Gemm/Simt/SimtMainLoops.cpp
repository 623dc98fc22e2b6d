//===- SimtMainLoops.cpp - SIMT matmul: the K loops -----------------------===//
//
// The SIMT kernel's loops over its full K tiles: load, barrier, compute,
// barrier (optionally with the next tile's loads prefetched into
// registers), or the cp.async pipeline over `stages` shared-memory stages
// with one async group per tile.
//
//===----------------------------------------------------------------------===//

#include "SimtKernelEmitter.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::simt;

SmallVector<Value> SimtKernelEmitter::mainLoopSync(ValueRange init,
                                                   bool guard) {
  // Without register prefetch, each K step loads its tile into shared
  // memory, synchronizes, computes and synchronizes again. With it, tile
  // kt + 1's global loads are issued before tile kt's inner loop and land
  // in registers (loop-carried after the accumulators) while it runs; they
  // go to shared memory after the second barrier (still one stage, two
  // barriers per K step). The last iteration reloads the last tile
  // (clamped: in bounds, unused) so that the loop body stays branch-free.
  const bool prefetch = plan.registerPrefetch;
  const TileBounds bounds = fullTileBounds(guard);
  const int64_t numAcc = init.size();
  Value buf = c(0);
  SmallVector<Value> iterArgs(init);
  if (prefetch)
    llvm::append_range(iterArgs, fetchTile(mul(tileStart, plan.bk), bounds));
  auto loop = scf::ForOp::create(b, c(0), tileCount, c(1), iterArgs);
  keepRolled(loop);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(loop.getBody());
  ValueRange args = loop.getRegionIterArgs();
  if (prefetch)
    depositTile(buf, SmallVector<Value>(args.drop_front(numAcc)), bounds);
  else
    loadTileSync(buf, mul(add(loop.getInductionVar(), tileStart), plan.bk),
                 bounds);
  gpu::BarrierOp::create(b);
  SmallVector<Value> next;
  if (prefetch)
    next = fetchTile(
        mul(add(minu(add(loop.getInductionVar(), c(1)), sub(tileCount, c(1))),
                tileStart),
            plan.bk),
        bounds);
  SmallVector<Value> acc(args.take_front(numAcc));
  compute(buf, plan.bk, acc);
  gpu::BarrierOp::create(b);
  acc.append(next.begin(), next.end());
  scf::YieldOp::create(b, acc);
  return SmallVector<Value>(loop.getResults().take_front(numAcc));
}

SmallVector<Value> SimtKernelEmitter::mainLoopPipelined(ValueRange init,
                                                        bool guard) {
  Value lastTile = sub(tileCount, c(1));
  int64_t stages = plan.stages;
  auto commit = [&](ArrayRef<Value> tokens) {
    return createAsyncGroup(b, b.getLoc(), tokens);
  };
  // Prologue: stages 0 .. stages-2. Tiles past the end are clamped to the last
  // one: the copy is redundant but lands in a free stage, and every
  // iteration commits exactly one group, so the wait counts stay static.
  Value lastGroup;
  for (int64_t stage = 0; stage + 1 < stages; ++stage) {
    Value tile = add(minu(c(stage), lastTile), tileStart);
    lastGroup = commit(loadTileAsync(c(stage), mul(tile, plan.bk), guard));
  }
  auto loop = scf::ForOp::create(b, c(0), tileCount, c(1), init);
  keepRolled(loop);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    // Tile kt has landed once at most stages-2 younger groups are pending.
    nvgpu::DeviceAsyncWaitOp::create(b, lastGroup,
                                     b.getI32IntegerAttr(stages - 2));
    // Everyone's copies of tile kt are visible, and everyone is done with
    // stage (kt-1) % stages, which the next copy overwrites.
    gpu::BarrierOp::create(b);
    Value next = add(minu(add(kt, stages - 1), lastTile), tileStart);
    commit(loadTileAsync(rem(add(kt, stages - 1), stages), mul(next, plan.bk),
                         guard));
    SmallVector<Value> acc(loop.getRegionIterArgs());
    compute(rem(kt, stages), plan.bk, acc);
    scf::YieldOp::create(b, acc);
  }
  // Drain the (redundant) trailing copies before stage 0 is reused.
  nvgpu::DeviceAsyncWaitOp::create(b, lastGroup, b.getI32IntegerAttr(0));
  gpu::BarrierOp::create(b);
  return SmallVector<Value>(loop.getResults());
}
