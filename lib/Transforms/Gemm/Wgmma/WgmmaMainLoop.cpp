//===- WgmmaMainLoop.cpp - rung wgmma: wgmma K steps and main loop --------===//
//
// The consumer's side of the wgmma kernel: the shared-memory descriptors,
// one K step (wait for its slot, its wgmmas as one committed group), the
// release of a slot, and the main loop of the plain (not warp-specialized)
// kernel, whose thread 0 also refills the ring.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

Value WgmmaKernelEmitter::wgmma(Value acc, Value descA, Value descB,
                                bool accumulate) {
  MLIRContext *ctx = b.getContext();
  auto type = p.aType.isBF16()  ? NVVM::WGMMATypes::bf16
              : p.aType.isF32() ? NVVM::WGMMATypes::tf32
                                : NVVM::WGMMATypes::f16;
  return NVVM::WgmmaMmaAsyncOp::create(
      b, accType, acc, descA, descB,
      NVVM::MMAShapeAttr::get(ctx, 64, plan.bn, plan.wgmmaK()),
      NVVM::WGMMATypesAttr::get(ctx, type),
      NVVM::WGMMATypesAttr::get(ctx, type),
      NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
      NVVM::WGMMAScaleOutAttr::get(ctx, accumulate ? NVVM::WGMMAScaleOut::one
                                                   : NVVM::WGMMAScaleOut::zero),
      NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
      NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
      // A K-major (imm-trans-a = 0); B row-major K x N, i.e. MN-major
      // (`row` gives imm-trans-b = 1), or for TF32 B^T, K-major (`col`;
      // TF32 takes no imm-trans operands).
      NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row),
      NVVM::MMALayoutAttr::get(ctx, kMajorB() ? NVVM::MMALayout::col
                                                   : NVVM::MMALayout::row),
      NVVM::MMAIntOverflowAttr());
}

SmallVector<Value> WgmmaKernelEmitter::computeTile(Value it,
                                                   ArrayRef<Value> accIn,
                                                   bool first) {
  int64_t stages = plan.stages;
  Value slot = rem(it, stages);
  nvgpu::MBarrierTryWaitParityOp::create(b, barriers, parity(div(it, stages)),
                                         c(10000000), fullBarrier(slot));
  Value slot16 = toI64(mul(slot, plan.stageBytes() / 16));
  Value descA0 = addI64(descABase, slot16);
  Value descB0 = addI64(descBBase, slot16);
  SmallVector<Value> acc(accIn);
  NVVM::WgmmaFenceAlignedOp::create(b);
  for (int64_t kStep = 0; kStep < plan.bk / plan.wgmmaK(); ++kStep) {
    // A: +32 bytes per K step inside the swizzled row, +64 rows per m64
    // tile. B: +16 rows of 128 bytes per K step (MN-major), or +32 bytes
    // inside the swizzled rows of B^T (K-major, TF32).
    int64_t bStep = kMajorB() ? kStep * 32 : kStep * plan.wgmmaK() * 128;
    Value descB = addI64(descB0, i64((plan.aStageBytes() + bStep) >> 4));
    for (int64_t i = 0; i < plan.mTiles(); ++i) {
      Value descA = addI64(descA0, i64((i * 64 * 128 + kStep * 32) >> 4));
      acc[i] = wgmma(acc[i], descA, descB, /*accumulate=*/!first || kStep > 0);
    }
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b);
  return acc;
}

void WgmmaKernelEmitter::setUpDescriptors() {
  // Descriptor words that do not change: swizzle, SBO, LBO and the aligned
  // base (all addresses are in 16-byte units, < 2^14 for 228 KB).
  constexpr int64_t kSwizzle128 = int64_t(1) << 62;
  constexpr int64_t kSbo = int64_t(1024 >> 4) << 32;
  int64_t lboA = int64_t(1) << 16;
  // MN-major B: LBO is the distance between 64-column panels; K-major B
  // (TF32, from B^T) is laid out like A.
  int64_t lboB = kMajorB() ? lboA : (plan.panelBytes() >> 4) << 16;
  // The start address field holds bits 4..17 of the shared address. In a
  // cluster a block's shared addresses also carry its rank in higher bits,
  // which would spill into LBO (the panel stride of MN-major B): keep the
  // block-local 18 bits.
  Value local = clustered() ? andi(alignedBase, c((1 << 18) - 1)) : alignedBase;
  Value base16 = toI64(div(local, 16));
  // This warpgroup's first row of A (row 0 for ping-pong consumers, which
  // own whole tiles).
  Value wgRowOff16 = toI64(
      mul(rowWarpgroup(), plan.wgRows() * plan.bk * plan.elemBytes / 16));
  descABase =
      addI64(addI64(i64(kSwizzle128 | kSbo | lboA), base16), wgRowOff16);
  descBBase = addI64(i64(kSwizzle128 | kSbo | lboB), base16);
}

void WgmmaKernelEmitter::release(Value it) {
  auto tokenTy = nvgpu::MBarrierTokenType::get(b.getContext());
  Value slot = rem(it, plan.stages);
  if (clustered())
    return releaseInCluster(slot);
  ifThen(eq(lane, 0), [&] {
    nvgpu::MBarrierArriveOp::create(b, tokenTy, barriers, emptyBarrier(slot));
  });
}

SmallVector<Value> WgmmaKernelEmitter::mainLoop() {
  int64_t stages = plan.stages;
  // Prologue: K tiles 0 .. S-1 (fewer when K is short).
  ifThen(isThread0, [&] {
    for (int64_t t = 0; t < std::min(stages, tiles); ++t)
      issueTile(c(t), c(t));
  });

  setUpDescriptors();

  // K tile 0 starts the accumulators (scale-d = 0: D = A * B), so they
  // need no zero fill; it releases nothing.
  Value undef = LLVM::UndefOp::create(b, accType);
  SmallVector<Value> acc =
      computeTile(c(0), SmallVector<Value>(plan.mTiles(), undef),
                  /*first=*/true);
  if (tiles > 1) {
    auto loop = scf::ForOp::create(b, c(1), c(tiles), c(1), acc);
    keepRolled(loop);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    SmallVector<Value> next =
        computeTile(kt, SmallVector<Value>(loop.getRegionIterArgs()),
                    /*first=*/false);
    // At most this K tile's group is pending: the wgmmas of K tile kt-1
    // have completed and its slot may be refilled.
    NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
    Value prev = rem(add(kt, stages - 1), stages);
    auto tokenTy = nvgpu::MBarrierTokenType::get(b.getContext());
    ifThen(eq(lane, 0), [&] {
      nvgpu::MBarrierArriveOp::create(b, tokenTy, barriers,
                                      emptyBarrier(prev));
    });
    Value refill = add(kt, stages - 1);
    ifThen(andi(isThread0, ult(refill, tiles)), [&] {
      // Every warp has released tile kt-1 (the ((kt-1)/S)-th use of the
      // slot) before TMA overwrites it.
      nvgpu::MBarrierTryWaitParityOp::create(
          b, barriers, parity(div(sub(kt, c(1)), stages)), c(10000000),
          emptyBarrier(prev));
      issueTile(refill, prev);
    });
    scf::YieldOp::create(b, next);
    acc.assign(loop.getResults().begin(), loop.getResults().end());
  }
  NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
  return acc;
}
