//===- WgmmaCluster.cpp - rung wgmma: clusters with TMA multicast ---------===//
//
// Thread-block clusters of the warp-specialized persistent kernel
// (plan.clusterM / plan.clusterN): the cluster's unit of tiles and this
// block's tile in it, the multicast TMA load of the operand the cluster
// shares, the consumers' release of a slot in every block of the cluster,
// and the cluster barrier that orders barrier set-up and exit.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "gemm-opt/Support/Debug.h"

#define DEBUG_TYPE "gemm-opt-wgmma"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

void WgmmaKernelEmitter::setUpCluster() {
  if (!clustered())
    return;
  // Blocks bid = cluster * c + r form cluster `cluster` (cluster dims
  // (c, 1, 1) over the 1-D grid); the cluster walks units cluster,
  // cluster + clusters, ... and rank r takes tile r of each, so that every
  // block of a cluster runs the same K steps in the same order.
  assert(!schedule.dynamicBlocks && !plan.streamK && plan.splitK == 1 &&
         "a cluster needs a static M, no stream-K and no K splits");
  int64_t cl = plan.clusterSize();
  schedule.bid = div(schedule.bid, cl);
  schedule.blocks /= cl;
  schedule.cluster = cl;
  // The stride is the clusters launched (%nclusterid.x), not the grid
  // compiled: a GPC holds whole clusters only, so fewer than
  // persistentBlocks / c may be resident at once and the runtime launches
  // that many ("resident_grid" in the manifest).
  schedule.dynamicBlocks = arith::IndexCastUIOp::create(
      b, b.getIndexType(), NVVM::ClusterDimXOp::create(b, b.getI32Type()));
  Value rank = NVVM::ClusterId::create(b, b.getI32Type());
  clusterRank = arith::IndexCastUIOp::create(b, b.getIndexType(), rank);
  GEMM_OPT_DBG() << "wgmma cluster of " << cl << " blocks along "
                 << (plan.clusterM > 1 ? "M (B multicast)" : "N (A multicast)")
                 << ": " << schedule.numTiles() << " units over at most "
                 << schedule.blocks << " clusters\n";
}

void WgmmaKernelEmitter::clusterSync() {
  // Not .aligned: the producer warpgroup's thread 0 reaches it after the
  // others of its warp.
  NVVM::ClusterArriveOp::create(b, UnitAttr());
  NVVM::ClusterWaitOp::create(b, UnitAttr());
}

std::pair<Value, Value> WgmmaKernelEmitter::clusterTile(Value unit) {
  // The units form a grid of gridX x gridY / clusterM (resp. gridX /
  // clusterN x gridY), walked in grouped order; the group counts block
  // rows, so a cluster along M groups groupM / clusterM unit rows.
  int64_t cm = plan.clusterM, cn = plan.clusterN;
  int64_t ux = schedule.gridX / cn, uy = schedule.gridY / cm;
  int64_t groupM =
      cm > 1 ? std::max<int64_t>(plan.groupM / cm, 1) : plan.groupM;
  auto [x, y] =
      groupBlockOrder(b, rem(unit, ux), div(unit, ux), ux, uy, groupM);
  if (cm > 1)
    return {x, add(mul(y, cm), clusterRank)};
  return {add(mul(x, cn), clusterRank), y};
}

void WgmmaKernelEmitter::loadBox(Value dst, Value map, ValueRange coords,
                                 Value slot, bool shared) {
  if (!shared || !clustered()) {
    nvgpu::TmaAsyncLoadOp::create(b, dst, barriers, map, coords,
                                  fullBarrier(slot), Value(), Value());
    return;
  }
  // Rank 0 loads the box into the same offset of every block's shared
  // memory, each copy completing on that block's full[slot] (whose
  // expect_tx counts the whole slot's bytes).
  Value mask = arith::ConstantIntOp::create(
      b, b.getI16Type(), (int64_t(1) << plan.clusterSize()) - 1);
  ifThen(eq(clusterRank, 0), [&] {
    nvgpu::TmaAsyncLoadOp::create(b, dst, barriers, map, coords,
                                  fullBarrier(slot), mask, Value());
  });
}

void WgmmaKernelEmitter::releaseInCluster(Value slot) {
  // A slot of every block is written by rank 0's multicast: it may be
  // refilled only once the whole cluster has consumed it, so each warp
  // arrives on empty[slot] of every block (counts consumerWarps() * c).
  MLIRContext *ctx = b.getContext();
  ifThen(ult(lane, plan.clusterSize()), [&] {
    Value address = nvgpu::MBarrierGetOp::create(b, b.getI64Type(), barriers,
                                                 emptyBarrier(slot));
    auto sharedPtr = LLVM::LLVMPointerType::get(
        ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
    auto clusterPtr = LLVM::LLVMPointerType::get(
        ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    Value local = LLVM::IntToPtrOp::create(b, sharedPtr, address);
    Value rank = arith::IndexCastUIOp::create(b, b.getI32Type(), lane);
    Value remote = NVVM::MapaOp::create(b, clusterPtr, local, rank);
    NVVM::MBarrierArriveOp::create(b, Type(), remote, Value());
  });
}
