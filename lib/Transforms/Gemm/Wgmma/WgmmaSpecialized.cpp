//===- WgmmaSpecialized.cpp - rung wgmma: warp-specialized kernel ---------===//
//
// The warp-specialized wgmma kernel (plan.warpSpecialized): a producer
// warpgroup whose thread 0 walks every K tile of every output tile of the
// block, and consumer warpgroups that compute and store them; with
// plan.persistent a block takes several output tiles in grouped order, and
// with plan.pingpong the consumers take turns by whole tiles.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

void WgmmaKernelEmitter::setTile(Value unit) {
  int64_t gridX = schedule.gridX;
  Value tile = unit;
  if (schedule.batches > 1) {
    // Units 0 .. T-1 are entry 0's tiles, T .. 2T-1 entry 1's, ...
    int64_t perEntry = gridX * schedule.gridY;
    batchIndex = div(unit, perEntry);
    tile = rem(unit, perEntry);
  }
  if (schedule.splits > 1) {
    // Units 0 .. T-1 are split 0's tiles, T .. 2T-1 split 1's, ...: the
    // blocks of a wave share their splits' A and B panels in L2.
    int64_t perSplit = gridX * schedule.gridY;
    split = div(unit, perSplit);
    tile = rem(unit, perSplit);
    kTileOffset = mul(split, tiles);
  }
  auto [bx, by] =
      schedule.cluster > 1 ? clusterTile(tile)
      : schedule.dynamicGridY
          ? groupBlockOrder(b, rem(tile, gridX), div(tile, gridX), gridX,
                            schedule.dynamicGridY, plan.groupM)
          : groupBlockOrder(b, rem(tile, gridX), div(tile, gridX), gridX,
                            schedule.gridY, plan.groupM);
  blockRow = mul(by, plan.bm);
  blockCol = mul(bx, plan.bn);
}

Value WgmmaKernelEmitter::numTilesValue() {
  if (schedule.dynamicGridY)
    return b.createOrFold<arith::MulIOp>(schedule.dynamicGridY,
                                         c(schedule.gridX));
  return c(schedule.numTiles());
}

Value WgmmaKernelEmitter::blocksValue() {
  return schedule.dynamicBlocks ? schedule.dynamicBlocks : c(schedule.blocks);
}

void WgmmaKernelEmitter::emitSpecialized(gpu::LaunchOp launch, int64_t gridX,
                                         int64_t gridY, int64_t blocks) {
  schedule = {launch.getBlockIds().x, gridX, gridY, blocks, Value(), Value()};
  schedule.splits = plan.splitK;
  if (foldsBatch())
    schedule.batches = p.batch;
  if (p.dynamicM()) {
    schedule.dynamicGridY = b.createOrFold<arith::CeilDivUIOp>(
        p.mRuntime, c(plan.bm));
    schedule.dynamicBlocks = launch.getGridSize().x;
  }
  setUpCluster();
  Value wgIdx = div(tid, WgmmaGemmPlan::kWarpgroupThreads);
  auto split = scf::IfOp::create(b, eq(wgIdx, 0), /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(split.getThenRegion().front().getTerminator());
    emitProducer();
  }
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(split.getElseRegion().front().getTerminator());
    emitConsumers(wgIdx);
  }
  // No block leaves while its peers may still multicast into its shared
  // memory or arrive on its barriers.
  if (clustered())
    clusterSync();
}

void WgmmaKernelEmitter::setMaxRegs(int64_t regs,
                                    NVVM::SetMaxRegisterAction action) {
  NVVM::SetMaxRegisterOp::create(
      b, b.getI32IntegerAttr(regs),
      NVVM::SetMaxRegisterActionAttr::get(b.getContext(), action));
}

void WgmmaKernelEmitter::tileLoop(
    Value from, int64_t every, function_ref<void(Value tile, Value local)> body,
    Value end) {
  Value bid = schedule.bid;
  Value blocks = blocksValue();
  auto loop = scf::ForOp::create(
      b, add(bid, b.createOrFold<arith::MulIOp>(from, blocks)),
      end ? end : numTilesValue(),
      b.createOrFold<arith::MulIOp>(c(every), blocks));
  keepRolled(loop);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value tile = loop.getInductionVar();
  body(tile, b.createOrFold<arith::DivUIOp>(sub(tile, bid), blocks));
}

void WgmmaKernelEmitter::emitProducer() {
  // One thread walks every K tile of every output tile of the block; K
  // step `it` (counted across tiles) goes to slot it % S once the
  // consumers released its previous use, it - S.
  int64_t stages = plan.stages;
  setMaxRegs(plan.producerRegs, NVVM::SetMaxRegisterAction::decrease);
  ifThen(isThread0, [&] {
    // Stream-K: the whole waves' tiles, then the block's part of a
    // last-wave one.
    tileLoop(
        c(0), 1,
        [&](Value tile, Value local) {
          setTile(tile);
          loadSteps(mul(local, tiles), c(0), c(tiles));
        },
        wholeTilesEnd());
    Value steps = forEachTailPart([&](const TailPart &part, Value ring) {
      setTile(add(part.tail, streamK.wholeTiles));
      loadSteps(ring, part.kFirst, part.count);
    });
    if (!steps) {
      Value blocks = blocksValue();
      steps =
          mul(b.createOrFold<arith::DivUIOp>(
                  add(sub(numTilesValue(), schedule.bid), sub(blocks, c(1))),
                  blocks),
              tiles);
    }
    // Producer tail: do not leave while loads are in flight; the last
    // S steps' releases (step it is the (it / S)-th use of its slot) mean
    // every load has landed and been consumed.
    for (int64_t j = 0; j < stages; ++j) {
      Value itPlusS = add(steps, j);
      ifThen(cmp(arith::CmpIPredicate::uge, itPlusS, stages), [&] {
        Value it = sub(itPlusS, c(stages));
        nvgpu::MBarrierTryWaitParityOp::create(
            b, barriers, parity(div(it, stages)), c(10000000),
            emptyBarrier(rem(it, stages)));
      });
    }
  });
}

void WgmmaKernelEmitter::loadSteps(Value ring, Value kFirst, Value count) {
  int64_t stages = plan.stages;
  auto kLoop = scf::ForOp::create(b, c(0), count, c(1));
  keepRolled(kLoop);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(kLoop.getBody()->getTerminator());
  Value j = kLoop.getInductionVar();
  Value it = add(ring, j);
  Value slot = rem(it, stages);
  ifThen(cmp(arith::CmpIPredicate::uge, it, stages), [&] {
    // The ((it - S) / S)-th release of the slot.
    nvgpu::MBarrierTryWaitParityOp::create(b, barriers,
                                           parity(add(div(it, stages), 1)),
                                           c(10000000), emptyBarrier(slot));
  });
  issueTile(add(j, kFirst), slot);
}

void WgmmaKernelEmitter::emitConsumers(Value wgIdx) {
  // Warpgroup w computes rows w * BM/W .. of each output tile, keeping one
  // wgmma group in flight and releasing each slot (one arrive per warp)
  // once its wgmmas have completed. Ping-pong: consumer w computes whole
  // tiles, the block's local tiles w, w + 2, ...
  setMaxRegs(plan.consumerRegs, NVVM::SetMaxRegisterAction::increase);
  wg = sub(wgIdx, c(1));
  setUpDescriptors();
  // The warpgroup's leader issues its TMA stores of C.
  if (plan.tmaStore)
    ifThen(isWarpgroupLeader(), [&] {
      acquireTensorMap(kernelMapC);
      if (operandStep >= 0)
        acquireTensorMap(kernelMapE);
    });
  tileLoop(
      plan.pingpong ? wg : c(0), plan.pingpong ? 2 : 1,
      [&](Value tile, Value local) { consumeTile(tile, local); },
      wholeTilesEnd());
  consumeTailParts();
  // The last boxes' stores must have read the staging buffers before the
  // block's shared memory goes away.
  if (plan.tmaStore)
    ifThen(isWarpgroupLeader(),
           [&] { NVVM::CpAsyncBulkWaitGroupOp::create(b, 0, UnitAttr()); });
}

SmallVector<Value> WgmmaKernelEmitter::issueSteps(Value first, Value count) {
  Value undef = LLVM::UndefOp::create(b, accType);
  SmallVector<Value> acc =
      computeTile(first, SmallVector<Value>(plan.mTiles(), undef),
                  /*first=*/true);
  if (isConstantIntValue(count, 1))
    return acc;
  auto loop = scf::ForOp::create(b, c(1), count, c(1), acc);
  keepRolled(loop);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(loop.getBody());
  Value it = add(first, loop.getInductionVar());
  SmallVector<Value> next = computeTile(
      it, SmallVector<Value>(loop.getRegionIterArgs()), /*first=*/false);
  NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
  release(sub(it, c(1)));
  scf::YieldOp::create(b, next);
  return SmallVector<Value>(loop.getResults());
}

void WgmmaKernelEmitter::consumeTile(Value tile, Value local) {
  auto tokenTy = nvgpu::MBarrierTokenType::get(b.getContext());
  setTile(tile);
  consumerTile = local;
  prefetchOperandBoxes(tile);
  if (plan.pingpong) {
    // Local tile l >= 1 waits for its turn: the other consumer's K loop of
    // tile l - 1, the ((l - 1) / 2)-th completion of this turn barrier.
    ifThen(cmp(arith::CmpIPredicate::uge, local, 1), [&] {
      nvgpu::MBarrierTryWaitParityOp::create(
          b, barriers, parity(div(sub(local, c(1)), 2)), c(10000000),
          turnBarrier(wg));
    });
  }
  Value first = mul(local, tiles);
  SmallVector<Value> acc = issueSteps(first, c(tiles));
  if (plan.pingpong) {
    // This tile's wgmmas are issued: the other consumer's turn.
    ifThen(eq(lane, 0), [&] {
      nvgpu::MBarrierArriveOp::create(b, tokenTy, barriers,
                                      turnBarrier(sub(c(1), wg)));
    });
  }
  NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
  release(add(first, tiles - 1));
  if (plan.splitK > 1)
    storePartials(acc);
  else if (plan.tmaStore)
    storeCThroughTma(acc);
  else
    storeC(acc);
}
