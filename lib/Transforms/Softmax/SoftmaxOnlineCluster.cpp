//===- SoftmaxOnlineCluster.cpp - Online softmax over a block cluster -----===//
//
// The online kernel's cluster plans (softmax-rows on sm_90): the exchange
// of the blocks' (max, sum) pairs through distributed shared memory, and
// the software pipeline of a cluster that processes several rows.
//
//===----------------------------------------------------------------------===//

#include "SoftmaxOnlineKernel.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::softmax;

/// Thread 0 publishes its block's pair in its shared memory; a cluster
/// barrier (arrive: release, wait: acquire at cluster scope) makes every
/// block's pair visible; each aligned group of pow2Ceil(clusterBlocks)
/// lanes of every warp reads the pairs (one each, through mapa +
/// ld.shared::cluster) and combines them by a butterfly. Then this block
/// arrives on the cluster barrier again: it is done reading the others'
/// shared memory; the matching wait, before the kernel ends, keeps every
/// block (and its shared memory) alive until then.
/// Pipelined plans publish at `pubOffset` (alternate rows use alternate
/// pairs) and leave out the arrive after the remote reads (arriveAfter):
/// the next row's barrier orders them before the pair is written again.
std::pair<Value, Value> OnlineKernel::clusterCombine(Value m, Value s,
                                                     Value pubOffset,
                                                     bool arriveAfter) {
  auto aligned = b.getUnitAttr();
  e.guarded(b.ult(tid, 1), [&] {
    Value maxIndex = pubOffset ? pubOffset : b.index(0);
    Value sumIndex = pubOffset ? b.add(pubOffset, b.index(1)) : b.index(1);
    memref::StoreOp::create(b, m, published, ValueRange{maxIndex});
    memref::StoreOp::create(b, s, published, ValueRange{sumIndex});
  });
  NVVM::ClusterArriveOp::create(b, aligned);
  NVVM::ClusterWaitOp::create(b, aligned);
  Value addr = memref::ExtractAlignedPointerAsIndexOp::create(b, published);
  addr = arith::IndexCastOp::create(b, b.getI64Type(), addr);
  auto sharedPtr = LLVM::LLVMPointerType::get(
      ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  auto clusterPtr = LLVM::LLVMPointerType::get(
      ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
  Value local = LLVM::IntToPtrOp::create(b, sharedPtr, addr);
  if (pubOffset) {
    Value index = arith::IndexCastOp::create(b, b.getI32Type(), pubOffset);
    local = LLVM::GEPOp::create(b, sharedPtr, b.getF32Type(), local,
                                ArrayRef<LLVM::GEPArg>{index});
  }
  const int64_t group =
      static_cast<int64_t>(llvm::PowerOf2Ceil(clusterBlocks));
  // group divides 32: the lane's place in its group.
  Value laneInGroup = e.remui(tid, group);
  Value rank = group == clusterBlocks
                   ? laneInGroup
                   : e.minui(laneInGroup, clusterBlocks - 1);
  rank = arith::IndexCastOp::create(b, b.getI32Type(), rank);
  Value remote = NVVM::MapaOp::create(b, clusterPtr, local, rank);
  Value remoteSum = LLVM::GEPOp::create(b, clusterPtr, b.getF32Type(),
                                        remote, ArrayRef<LLVM::GEPArg>{1});
  m = LLVM::LoadOp::create(b, b.getF32Type(), remote);
  s = LLVM::LoadOp::create(b, b.getF32Type(), remoteSum);
  if (group != clusterBlocks) {
    // Lanes past the cluster's blocks hold the identity pair.
    Value in = b.ult(laneInGroup, clusterBlocks);
    m = e.select(in, m, e.negInf());
    s = e.select(in, s, e.f(0.0));
  }
  std::tie(m, s) = shuffleCombine(e, m, s, group);
  if (arriveAfter)
    NVVM::ClusterArriveOp::create(b, aligned);
  return {m, s};
}

/// Cluster c (`row` here) processes rows [c * R, (c + 1) * R) for R =
/// pipelinedRows. The slice of the next row is loaded (raw vectors,
/// loop-carried) before the current row's reduction, its block barrier,
/// its cluster barrier and its stores, so those loads are in flight all
/// that time. Rows past the end (last cluster only) load the last row
/// again and store nothing.
///
/// Shared memory is reused from row to row without extra barriers: row k
/// writes slot copy k mod 2 (block slots and the published pair), and
/// before row k + 2 writes that copy again, every thread of the cluster
/// has passed row k + 1's cluster barrier, which it reached after its
/// reads of row k's copy (cluster arrive: release; wait: acquire).
void OnlineKernel::buildPipelinedRows() {
  const int64_t rowsPerCluster = pipelinedRows;
  Value firstRow = b.mul(row, rowsPerCluster);
  SliceColumns slice;
  for (int64_t j = 0; j < chunks; ++j) {
    ChunkColumn at = column(Value(), j);
    slice.cols.push_back(at.col);
    slice.clampedCols.push_back(at.clampedCol);
    slice.valids.push_back(at.valid);
  }
  SmallVector<Value> firstSlice = loadSlice(slice, firstRow);
  auto loop = scf::ForOp::create(b, b.index(0), b.index(rowsPerCluster - 1),
                                 b.index(1), firstSlice);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value i = loop.getInductionVar();
    Value r = b.add(firstRow, i);
    SmallVector<Value> next = loadSlice(slice, b.add(r, b.index(1)));
    processPipelinedRow(slice, loop.getRegionIterArgs(), r, e.remui(i, 2));
    scf::YieldOp::create(b, next);
  }
  processPipelinedRow(slice, loop.getResults(),
                      b.add(firstRow, b.index(rowsPerCluster - 1)),
                      b.index((rowsPerCluster - 1) % 2));
  // No block leaves while others may still read its published pairs.
  NVVM::ClusterArriveOp::create(b, b.getUnitAttr());
  auto wait = NVVM::ClusterWaitOp::create(b, b.getUnitAttr());
  parkKernelFnAttrs(wait, plan.maxRegisters, /*readOnlyInputs=*/false);
}

SmallVector<Value> OnlineKernel::loadSlice(const SliceColumns &slice,
                                           Value r) {
  Value clampedR =
      p.ragged(pipelinedRows)
          ? arith::MinUIOp::create(b, r, p.lastRow(b, b.getLoc())).getResult()
          : r;
  SmallVector<Value> out;
  for (int64_t j = 0; j < chunks; ++j) {
    Value v;
    if (vecWidth == 1) {
      v = memref::LoadOp::create(b, p.x,
                                 ValueRange{clampedR, slice.clampedCols[j]});
      if (slice.valids[j])
        v = e.select(slice.valids[j], v,
                     arith::ConstantOp::create(
                         b, b.getFloatAttr(p.xType, -INFINITY)));
    } else {
      v = e.loadRaw(p.x, {clampedR, slice.clampedCols[j]}, vecWidth);
      if (slice.valids[j])
        v = e.select(slice.valids[j], v, e.negInfLike(v));
    }
    out.push_back(v);
  }
  return out;
}

SmallVector<Value> OnlineKernel::unpack(Value v) {
  Type elem = p.xType;
  if (vecWidth == 1) {
    if (!elem.isF32())
      v = arith::ExtFOp::create(b, b.getF32Type(), v);
    return {v};
  }
  if (!elem.isF32())
    return e.widen(v);
  SmallVector<Value> out;
  for (int64_t i = 0; i < vecWidth; ++i)
    out.push_back(vector::ExtractOp::create(b, v, i));
  return out;
}

void OnlineKernel::processPipelinedRow(const SliceColumns &slice,
                                       ValueRange vals, Value r,
                                       Value parity) {
  Value valid = p.ragged(pipelinedRows)
                    ? b.ult(r, p.rowsBound(b, b.getLoc()))
                    : Value();
  regValues.clear();
  regPacked.clear();
  regCols.assign(slice.cols.begin(), slice.cols.end());
  regValids.clear();
  for (Value v : slice.valids)
    regValids.push_back(both(valid, v));
  for (Value v : vals) {
    if (packed)
      regPacked.push_back(v);
    else
      regValues.push_back(unpack(v));
  }
  auto [mLocal, sLocal] = registerStats();
  Value rowMax, rowSum;
  std::tie(rowMax, rowSum) = rowCombine(
      mLocal, sLocal, slotCount > 0 ? b.mul(parity, slotCount) : Value());
  std::tie(rowMax, rowSum) = clusterCombine(
      rowMax, rowSum, b.mul(parity, 2), /*arriveAfter=*/false);
  writeRegisters(mLocal, rowMax, rowSum, r);
}
