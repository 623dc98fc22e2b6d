//===- SoftmaxOnlineKernel.cpp - The online softmax kernel ----------------===//
//
// The online kernel's set-up (launch, shared memory, the thread's place in
// the row), the combination of a row's (max, sum) pairs, and the row kept
// in registers; which storage the plan asks for picks the rest
// (SoftmaxOnlineKernel.h).
//
//===----------------------------------------------------------------------===//

#include "SoftmaxOnlineKernel.h"

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::softmax;

void softmax::buildOnline(KernelBuilder &b, const SoftmaxProblem &p,
                          const SoftmaxPlan &plan) {
  OnlineKernel(b, p, plan).build();
}

OnlineKernel::OnlineKernel(KernelBuilder &b, const SoftmaxProblem &p,
                           const SoftmaxPlan &plan)
    : b(b), p(p), plan(plan), ctx(b.getContext()), e{b, plan.ftzExp},
      threadsPerRow(plan.threadsPerRow), rowsPerBlock(plan.rowsPerBlock),
      vecWidth(plan.vectorWidth), chunks(plan.chunks),
      blockThreads(plan.blockThreads()),
      shuffleReduce(plan.reduce == SoftmaxReduce::Shuffle),
      warpsPerRow(threadsPerRow > 32 ? threadsPerRow / 32 : 1),
      sharedRow(plan.storage == SoftmaxStorage::Shared ||
                (plan.storage == SoftmaxStorage::Hybrid &&
                 plan.sharedChunks > 0)),
      slotCount(reductionSlots(plan)), clusterBlocks(plan.clusterSize),
      pipelinedRows(plan.pipelineRows), slotCopies(pipelinedRows > 1 ? 2 : 1),
      sliceElems(plan.sliceElems()), packed(plan.packed) {
  assert(p.cols % vecWidth == 0 && "vector width must divide the row");
  assert((clusterBlocks == 1 ||
          (plan.storage == SoftmaxStorage::Registers && rowsPerBlock == 1 &&
           threadsPerRow >= 32 && !sharedRow)) &&
         "a cluster plan keeps one row per cluster in registers");
  assert((pipelinedRows == 1 || clusterBlocks > 1) &&
         "only cluster plans are pipelined");
  assert((!packed || (vecWidth > 1 && !p.xType.isF32())) &&
         "packed registers need 16-bit vectors");
}

void OnlineKernel::build() {
  createLaunchAndBuffers();
  placeThread();
  if (plan.storage == SoftmaxStorage::Registers && pipelinedRows > 1)
    return buildPipelinedRows();
  if (plan.storage == SoftmaxStorage::Registers)
    return buildRegisters();
  if (plan.storage == SoftmaxStorage::Hybrid)
    return buildHybrid();
  buildStreaming();
}

//===----------------------------------------------------------------------===//
// Set-up
//===----------------------------------------------------------------------===//

void OnlineKernel::createLaunchAndBuffers() {
  SmallVector<Type> workgroup;
  if (slotCount > 0 && !sharedRow)
    workgroup.assign(2, workgroupF32(ctx, slotCopies * slotCount));
  // The block's (max, sum) pair, published to the cluster.
  if (clusterBlocks > 1)
    workgroup.push_back(workgroupF32(ctx, 2 * slotCopies));
  int64_t dynSmem = plan.dynamicSharedBytes(p);
  // A dynamic row count: the blocks of its groups of rows, on the host.
  Value grid = b.index(plan.gridBlocks(p.rows));
  // With a dynamic batch count, whole entries' blocks: the manifest's grid is
  // then the count times a constant (the blocks past the rows are masked, as
  // ragged() says).
  if (p.batchRuntime)
    grid = b.createOrFold<arith::MulIOp>(
        p.batchRuntime, b.index(plan.gridBlocks(p.rowsPerEntry)));
  else if (p.rowsRuntime)
    grid = b.createOrFold<arith::MulIOp>(
        b.createOrFold<arith::CeilDivUIOp>(
            p.rowsRuntime, b.index(plan.rowsPerBlock * plan.pipelineRows)),
        b.index(plan.clusterSize));
  launch = createLaunch(b, grid, 1, blockThreads, dynSmem, workgroup, plan,
                        "online", clusterBlocks);
  if (p.rowsRuntime)
    launch->setAttr(kDynamicRowsAttr, b.getUnitAttr());
  if (p.colsRuntime) {
    launch->setAttr(kDynamicExtentsAttr, b.getUnitAttr());
    // X and Y as rows x cols of the actual column count (their row stride).
    Value rows = p.rowsBound(b, b.getLoc());
    p.x = viewOfActualShape(b, p.x, rows, p.colsRuntime, /*transposed=*/false);
    p.y = viewOfActualShape(b, p.y, rows, p.colsRuntime, /*transposed=*/false);
  }
  // Shared memory: the reduction slots are workgroup attributions, except
  // with a shared-memory row, where the row and then the slots are views of
  // the one dynamic allocation.
  slotBufs.assign(launch.getWorkgroupAttributions().begin(),
                  launch.getWorkgroupAttributions().end());
  if (clusterBlocks > 1)
    published = slotBufs.pop_back_val();
  if (!sharedRow)
    return;
  auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  Value raw = gpu::DynamicSharedMemoryOp::create(
      b, MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                         MemRefLayoutAttrInterface(), space));
  // Rows of the block one after the other, in X's element type.
  int64_t rowSmemCols = plan.storage == SoftmaxStorage::Hybrid
                            ? plan.sharedChunks * threadsPerRow * vecWidth
                            : p.cols;
  rowSmem = memref::ViewOp::create(
      b,
      MemRefType::get({rowsPerBlock, rowSmemCols}, p.xType,
                      MemRefLayoutAttrInterface(), space),
      raw, b.index(0), ValueRange());
  int64_t offset = sharedRowBytes(plan, p);
  for (int i = 0; i < 2 && slotCount > 0; ++i, offset += 4 * slotCount)
    slotBufs.push_back(memref::ViewOp::create(
        b, cast<MemRefType>(workgroupF32(ctx, slotCount)), raw,
        b.index(offset), ValueRange()));
}

void OnlineKernel::placeThread() {
  tid = launch.getThreadIds().x;
  lane = rowsPerBlock == 1 ? tid : e.remui(tid, threadsPerRow);
  rowInBlock = rowsPerBlock == 1 ? b.index(0) : e.divui(tid, threadsPerRow);
  blockId = launch.getBlockIds().x;
  row = clusterBlocks > 1 ? e.divui(blockId, clusterBlocks)
                          : b.add(b.mul(blockId, rowsPerBlock), rowInBlock);
  // Rows past the end (last block only): clamp loads, skip stores.
  clampedRow = row;
  if (p.ragged(rowsPerBlock)) {
    rowValid = b.ult(row, p.rowsBound(b, b.getLoc()));
    clampedRow = arith::MinUIOp::create(b, row, p.lastRow(b, b.getLoc()));
  }
  laneCol = b.mul(lane, vecWidth);
  // Cluster: block r of a row's cluster (its rank: the x dimension of the
  // grid is the cluster's) covers the slice starting at r * sliceElems.
  if (clusterBlocks > 1)
    laneCol = b.add(b.mul(e.remui(blockId, clusterBlocks), sliceElems),
                    laneCol);
}

Value OnlineKernel::both(Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return b.andi(a, c);
}

ChunkColumn OnlineKernel::column(Value chunk, int64_t staticChunk) {
  const int64_t chunkElems = threadsPerRow * vecWidth;
  Value col = chunk ? b.add(b.mul(chunk, chunkElems), laneCol)
                    : b.add(b.index(staticChunk * chunkElems), laneCol);
  // A column count known at run time (scalar accesses: vecWidth 1).
  if (p.colsRuntime)
    return {col,
            arith::MinUIOp::create(
                b, col,
                b.createOrFold<arith::SubIOp>(p.colsRuntime, b.index(1))),
            b.ult(col, p.colsRuntime)};
  bool alwaysIn = clusterBlocks > 1 ? clusterBlocks * sliceElems <= p.cols
                  : !chunk ? (staticChunk + 1) * chunkElems <= p.cols
                           : p.cols % chunkElems == 0;
  if (alwaysIn)
    return {col, col, Value()};
  return {col, e.minui(col, p.cols - vecWidth), b.ult(col, p.cols)};
}

SmallVector<Value> OnlineKernel::loadX(Value clampedCol, Value valid) {
  SmallVector<Value> v = e.load(p.x, {clampedRow, clampedCol}, vecWidth);
  if (valid)
    for (Value &x : v)
      x = e.select(valid, x, e.negInf());
  return v;
}

std::pair<Value, Value> OnlineKernel::rowCombine(Value m, Value s,
                                                 Value slotOffset) {
  ArrayRef<Value> bufs = slotBufs;
  if (!shuffleReduce) {
    SmallVector<Value> r = treeReduceShared(
        e, {bufs[0], bufs[1]}, {m, s}, tid, lane,
        b.mul(rowInBlock, threadsPerRow), threadsPerRow,
        [&](ArrayRef<Value> x, ArrayRef<Value> y) {
          auto [mm, ss] = e.combine(x[0], x[1], y[0], y[1]);
          return SmallVector<Value>{mm, ss};
        });
    return {r[0], r[1]};
  }
  // Warp first: a butterfly over the row's lanes (all of them when the
  // row has at most 32 threads: no shared memory, no barrier).
  std::tie(m, s) =
      shuffleCombine(e, m, s, std::min<int64_t>(threadsPerRow, 32));
  if (threadsPerRow <= 32)
    return {m, s};
  // Then across the row's warps: lane 0 of each warp publishes its pair,
  // one barrier, and in every warp each aligned group of warpsPerRow
  // lanes loads the row's warpsPerRow slots (one each) and combines them
  // by a butterfly inside the group, so every lane ends with the row's
  // pair. Each slot is written once per kernel: no second barrier.
  Value laneInWarp = e.remui(tid, 32);
  Value warpInRow = e.divui(lane, 32);
  Value rowBase = b.mul(rowInBlock, warpsPerRow);
  if (slotOffset)
    rowBase = b.add(rowBase, slotOffset);
  e.guarded(b.ult(laneInWarp, 1), [&] {
    Value slot = b.add(rowBase, warpInRow);
    memref::StoreOp::create(b, m, bufs[0], ValueRange{slot});
    memref::StoreOp::create(b, s, bufs[1], ValueRange{slot});
  });
  e.barrier();
  Value slot = b.add(rowBase, e.remui(laneInWarp, warpsPerRow));
  m = memref::LoadOp::create(b, bufs[0], ValueRange{slot});
  s = memref::LoadOp::create(b, bufs[1], ValueRange{slot});
  return shuffleCombine(e, m, s, warpsPerRow);
}

//===----------------------------------------------------------------------===//
// The row in registers
//===----------------------------------------------------------------------===//

void OnlineKernel::loadRegisters() {
  for (int64_t j = 0; j < chunks; ++j) {
    ChunkColumn at = column(Value(), j);
    if (packed) {
      Value v = e.loadRaw(p.x, {clampedRow, at.clampedCol}, vecWidth);
      if (at.valid)
        v = e.select(at.valid, v, e.negInfLike(v));
      regPacked.push_back(v);
    } else {
      regValues.push_back(loadX(at.clampedCol, at.valid));
    }
    regCols.push_back(at.col);
    regValids.push_back(both(rowValid, at.valid));
  }
}

std::pair<Value, Value> OnlineKernel::registerStats() {
  if (packed) {
    // The max in the 16-bit type (exact), then one vector widened; the
    // sum widens each vector again, transiently (no f32 copy of the
    // chunks stays live).
    Value vmax = e.treeMax(regPacked);
    Value mLocal = e.treeMax(e.widen(vmax));
    SmallVector<Value> exps;
    auto [hi, lo] = e.log2eSplit(e.subtrahend(mLocal));
    Value negHi = arith::NegFOp::create(b, hi);
    for (Value v : regPacked)
      for (Value x : e.widen(v))
        exps.push_back(e.expShifted(x, negHi));
    Value sum = e.treeSum(exps);
    return {mLocal, e.mulf(sum, e.loCorrection(lo))};
  }
  SmallVector<Value> flat;
  for (auto &v : regValues)
    flat.append(v.begin(), v.end());
  Value mLocal = e.treeMax(flat);
  for (auto &v : regValues)
    for (Value &x : v)
      x = e.scale(x, mLocal);
  flat.clear();
  for (auto &v : regValues)
    flat.append(v.begin(), v.end());
  Value sLocal = e.treeSum(flat);
  return {mLocal, sLocal};
}

void OnlineKernel::writeRegisters(Value mLocal, Value rowMax, Value rowSum,
                                  Value rowToWrite) {
  if (packed) {
    // y = exp(x - M) / S; an all -inf row (M = -inf) gives lo = NaN.
    auto [hi, lo] = e.log2eSplit(rowMax);
    Value negHi = arith::NegFOp::create(b, hi);
    Value factor = e.divf(e.loCorrection(lo), rowSum);
    for (int64_t j = 0; j < chunks; ++j)
      e.guarded(regValids[j], [&] {
        SmallVector<Value> ys;
        for (Value x : e.widenAgain(regPacked[j]))
          ys.push_back(e.mulf(e.expShifted(x, negHi), factor));
        e.store(ys, p.y, {rowToWrite, regCols[j]});
      });
    return;
  }
  // y = e^(x - mLocal) * e^(mLocal - M) / S; an all -inf row gives NaN.
  Value factor = e.divf(e.scale(mLocal, rowMax), rowSum);
  factor = e.select(e.oeq(rowMax, e.negInf()), e.f(NAN), factor);
  for (int64_t j = 0; j < chunks; ++j) {
    e.guarded(regValids[j], [&] {
      SmallVector<Value> ys;
      for (Value x : regValues[j])
        ys.push_back(e.mulf(x, factor));
      e.store(ys, p.y, {rowToWrite, regCols[j]});
    });
  }
}

void OnlineKernel::buildRegisters() {
  loadRegisters();
  auto [mLocal, sLocal] = registerStats();
  Value rowMax, rowSum;
  std::tie(rowMax, rowSum) = rowCombine(mLocal, sLocal);
  if (clusterBlocks > 1)
    std::tie(rowMax, rowSum) = clusterCombine(rowMax, rowSum);
  writeRegisters(mLocal, rowMax, rowSum, row);
  if (clusterBlocks > 1) {
    auto wait = NVVM::ClusterWaitOp::create(b, b.getUnitAttr());
    parkKernelFnAttrs(wait, plan.maxRegisters, /*readOnlyInputs=*/false);
  }
}
