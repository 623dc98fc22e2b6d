//===- WgmmaTmaLoads.cpp - rung wgmma: the ring and its TMA loads ---------===//
//
// The producer's side of the wgmma kernel: the ring of stages in dynamic
// shared memory (its 1024-byte aligned base, the views of a slot's A tile
// and B panels or K-major B tile) and the TMA loads of one K tile into a
// slot, completing on the slot's full barrier.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

void WgmmaKernelEmitter::setUpSharedMemory() {
  // Round the dynamic shared memory base up to 1024 bytes (128-byte
  // swizzled TMA tiles and wgmma descriptors assume it).
  Value raw = memref::ExtractAlignedPointerAsIndexOp::create(b, dyn);
  alignedBase = andi(add(raw, 1023), c(~int64_t(1023)));
  pad = sub(alignedBase, raw);
}

Value WgmmaKernelEmitter::aTile(Value slot) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto ty = MemRefType::get({plan.bm, plan.bk}, p.aType,
                            MemRefLayoutAttrInterface(), ws);
  Value off = add(pad, mul(slot, plan.stageBytes()));
  return memref::ViewOp::create(b, ty, dyn, off, ValueRange{});
}

Value WgmmaKernelEmitter::bPanel(Value slot, int64_t panel) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto ty = MemRefType::get({plan.bk, 64}, p.bType,
                            MemRefLayoutAttrInterface(), ws);
  Value off = add(add(pad, mul(slot, plan.stageBytes())),
                  plan.aStageBytes() + panel * plan.panelBytes());
  return memref::ViewOp::create(b, ty, dyn, off, ValueRange{});
}

Value WgmmaKernelEmitter::bTileKMajor(Value slot) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto ty = MemRefType::get({plan.bn, plan.bk}, p.bType,
                            MemRefLayoutAttrInterface(), ws);
  Value off = add(add(pad, mul(slot, plan.stageBytes())), plan.aStageBytes());
  return memref::ViewOp::create(b, ty, dyn, off, ValueRange{});
}

/// Row `row` of this block's batch entry in `map`: batched maps stack the
/// entries' rows (WgmmaKernelEmitter::createTensorMap, BatchedLaunches.h).
Value WgmmaKernelEmitter::mapRow(const TensorMap &map, Value row) {
  if (!map.batchRows)
    return row;
  Value entry = map.span.entryAt(b, b.getLoc(), batchIndex);
  return add(row, mul(entry, map.batchRows));
}

void WgmmaKernelEmitter::issueTile(Value kt, Value slot) {
  nvgpu::MBarrierArriveExpectTxOp::create(b, barriers, c(plan.stageBytes()),
                                          fullBarrier(slot), Value());
  Value k0 = mul(kTileOffset ? add(kt, kTileOffset) : kt, plan.bk);
  // Coordinates are innermost first: (column, row). A cluster along N
  // shares A's K tile, one along M B's (WgmmaCluster.cpp).
  loadBox(aTile(slot), kernelMapA, ValueRange{k0, mapRow(mapA, blockRow)}, slot,
          /*shared=*/plan.clusterN > 1);
  if (kMajorB()) {
    // BN rows of B^T (columns blockCol.. of B), K columns k0..
    loadBox(bTileKMajor(slot), kernelMapB,
            ValueRange{k0, mapRow(mapB, blockCol)}, slot,
            /*shared=*/plan.clusterM > 1);
    return;
  }
  for (int64_t q = 0; q < plan.panels(); ++q)
    loadBox(bPanel(slot, q), kernelMapB,
            ValueRange{add(blockCol, q * 64), mapRow(mapB, k0)}, slot,
            /*shared=*/plan.clusterM > 1);
}
