//===- WgmmaGemm.cpp - rung wgmma: TMA + mbarrier ring feeding wgmma ------===//
//
// Ladder rung `wgmma` (sm_90a; ../shared/notes/mlir22-gpu-facts.md,
// "Hopper"). The kernel it writes:
//
//   block (bx, by) owns C[by*BM .. +BM, bx*BN .. +BN]; warpgroup w owns
//   rows w*BM/W .. +BM/W as m64 x BN wgmma tiles accumulated in f32
//   thread 0: init full[s] (count 1) and empty[s] (count = warps);
//     prefetch the tensor maps; TMA K tiles 0 .. S-1 into slots 0 .. S-1
//   for kt in [0, ceil(K/BK)):
//     wait full[kt % S] with parity (kt / S) & 1
//     wgmma.fence; BK/16 x (BM/W)/64 wgmma m64nBNk16 (K tile 0: D = A*B,
//       no zero fill; it is peeled off the loop); commit; wait until
//       at most 1 group (this K tile's) is pending: tile kt-1 is consumed
//     lane 0 of every warp arrives on empty[(kt-1) % S]
//     thread 0: wait empty[(kt-1) % S] with parity ((kt-1) / S) & 1, then
//       arrive.expect_tx on full[...] and TMA K tile kt-1+S into that slot
//   epilogue: 2-element vector stores (C += when beta = 1), guarded on
//     ragged edges
//
// Warp-specialized kernel (plan.warpSpecialized; the default on grids that
// fill the SMs with 128x256 tiles):
//
//   warpgroup 0 (producer): setmaxnreg.dec; thread 0, for each output tile
//     of the block and each K tile, K step `it` counted across tiles: wait
//     empty[it % S] (parity (it/S + 1) & 1) once it >= S, then expect_tx +
//     TMA into slot it % S; finally wait for the last S releases
//   warpgroups 1..W (consumers): setmaxnreg.inc; for each output tile: as
//     above (wait full, wgmma, keep one group in flight, release the slot of
//     the previous step), then wait for all, release the last slot, store
//   persistent (plan.persistent): min(tiles, SMs) blocks, block b takes
//     tiles b, b + blocks, ... in grouped order; the ring's phases run on.
//     The producer only waits for released slots, never for a tile's
//     epilogue: it runs up to S K steps into the next tile while the
//     consumers store C.
//   TMA-store epilogue (plan.tmaStore, the default here when C's rows are
//     16-byte aligned and beta = 0): a consumer writes its rows of C box by
//     box (64 rows x 128 bytes, 128-byte swizzle) into one of its two
//     staging boxes after the ring; thread 0 of the warpgroup waits until
//     its previous store of that box has read it (bulk wait_group.read 1),
//     named barrier, the pair stores, fence.proxy.async, named barrier,
//     then thread 0 issues the TMA store and commits it. The warpgroup
//     starts the next tile while the last boxes drain (TMA clips ragged M
//     and N); before exiting, thread 0 waits for all of its stores.
//   ping-pong (plan.pingpong): consumer c owns whole tiles, the block's
//     local tiles c, c + 2, ... (the producer still loads every tile in
//     order); each K step is released by the 4 warps of one consumer, so
//     one consumer's epilogue overlaps the other's K loop. Before local
//     tile l >= 1 a consumer waits on its turn barrier (the ((l-1)/2)-th
//     completion, parity ((l-1)/2) & 1), which the other consumer's 4 warps
//     arrive on once they have issued the K loop of tile l-1; the turns
//     alternate strictly, so a phase is never completed twice ahead of its
//     waiter. The turns are also what keeps the ring's parity waits sound:
//     a full[slot] wait for its k-th completion is only right once the
//     (k-1)-th has happened (a phase further behind has the same parity),
//     and a consumer skips the other's K steps; after its turn, every step
//     before its tile has been waited for by the other consumer.
//
// Shared memory: one gpu.dynamic_shared_memory buffer whose base the kernel
// rounds up to 1024 bytes at run time (the launch asks for 1 KB more); slot
// s holds A as BM rows of 64 elements (128 bytes, K-major) and B as BN/64
// panels of BK rows x 64 columns (128 bytes, N-major), all written by TMA
// with the 128-byte swizzle (16-byte chunk c of row r at c ^ (r % 8)).
//
// wgmma descriptors (PTX ISA "matrix descriptor"): start address >> 4,
// leading byte offset (LBO) >> 4 at bit 16, stride byte offset (SBO) >> 4 at
// bit 32, swizzle mode 1 (128 B) at bit 62. A, K-major: SBO = 1024 (8 rows
// of 128 B), LBO unused; a K step of 16 adds 32 bytes. B, MN-major
// (imm-trans-b = 1, `layoutB = row`): LBO = one 64-column panel (BK*128 B),
// SBO = 1024 (8 K rows); a K step adds 16 rows = 2048 bytes.
//
// TF32 (f32 inputs, only with allow-tf32): wgmma m64nNk8 .tf32 reads both
// shared-memory operands K-major only (the transpose exists for .f16/.bf16
// alone, PTX ISA "wgmma.mma_async"), and TMA copies boxes without
// transposing them. So a first kernel writes B^T (N x K, row-major, rows
// padded to 16 bytes) into a scratch buffer (TransposedCopy.cpp: 64x64
// tiles through a padded shared tile, 16-byte reads of B's rows and writes
// of B^T's rows); the wgmma kernel then loads B^T tiles as BN rows of 32
// f32 (128 bytes) exactly like A tiles, and its B descriptor is A's
// (`layoutB = col`, no imm-trans operands): SBO = 1024, a K step of 8 adds
// 32 bytes. The copy costs one read and one write of B (2*K*N*4 bytes of
// DRAM traffic: ~35 us at 4096^2 against ~0.33 ms of TF32 GEMM; the first
// version, 32x32 tiles of 4-byte accesses, took 66 us on the H200,
// results/2026-11-30-staging-tf32). N can be anything; a K that is not a
// multiple of 4 also stages A (padded staging).
//
// Ragged M, N and K are TMA's out-of-bounds zero fill (the transaction
// count is always the whole box); only the epilogue is guarded.
//
// Rows that are not 16-byte aligned (K, resp. N, times the element size
// not a multiple of 16: 4097^3, 1000x999x777) cannot be tensor-mapped.
// With plan.stageA / plan.stageB a copy kernel launched first writes A
// (M x K) into scratch M x Kp and B (K x N) into K x Np, Kp and Np rounded
// up to 8 elements, the padding zero (PaddedStaging.cpp); the tensor maps
// then describe the logical extents (dims [K, M], [N, K]) over the padded
// row strides (Kp and Np elements), so the kernel itself is the one of
// aligned shapes: the ragged K and N are the same zero fill, the
// epilogue's bounds the logical M and N.
//
// Host side: a tensor map per operand, `nvgpu.tma.create.descriptor` on
// the operand's buffer, passed to the launch as an i64 address (a kernel
// argument of the descriptor type does not legalize); the kernel turns it
// into a pointer and casts that back to the descriptor.
// gemm-emit-kernels turns each such launch operand into a `tensormap`
// manifest parameter.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemmRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "gemm-opt/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

namespace {

/// A tensor map of one operand: the host value passed to the launch (its
/// device address, i64) and its type.
struct TensorMap {
  Value hostAddress;
  nvgpu::TensorMapDescriptorType type;
};

class WgmmaKernelEmitter : KernelEmitterBase {
public:
  WgmmaKernelEmitter(KernelBuilder &b, const GemmProblem &p,
                     const WgmmaGemmPlan &plan)
      : KernelEmitterBase(b), p(p), plan(plan) {
    guardM = p.m % plan.bm != 0;
    guardN = p.n % plan.bn != 0;
    tiles = ceilDiv(p.k, plan.bk);
  }

  gpu::LaunchOp emit();

private:
  /// Bit 0 of an index, as the i1 phase parity of an mbarrier wait.
  Value parity(Value phase) {
    return arith::IndexCastOp::create(b, b.getI1Type(), rem(phase, 2));
  }
  Value i64(int64_t v) {
    return arith::ConstantIntOp::create(b, b.getI64Type(), v);
  }
  Value toI64(Value index) {
    return arith::IndexCastUIOp::create(b, b.getI64Type(), index);
  }
  Value addI64(Value x, Value y) {
    return b.createOrFold<arith::AddIOp>(x, y);
  }

  TensorMap createTensorMap(Value buffer, int64_t boxRows, int64_t boxCols);
  void setUpSharedMemory();
  Value aTile(Value slot);
  Value bPanel(Value slot, int64_t panel);
  /// TF32: the K-major B tile of `slot` (BN rows of BK, from B^T).
  Value bTileKMajor(Value slot);
  Value fullBarrier(Value slot) { return slot; }
  Value emptyBarrier(Value slot) { return add(slot, plan.stages); }
  /// Ping-pong: the barrier consumer `consumer` waits on before its
  /// K loop (the other consumer arrives once it has issued its own).
  Value turnBarrier(Value consumer) { return add(consumer, 2 * plan.stages); }
  /// Which share of the block tile's rows warpgroup `wg` computes.
  Value rowWarpgroup() { return plan.pingpong ? c(0) : wg; }
  /// Thread 0: TMA of K tile `kt` into `slot`, completing on full[slot].
  void issueTile(Value kt, Value slot);
  Value wgmma(Value acc, Value descA, Value descB, bool accumulate);
  /// Waits for K step `it` (ring slot it % S) and issues its wgmmas as one
  /// committed group.
  SmallVector<Value> computeTile(Value it, ArrayRef<Value> acc, bool first);
  SmallVector<Value> mainLoop();
  /// The constant words of the A and B descriptors for warpgroup `wg`.
  void setUpDescriptors();
  /// Lane 0 of each warp arrives on the empty barrier of K step `it`.
  void release(Value it);
  /// blockRow / blockCol of output tile `tile` (grouped order).
  void setTile(Value tile, int64_t gridX, int64_t gridY);
  /// The warp-specialized (and optionally persistent) kernel body.
  void emitSpecialized(gpu::LaunchOp launch, int64_t gridX, int64_t gridY,
                       int64_t blocks);
  /// Columns 8j + 2(l%4) + {0, 1} of row 16w + l/4 + 8h of an m64
  /// accumulator `acc` (registers 4j + 2h, 4j + 2h + 1) as a vector<2xf32>.
  Value accumulatorPair(Value acc, int64_t j, int64_t h);
  void storeC(ArrayRef<Value> acc);
  /// plan.tmaStore: C through the warpgroup's staging boxes and TMA stores.
  void storeCThroughTma(ArrayRef<Value> acc);
  /// Staging box `buf` (0 or 1) of consumer warpgroup `wg`.
  Value storeBox(Value buf);
  /// Barrier over the 128 threads of consumer warpgroup `wg` only.
  void warpgroupBarrier();
  /// The tensor maps the kernel reads: A, B, and C's with plan.tmaStore.
  SmallVector<Value, 3> usedTensorMaps() {
    SmallVector<Value, 3> maps{kernelMapA, kernelMapB};
    if (plan.tmaStore)
      maps.push_back(kernelMapC);
    return maps;
  }
  /// The maps live in global memory, written by the host (cuMemcpyHtoD)
  /// before the launch. Every thread that reads one through the TMA unit
  /// (the tensormap proxy) first orders that read after the host's write:
  /// `fence.proxy.tensormap::generic.acquire.sys` (PTX ISA "membar/fence";
  /// CUDA Programming Guide, tensor maps in global memory). Without it the
  /// unit may use a stale copy of the 128 bytes at that address; see
  /// docs/architecture.md, "Tensor maps in global memory".
  void acquireTensorMap(Value map) {
    nvgpu::TmaFenceOp::create(b, map);
  }
  /// Thread 0 of its warpgroup (it issues and waits for the TMA stores:
  /// bulk async-groups belong to one thread).
  Value isWarpgroupLeader() {
    return eq(rem(tid, WgmmaGemmPlan::kWarpgroupThreads), 0);
  }

  const GemmProblem &p;
  const WgmmaGemmPlan &plan;
  bool guardM, guardN;
  int64_t tiles;

  TensorMap mapA, mapB, mapC;
  Value kernelMapA, kernelMapB, kernelMapC;
  Value tid, lane, warpInWg, wg, isThread0, blockRow, blockCol;
  Value dyn, pad, alignedBase;
  Value barriers;
  Value descABase, descBBase;
  LLVM::LLVMStructType accType;
};

} // namespace

TensorMap WgmmaKernelEmitter::createTensorMap(Value buffer, int64_t boxRows,
                                              int64_t boxCols) {
  MLIRContext *ctx = b.getContext();
  Type elem = cast<MemRefType>(buffer.getType()).getElementType();
  auto ws = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto box = MemRefType::get({boxRows, boxCols}, elem,
                             MemRefLayoutAttrInterface(), ws);
  auto type = nvgpu::TensorMapDescriptorType::get(
      ctx, box, nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_256B,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value unranked = memref::CastOp::create(
      b, UnrankedMemRefType::get(elem, Attribute()), buffer);
  Value desc = nvgpu::TmaCreateDescriptorOp::create(
      b, type, unranked, ValueRange{c(boxRows), c(boxCols)});
  // The launch passes the map's device address as a 64-bit integer; the
  // kernel turns it back into the descriptor through a pointer. (A cast
  // pair descriptor -> ptr -> descriptor would fold away under
  // canonicalization and leave a kernel argument of descriptor type.)
  Value address =
      UnrealizedConversionCastOp::create(b, b.getI64Type(), desc).getResult(0);
  return {address, type};
}

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


void WgmmaKernelEmitter::issueTile(Value kt, Value slot) {
  nvgpu::MBarrierArriveExpectTxOp::create(b, barriers, c(plan.stageBytes()),
                                          fullBarrier(slot), Value());
  Value k0 = mul(kt, plan.bk);
  // Coordinates are innermost first: (column, row).
  nvgpu::TmaAsyncLoadOp::create(b, aTile(slot), barriers, kernelMapA,
                                ValueRange{k0, blockRow}, fullBarrier(slot),
                                Value(), Value());
  if (plan.kMajorB()) {
    // BN rows of B^T (columns blockCol.. of B), K columns k0..
    nvgpu::TmaAsyncLoadOp::create(b, bTileKMajor(slot), barriers, kernelMapB,
                                  ValueRange{k0, blockCol}, fullBarrier(slot),
                                  Value(), Value());
    return;
  }
  for (int64_t q = 0; q < plan.panels(); ++q)
    nvgpu::TmaAsyncLoadOp::create(b, bPanel(slot, q), barriers, kernelMapB,
                                  ValueRange{add(blockCol, q * 64), k0},
                                  fullBarrier(slot), Value(), Value());
}

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
      NVVM::MMALayoutAttr::get(ctx, plan.kMajorB() ? NVVM::MMALayout::col
                                                   : NVVM::MMALayout::row),
      NVVM::MMAIntOverflowAttr());
}

SmallVector<Value> WgmmaKernelEmitter::computeTile(Value it,
                                                   ArrayRef<Value> accIn,
                                                   bool first) {
  int64_t s = plan.stages;
  Value slot = rem(it, s);
  nvgpu::MBarrierTryWaitParityOp::create(b, barriers, parity(div(it, s)),
                                         c(10000000), fullBarrier(slot));
  Value slot16 = toI64(mul(slot, plan.stageBytes() / 16));
  Value descA0 = addI64(descABase, slot16);
  Value descB0 = addI64(descBBase, slot16);
  SmallVector<Value> acc(accIn);
  NVVM::WgmmaFenceAlignedOp::create(b);
  for (int64_t ks = 0; ks < plan.bk / plan.wgmmaK(); ++ks) {
    // A: +32 bytes per K step inside the swizzled row, +64 rows per m64
    // tile. B: +16 rows of 128 bytes per K step (MN-major), or +32 bytes
    // inside the swizzled rows of B^T (K-major, TF32).
    int64_t bStep = plan.kMajorB() ? ks * 32 : ks * plan.wgmmaK() * 128;
    Value descB = addI64(descB0, i64((plan.aStageBytes() + bStep) >> 4));
    for (int64_t i = 0; i < plan.mTiles(); ++i) {
      Value descA = addI64(descA0, i64((i * 64 * 128 + ks * 32) >> 4));
      acc[i] = wgmma(acc[i], descA, descB, /*accumulate=*/!first || ks > 0);
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
  int64_t lboB = plan.kMajorB() ? lboA : (plan.panelBytes() >> 4) << 16;
  Value base16 = toI64(div(alignedBase, 16));
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
  ifThen(eq(lane, 0), [&] {
    nvgpu::MBarrierArriveOp::create(b, tokenTy, barriers, emptyBarrier(slot));
  });
}

void WgmmaKernelEmitter::setTile(Value tile, int64_t gridX, int64_t gridY) {
  auto [bx, by] = groupBlockOrder(b, rem(tile, gridX), div(tile, gridX),
                                  gridX, gridY, plan.groupM);
  blockRow = mul(by, plan.bm);
  blockCol = mul(bx, plan.bn);
}

void WgmmaKernelEmitter::emitSpecialized(gpu::LaunchOp launch, int64_t gridX,
                                         int64_t gridY, int64_t blocks) {
  MLIRContext *ctx = b.getContext();
  int64_t s = plan.stages;
  int64_t numTiles = gridX * gridY;
  Value bid = launch.getBlockIds().x;
  Value wgIdx = div(tid, WgmmaGemmPlan::kWarpgroupThreads);
  auto setMaxRegs = [&](int64_t regs, NVVM::SetMaxRegisterAction action) {
    NVVM::SetMaxRegisterOp::create(
        b, b.getI32IntegerAttr(regs),
        NVVM::SetMaxRegisterActionAttr::get(ctx, action));
  };
  // The output tiles of this block: bid, bid + blocks, ... (one when the
  // grid is not persistent); `local` counts them. `from` / `every` pick
  // the local tiles from, from + every, ... (ping-pong consumers).
  auto tileLoop = [&](Value from, int64_t every,
                      function_ref<void(Value tile, Value local)> body) {
    auto loop = scf::ForOp::create(b, add(bid, mul(from, blocks)),
                                   c(numTiles), c(every * blocks));
    keepRolled(loop);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Value tile = loop.getInductionVar();
    body(tile, div(sub(tile, bid), blocks));
  };

  auto split = scf::IfOp::create(b, eq(wgIdx, 0), /*withElseRegion=*/true);
  {
    // Producer warpgroup: one thread walks every K tile of every output
    // tile of the block; K step `it` (counted across tiles) goes to slot
    // it % S once the consumers released its previous use, it - S.
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(split.getThenRegion().front().getTerminator());
    setMaxRegs(plan.producerRegs, NVVM::SetMaxRegisterAction::decrease);
    ifThen(isThread0, [&] {
      tileLoop(c(0), 1, [&](Value tile, Value local) {
        setTile(tile, gridX, gridY);
        auto kLoop = scf::ForOp::create(b, c(0), c(tiles), c(1));
        keepRolled(kLoop);
        OpBuilder::InsertionGuard g2(b);
        b.setInsertionPoint(kLoop.getBody()->getTerminator());
        Value kt = kLoop.getInductionVar();
        Value it = add(mul(local, tiles), kt);
        Value slot = rem(it, s);
        ifThen(cmp(arith::CmpIPredicate::uge, it, s), [&] {
          // The ((it - S) / S)-th release of the slot.
          nvgpu::MBarrierTryWaitParityOp::create(
              b, barriers, parity(add(div(it, s), 1)), c(10000000),
              emptyBarrier(slot));
        });
        issueTile(kt, slot);
      });
      // Producer tail: do not leave while loads are in flight; the last
      // S steps' releases (step it is the (it / S)-th use of its slot) mean
      // every load has landed and been consumed.
      Value steps = mul(div(add(sub(c(numTiles), bid), blocks - 1), blocks),
                        tiles);
      for (int64_t j = 0; j < s; ++j) {
        Value itPlusS = add(steps, j);
        ifThen(cmp(arith::CmpIPredicate::uge, itPlusS, s), [&] {
          Value it = sub(itPlusS, c(s));
          nvgpu::MBarrierTryWaitParityOp::create(
              b, barriers, parity(div(it, s)), c(10000000),
              emptyBarrier(rem(it, s)));
        });
      }
    });
  }
  {
    // Consumer warpgroups: warpgroup w computes rows w * BM/W .. of each
    // output tile, keeping one wgmma group in flight and releasing each
    // slot (one arrive per warp) once its wgmmas have completed.
    // Ping-pong: consumer w computes whole tiles, the block's local tiles
    // w, w + 2, ...; it first waits for its turn (the other
    // consumer has issued the K loop of local tile - 1).
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(split.getElseRegion().front().getTerminator());
    setMaxRegs(plan.consumerRegs, NVVM::SetMaxRegisterAction::increase);
    wg = sub(wgIdx, c(1));
    setUpDescriptors();
    // The warpgroup's leader issues its TMA stores of C.
    if (plan.tmaStore)
      ifThen(isWarpgroupLeader(), [&] { acquireTensorMap(kernelMapC); });
    auto tokenTy = nvgpu::MBarrierTokenType::get(ctx);
    tileLoop(plan.pingpong ? wg : c(0), plan.pingpong ? 2 : 1,
             [&](Value tile, Value local) {
      setTile(tile, gridX, gridY);
      if (plan.pingpong) {
        // Local tile l >= 1 waits for the other consumer's K loop of tile
        // l - 1, the ((l - 1) / 2)-th completion of this turn barrier.
        ifThen(cmp(arith::CmpIPredicate::uge, local, 1), [&] {
          nvgpu::MBarrierTryWaitParityOp::create(
              b, barriers, parity(div(sub(local, c(1)), 2)), c(10000000),
              turnBarrier(wg));
        });
      }
      Value first = mul(local, tiles);
      Value undef = LLVM::UndefOp::create(b, accType);
      SmallVector<Value> acc =
          computeTile(first, SmallVector<Value>(plan.mTiles(), undef),
                      /*first=*/true);
      if (tiles > 1) {
        auto loop = scf::ForOp::create(b, c(1), c(tiles), c(1), acc);
        keepRolled(loop);
        OpBuilder::InsertionGuard g2(b);
        b.setInsertionPointToStart(loop.getBody());
        Value it = add(first, loop.getInductionVar());
        SmallVector<Value> next =
            computeTile(it, SmallVector<Value>(loop.getRegionIterArgs()),
                        /*first=*/false);
        NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
        release(sub(it, c(1)));
        scf::YieldOp::create(b, next);
        acc.assign(loop.getResults().begin(), loop.getResults().end());
      }
      if (plan.pingpong) {
        // This tile's wgmmas are issued: the other consumer's turn.
        ifThen(eq(lane, 0), [&] {
          nvgpu::MBarrierArriveOp::create(b, tokenTy, barriers,
                                          turnBarrier(sub(c(1), wg)));
        });
      }
      NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
      release(add(first, tiles - 1));
      if (plan.tmaStore)
        storeCThroughTma(acc);
      else
        storeC(acc);
    });
    // The last boxes' stores must have read the staging buffers before the
    // block's shared memory goes away.
    if (plan.tmaStore)
      ifThen(isWarpgroupLeader(),
             [&] { NVVM::CpAsyncBulkWaitGroupOp::create(b, 0, UnitAttr()); });
  }
}

SmallVector<Value> WgmmaKernelEmitter::mainLoop() {
  int64_t s = plan.stages;
  // Prologue: K tiles 0 .. S-1 (fewer when K is short).
  ifThen(isThread0, [&] {
    for (int64_t t = 0; t < std::min(s, tiles); ++t)
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
    Value prev = rem(add(kt, s - 1), s);
    auto tokenTy = nvgpu::MBarrierTokenType::get(b.getContext());
    ifThen(eq(lane, 0), [&] {
      nvgpu::MBarrierArriveOp::create(b, tokenTy, barriers,
                                      emptyBarrier(prev));
    });
    Value refill = add(kt, s - 1);
    ifThen(andi(isThread0, ult(refill, tiles)), [&] {
      // Every warp has released tile kt-1 (the ((kt-1)/S)-th use of the
      // slot) before TMA overwrites it.
      nvgpu::MBarrierTryWaitParityOp::create(
          b, barriers, parity(div(sub(kt, c(1)), s)), c(10000000),
          emptyBarrier(prev));
      issueTile(refill, prev);
    });
    scf::YieldOp::create(b, next);
    acc.assign(loop.getResults().begin(), loop.getResults().end());
  }
  NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
  return acc;
}

Value WgmmaKernelEmitter::accumulatorPair(Value acc, int64_t j, int64_t h) {
  Value x0 = LLVM::ExtractValueOp::create(b, acc,
                                          ArrayRef<int64_t>{4 * j + 2 * h});
  Value x1 = LLVM::ExtractValueOp::create(b, acc,
                                          ArrayRef<int64_t>{4 * j + 2 * h + 1});
  return vector::FromElementsOp::create(
      b, VectorType::get({2}, b.getF32Type()), ValueRange{x0, x1});
}

void WgmmaKernelEmitter::storeC(ArrayRef<Value> acc) {
  // wgmma m64nN f32 accumulator: register r of thread (warp w, lane l) of
  // the warpgroup is row 16w + l/4 + 8*((r%4)/2), column 8*(r/4) + 2*(l%4)
  // + r%2 of the m64 tile; registers (4j, 4j+1) and (4j+2, 4j+3) are
  // column pairs.
  Value rowBase = add(add(blockRow, mul(rowWarpgroup(), plan.wgRows())),
                      add(mul(warpInWg, 16), div(lane, 4)));
  Value colBase = add(blockCol, mul(rem(lane, 4), 2));
  for (int64_t i = 0; i < plan.mTiles(); ++i)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(rowBase, i * 64 + h * 8);
      for (int64_t j = 0; j < plan.bn / 8; ++j)
        storeAccumulatorPair(b, p.c, p.m, p.n, p.accumulate, row,
                             add(colBase, j * 8), accumulatorPair(acc[i], j, h),
                             guardM, guardN);
    }
}

Value WgmmaKernelEmitter::storeBox(Value buf) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto ty = MemRefType::get({64, plan.storeBoxCols()}, p.cType,
                            MemRefLayoutAttrInterface(), ws);
  // After the ring; each box is 8 KB, so 1024-byte alignment holds.
  Value off = add(add(pad, plan.stages * plan.stageBytes()),
                  mul(add(mul(wg, 2), buf), WgmmaGemmPlan::kStoreBoxBytes));
  return memref::ViewOp::create(b, ty, dyn, off, ValueRange{});
}

void WgmmaKernelEmitter::warpgroupBarrier() {
  // Named barrier 1 + wg (0 is the block-wide one), 128 threads.
  Value id = arith::IndexCastOp::create(b, b.getI32Type(), add(wg, 1));
  Value count = arith::ConstantIntOp::create(b, b.getI32Type(),
                                             WgmmaGemmPlan::kWarpgroupThreads);
  NVVM::BarrierOp::create(b, TypeRange{}, id, count,
                          NVVM::BarrierReductionAttr(), Value());
}

void WgmmaKernelEmitter::storeCThroughTma(ArrayRef<Value> acc) {
  // Box (i, q): rows i*64.. of the warpgroup's share, columns q*BC.. (BC =
  // 128 bytes of C). Thread (warp w, lane l) holds, for h = 0, 1, row
  // 16w + l/4 + 8h of the m64 tile at columns 8j + 2(l%4) + {0, 1}
  // (registers 4j + 2h + {0, 1}); the byte of column c in a box row is
  // c * bytes, in 16-byte chunk k stored at chunk k ^ (row % 8) (the
  // 128-byte swizzle TMA undoes), and row % 8 is l/4. A warp's 2-element
  // stores then fall in distinct banks.
  int64_t cb = plan.cElemBytes, boxCols = plan.storeBoxCols();
  Value isIssuer = isWarpgroupLeader();
  Value group = div(lane, 4), quad = rem(lane, 4);
  Value rowInWg = add(mul(warpInWg, 16), group);
  auto pairTy = VectorType::get({2}, p.cType);
  int64_t box = 0;
  for (int64_t i = 0; i < plan.mTiles(); ++i) {
    for (int64_t q = 0; q < plan.storeBoxes(); ++q, ++box) {
      Value buf = c(box % 2);
      // The store that used this buffer before (two boxes ago, in this
      // tile or the previous one) has read it: at most the latest one of
      // this thread's bulk groups is still reading. With an odd number of
      // boxes per tile, a tile's first box reuses the buffer of the
      // previous tile's last one: none may still be reading.
      int64_t reading = box == 0 && (plan.mTiles() * plan.storeBoxes()) % 2 ? 0 : 1;
      ifThen(isIssuer, [&] {
        NVVM::CpAsyncBulkWaitGroupOp::create(b, reading, b.getUnitAttr());
      });
      warpgroupBarrier();
      Value view = storeBox(buf);
      for (int64_t jj = 0; jj < boxCols / 8; ++jj) {
        int64_t j = q * (boxCols / 8) + jj;
        Value byte = mul(add(c(8 * jj), mul(quad, 2)), cb);
        Value chunk = xori(div(byte, 16), group);
        Value col = div(add(mul(chunk, 16), rem(byte, 16)), cb);
        for (int64_t h = 0; h < 2; ++h) {
          Value pair = accumulatorPair(acc[i], j, h);
          if (!p.cType.isF32())
            pair = arith::TruncFOp::create(b, pairTy, pair);
          // One 2-element store (8 or 4 bytes, aligned: col is even).
          vector::StoreOp::create(b, pair, view,
                                  ValueRange{add(rowInWg, 8 * h), col},
                                  /*nontemporal=*/false,
                                  llvm::MaybeAlign(2 * cb));
        }
      }
      // The generic-proxy writes become visible to the TMA unit (async
      // proxy) before the elected thread issues the store.
      NVVM::FenceProxyOp::create(
          b, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
      warpgroupBarrier();
      ifThen(isIssuer, [&] {
        Value row = add(add(blockRow, mul(rowWarpgroup(), plan.wgRows())),
                        i * 64);
        nvgpu::TmaAsyncStoreOp::create(b, view, kernelMapC,
                                       ValueRange{add(blockCol, q * boxCols), row},
                                       Value());
        NVVM::CpAsyncBulkCommitGroupOp::create(b);
      });
    }
  }
}

gpu::LaunchOp WgmmaKernelEmitter::emit() {
  MLIRContext *ctx = b.getContext();
  // Host side: the tensor maps of A (box BM x BK) and B (box BK x 64), or
  // for TF32 of B^T (box BN x BK) after the kernel that writes it.
  mapA = createTensorMap(p.a, plan.bm, plan.bk);
  if (plan.kMajorB())
    mapB = createTensorMap(buildTransposedCopy(b, p.b), plan.bn, plan.bk);
  else
    mapB = createTensorMap(p.b, plan.bk, 64);
  // C: boxes of 64 rows x 128 bytes, the staging buffers' layout.
  if (plan.tmaStore)
    mapC = createTensorMap(p.c, 64, plan.storeBoxCols());

  int64_t gridX = ceilDiv(p.n, plan.bn), gridY = ceilDiv(p.m, plan.bm);
  // The warp-specialized kernel walks its tiles itself (1-D grid): one
  // block per tile, or at most `persistentBlocks` when persistent.
  int64_t blocks = gridX * gridY;
  if (plan.persistent)
    blocks = std::min(blocks, plan.persistentBlocks);
  auto launch = createBlockTiledMatmulLaunch(
      b, plan.warpSpecialized ? blocks : gridX,
      plan.warpSpecialized ? 1 : gridY, plan.threads(), plan.sharedBytes(),
      "wgmma", kWgmmaPlanAttr, plan.toAttr(ctx));

  auto toDescriptor = [&](const TensorMap &map) {
    Value ptr = LLVM::IntToPtrOp::create(b, LLVM::LLVMPointerType::get(ctx),
                                         map.hostAddress);
    return UnrealizedConversionCastOp::create(b, map.type, ptr).getResult(0);
  };
  kernelMapA = toDescriptor(mapA);
  kernelMapB = toDescriptor(mapB);
  if (plan.tmaStore)
    kernelMapC = toDescriptor(mapC);
  accType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(plan.bn / 2, b.getF32Type()));

  tid = launch.getThreadIds().x;
  lane = rem(tid, 32);
  wg = div(tid, WgmmaGemmPlan::kWarpgroupThreads);
  warpInWg = rem(div(tid, 32), 4);
  isThread0 = eq(tid, 0);
  if (!plan.warpSpecialized) {
    auto [bx, by] = groupBlockOrder(b, launch.getBlockIds().x,
                                    launch.getBlockIds().y, gridX, gridY,
                                    plan.groupM);
    blockRow = mul(by, plan.bm);
    blockCol = mul(bx, plan.bn);
  }
  dyn = createKernelDynamicSharedMemory(b, plan.maxRegs,
                                        /*readOnlyInputs=*/true);
  setUpSharedMemory();

  auto ws = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto barTy = nvgpu::MBarrierGroupType::get(ctx, ws, plan.numBarriers());
  barriers = nvgpu::MBarrierCreateOp::create(b, barTy);
  ifThen(isThread0, [&] {
    for (int64_t s = 0; s < plan.stages; ++s) {
      nvgpu::MBarrierInitOp::create(b, barriers, c(1), fullBarrier(c(s)),
                                    Value());
      nvgpu::MBarrierInitOp::create(b, barriers, c(plan.consumerWarps()),
                                    emptyBarrier(c(s)), Value());
    }
    // Ping-pong: a turn completes when the 4 warps of the other
    // consumer have issued their K loop.
    if (plan.pingpong)
      for (int64_t k = 0; k < 2; ++k)
        nvgpu::MBarrierInitOp::create(b, barriers, c(plan.consumerWarps()),
                                      turnBarrier(c(k)), Value());
    // Make the initialised barriers visible to the TMA unit.
    NVVM::FenceMbarrierInitOp::create(b);
    // Thread 0 issues every TMA load (and prefetches C's map): acquire the
    // maps first, then prefetch them.
    for (Value map : usedTensorMaps()) {
      acquireTensorMap(map);
      nvgpu::TmaPrefetchOp::create(b, map, Value());
    }
  });
  gpu::BarrierOp::create(b);

  if (plan.warpSpecialized) {
    emitSpecialized(launch, gridX, gridY, blocks);
    return launch;
  }
  SmallVector<Value> acc = mainLoop();
  storeC(acc);
  return launch;
}

gpu::LaunchOp mlir::gemm_opt::buildWgmmaGemmKernel(const GemmProblem &problem,
                                                   const WgmmaGemmPlan &plan,
                                                   Operation *before) {
  KernelBuilder b(before->getLoc(), before);
  // Padded staging (if any): the copies first, then the kernel on strided
  // views of them (the tensor maps take their logical extents and row
  // strides).
  GemmProblem staged =
      stageGemmOperands(b, problem, plan.stageA, plan.stageB);
  return WgmmaKernelEmitter(b, staged, plan).emit();
}
