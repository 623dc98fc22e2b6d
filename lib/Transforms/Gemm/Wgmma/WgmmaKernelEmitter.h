//===- WgmmaKernelEmitter.h - The wgmma kernel emitter ----------*- C++ -*-===//
//
// Private to lib/Transforms/Gemm/Wgmma: the emitter of the `wgmma` rung's
// kernel, one class whose parts live in one file per concern: the host
// side, launch and set-up (WgmmaGemm.cpp); the ring in shared memory and
// its TMA loads (WgmmaTmaLoads.cpp); the wgmma K steps and the main loop
// of the plain kernel (WgmmaMainLoop.cpp); the warp-specialized and
// persistent kernel (WgmmaSpecialized.cpp); clusters sharing an operand
// by TMA multicast (WgmmaCluster.cpp); stream-K's split last wave
// (WgmmaStreamK.cpp); the epilogue that writes C (WgmmaEpilogue.cpp).
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
//     box (64 rows x 128 bytes, 128-byte swizzle) into one of its
//     plan.storeBuffers staging boxes (2 unless the plan says more) after
//     the ring, box i into buffer i % storeBuffers; thread 0 of the
//     warpgroup waits until its previous store from that buffer has read
//     it (bulk wait_group.read, storesStillReading),
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
//   clusters (plan.clusterM / clusterN = c, WgmmaCluster.cpp): the launch
//     has cluster dims (c, 1, 1) and blocks a multiple of c; cluster
//     bid / c walks units u = cluster, cluster + clusters, ... (a unit: c
//     tiles with consecutive M, resp. N, block indices), rank r
//     (%cluster_ctarank) taking tile r, so the blocks' K steps line up.
//     The shared operand's box (B along M, A along N) is loaded by rank 0
//     only, multicast (cta mask 2^c - 1) into the same slot of every
//     block, completing on each block's full[slot], which still expects
//     the whole slot; each block loads its other operand itself. A slot
//     is refilled only once all c blocks consumed it: empty[s] counts
//     consumer warps x c, and lane r < c of each warp arrives on block r's
//     empty[s] (mapa, mbarrier.arrive.shared::cluster). Barrier init is
//     made visible by fence.mbarrier_init and a cluster arrive/wait of all
//     threads before any load; another one at the end keeps every block
//     (its shared memory and barriers) alive while peers may use them.
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

#ifndef GEMM_OPT_LIB_TRANSFORMS_GEMM_WGMMA_WGMMAKERNELEMITTER_H
#define GEMM_OPT_LIB_TRANSFORMS_GEMM_WGMMA_WGMMAKERNELEMITTER_H

#include "gemm-opt/Support/WgmmaScheduleLimits.h"
#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mlir::gemm_opt::wgmma {

/// A tensor map of one operand: the host value passed to the launch (its
/// device address, i64) and its type.
struct TensorMap {
  Value hostAddress;
  nvgpu::TensorMapDescriptorType type;
  /// Batched: the map covers the buffer's batch entries stacked (2-D, their
  /// rows one after another) and an entry has this many rows; 0 otherwise.
  int64_t batchRows = 0;
  /// A group or cycle of entries (an epilogue operand): the entry the
  /// launch's batch entry reads.
  BatchSpan span;
  /// A C of heads (c_heads = h): a 4-D map over its [b, R, h, C] buffer,
  /// entry z's box at (z / h, row, z % h, col); 0 otherwise.
  int64_t heads = 0;
};

/// The output tiles of a warp-specialized kernel and how its blocks share
/// them.
struct TileSchedule {
  /// This block's id (1-D grid).
  Value bid;
  /// The output tiles' grid, and the blocks that walk it (at most).
  int64_t gridX, gridY, blocks;
  /// A dynamic M: the block rows (ceil(M / BM)), computed in the kernel;
  /// null for a static M. The blocks the kernel was launched with, for a
  /// dynamic M (the grid is M's) or a cluster (clusters launched, which
  /// the runtime may cap); null where `blocks` is the launch's.
  Value dynamicGridY, dynamicBlocks;
  /// Split-K: the work units are the output tiles of each split in turn.
  int64_t splits = 1;
  /// A batch folded into the tiles (WgmmaKernelEmitter::foldsBatch): the
  /// units are the output tiles of each batch entry in turn.
  int64_t batches = 1;
  /// Clusters (plan.clusterSize() > 1): a unit is a cluster's tiles, one
  /// per block; `bid`, `blocks` and `dynamicBlocks` then count clusters.
  int64_t cluster = 1;
  int64_t numTiles() const {
    return gridX * gridY * splits * batches / cluster;
  }
};

class WgmmaKernelEmitter : KernelEmitterBase {
public:
  /// `p` and `plan` are held by reference: they outlive the emitter. With
  /// plan.swapAB, `p` is the swapped problem (swapGemmOperands) and
  /// `unswapped` the matmul as it is, whose C the kernel stores transposed.
  WgmmaKernelEmitter(KernelBuilder &b, const GemmProblem &p,
                     const WgmmaGemmPlan &plan,
                     const GemmProblem *unswapped = nullptr)
      : KernelEmitterBase(b), p(p), plan(plan), unswapped(unswapped) {
    guardM = p.dynamicM() || p.m % plan.bm != 0;
    guardN = p.n % plan.bn != 0;
    tiles = ceilDiv(ceilDiv(p.k, plan.bk), plan.splitK);
    std::tie(operandStep, operandSlots) = chooseStagedOperand();
    foldedBatch = computeFoldsBatch();
  }

  gpu::LaunchOp emit();
  /// Whether the persistent kernel walks the tiles of every batch entry
  /// (grid z = 1, the entry a tile's) instead of one entry per grid z:
  /// one block per SM then overlaps a tile's C stores with the next tile's
  /// loads across entries too. Only where the kernel touches no batch view
  /// (it reads A, B and C through tensor maps): a static batch, TMA
  /// stores, no epilogue operand per entry (a residual; bias and scale
  /// vectors are shared).
  bool foldsBatch() const { return foldedBatch; }
  /// The launch's grid (x, y), on the host: constants, or expressions of
  /// the actual M for a dynamic M.
  std::pair<Value, Value> hostGrid(int64_t gridX, int64_t gridY,
                                   int64_t blocks);

private:
  /// foldsBatch's answer, from the problem's buffers before the kernel is
  /// built (distributeBatchViews erases the host-side views afterwards).
  bool computeFoldsBatch() const;

  /// B read K-major (readsBKMajor).
  bool kMajorB() const { return readsBKMajor(p, plan); }
  Value mapRow(const TensorMap &map, Value row); // the batch entry's row

  /// The schedule's tiles and blocks as values (constants when static).
  Value numTilesValue();
  Value blocksValue();

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

  //===--- Host side and set-up (WgmmaGemm.cpp) ---------------------------===//

  TensorMap createTensorMap(Value buffer, int64_t boxRows, int64_t boxCols);
  /// C's map when C is a C of heads: over the [b, R, h, C] buffer behind
  /// the batch view, boxes of 1 x boxRows x 1 x boxCols, so that a box
  /// stops at its entry's last row and column.
  TensorMap createHeadsTensorMap(int64_t boxRows, int64_t boxCols);
  /// The TMA store of the staging box `view` (64 x storeBoxCols) to C at
  /// the batch entry's (row, col).
  void storeBoxToC(Value view, Value row, Value col);
  /// Thread 0 initialises the mbarriers, acquires and prefetches the
  /// tensor maps; then the whole block meets.
  void setUpBarriers();
  /// The tensor maps the kernel reads: A, B, C's with plan.tmaStore, the
  /// staged epilogue operand's.
  SmallVector<Value, 4> usedTensorMaps();
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

  //===--- The ring and its TMA loads (WgmmaTmaLoads.cpp) -----------------===//

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
  /// Thread 0: TMA of the unit's K tile `kt` into `slot`, on full[slot].
  void issueTile(Value kt, Value slot);

  //===--- wgmma K steps, the plain main loop (WgmmaMainLoop.cpp) ---------===//

  /// Which share of the block tile's rows warpgroup `wg` computes.
  Value rowWarpgroup() { return plan.pingpong ? c(0) : wg; }
  Value wgmma(Value acc, Value descA, Value descB, bool accumulate);
  /// Waits for K step `it` (ring slot it % S) and issues its wgmmas as one
  /// committed group.
  SmallVector<Value> computeTile(Value it, ArrayRef<Value> acc, bool first);
  SmallVector<Value> mainLoop();
  /// The constant words of the A and B descriptors for warpgroup `wg`.
  void setUpDescriptors();
  /// Lane 0 of each warp arrives on the empty barrier of K step `it`.
  void release(Value it);

  //===--- Warp specialization, persistence (WgmmaSpecialized.cpp) --------===//

  /// Unit `unit`'s tile (blockRow, blockCol; grouped order) and split.
  void setTile(Value unit);
  /// The warp-specialized (and optionally persistent) kernel body.
  void emitSpecialized(gpu::LaunchOp launch, int64_t gridX, int64_t gridY,
                       int64_t blocks);
  void setMaxRegs(int64_t regs, NVVM::SetMaxRegisterAction action);
  /// The output tiles of this block: bid, bid + blocks, ... (one when the
  /// grid is not persistent); `local` counts them. `from` / `every` pick
  /// the local tiles from, from + every, ... (ping-pong consumers).
  /// Stream-K: the tiles of whole waves only (`end`, wholeTilesEnd()).
  void tileLoop(Value from, int64_t every,
                function_ref<void(Value tile, Value local)> body,
                Value end = {});
  /// Warpgroup 0: one thread issues every TMA load of the block.
  void emitProducer();
  /// The producer's loads of `count` K steps: K tiles kFirst.. of the
  /// current tile into ring steps ring.. (each waiting for its slot).
  void loadSteps(Value ring, Value kFirst, Value count);
  /// A consumer's wgmmas of `count` K steps from ring step `first`, one
  /// committed group each, releasing each step's slot once the next one's
  /// wgmmas are issued; the last group stays in flight.
  SmallVector<Value> issueSteps(Value first, Value count);
  /// Warpgroups 1..W (`wgIdx`, the warpgroup index in the block).
  void emitConsumers(Value wgIdx);
  /// A consumer's K loop and epilogue of output tile `tile`, the `local`-th
  /// of the block.
  void consumeTile(Value tile, Value local);

  //===--- Clusters (WgmmaCluster.cpp) -----------------------------------===//

  bool clustered() const { return plan.clusterSize() > 1; }
  /// The schedule in units of a cluster's tiles, and this block's rank.
  void setUpCluster();
  /// Every thread of every block of the cluster meets (arrive: release,
  /// wait: acquire).
  void clusterSync();
  /// The (column, row) block tile of this block in cluster unit `unit`.
  std::pair<Value, Value> clusterTile(Value unit);
  /// Thread 0: the TMA load of one box into `dst` on full[slot]; a box of
  /// the operand the cluster shares is issued by rank 0 only, multicast
  /// into the same place of every block.
  void loadBox(Value dst, Value map, ValueRange coords, Value slot,
               bool shared);
  /// Lane r < cluster size of each warp arrives on the empty barrier of
  /// `slot` in block r of the cluster.
  void releaseInCluster(Value slot);

  //===--- Stream-K (WgmmaStreamK.cpp) ------------------------------------===//

  /// Host side, before the launch of `blocks` blocks over `numTiles`
  /// tiles: which tiles stay whole and how the others split; the partials and
  /// flags in scratch and the one-block kernel that clears the flags. Returns
  /// the blocks of the launch (`blocks` when nothing splits).
  int64_t prepareStreamK(int64_t numTiles, int64_t blocks);
  /// A unit of the last wave: part `split` of tail tile `tail`.
  struct TailPart {
    Value tail, split;   ///< the tile (among the tail's) and which K part
    Value kFirst, count; ///< its K tiles
  };
  /// The end of the whole tiles' loop when the last wave splits, else null
  /// (every tile).
  Value wholeTilesEnd() {
    return streamK.splitsTail() ? c(streamK.wholeTiles) : Value();
  }
  /// Unit `unit` (part unit / R of tail tile unit % R).
  TailPart tailPart(Value unit);
  /// Emits `body(part, ring)` for each of this block's tail units in turn
  /// (units bid, bid + blocks, ...; ring: the block's K steps before it) and
  /// returns the block's K steps after them; null when nothing splits.
  Value forEachTailPart(function_ref<void(const TailPart &, Value ring)> body);
  /// A consumer's tail units: each one's K steps, then its partial (parts
  /// before the last) or, for the last part, the others' partials in part
  /// order and the epilogue.
  void consumeTailParts();
  /// This warpgroup's slot of part `part`'s partial (flag and partial),
  /// its flag's address, and where this thread's first 4-float vector of
  /// the partial's slot is (vector v at + v * 4 * 128).
  Value streamKSlot(Value part);
  Value streamKFlag(Value part);
  Value streamKPartialBase(Value part);
  void storeStreamKPartial(Value part, ArrayRef<Value> acc);
  SmallVector<Value> addStreamKPartial(Value part, ArrayRef<Value> acc);

  //===--- Epilogue (WgmmaEpilogue.cpp) -----------------------------------===//

  /// Columns 8j + 2(l%4) + {0, 1} of row 16w + l/4 + 8h of an m64
  /// accumulator `acc` (registers 4j + 2h, 4j + 2h + 1) as a vector<2xf32>.
  Value accumulatorPair(Value acc, int64_t j, int64_t h);
  /// The block tile's row and column of this thread's first accumulator
  /// pair (row 16w + l/4, column 2(l%4) of its warpgroup's m64 tiles).
  std::pair<Value, Value> fragmentOrigin();
  void storeC(ArrayRef<Value> acc);
  /// Swap-AB: element (r, c) of the swapped tile is C[c][r] of the matmul
  /// as it is (`unswapped`), stored one by one.
  void storeCTransposed(ArrayRef<Value> acc);
  /// The `type` element (f32, f16 or bf16) at `address` + `offset` bytes,
  /// widened to f32.
  Value loadAtOffset(Value address, int64_t offset, Type type);
  /// plan.tmaStore: C through the warpgroup's staging boxes and TMA stores.
  void storeCThroughTma(ArrayRef<Value> acc);
  /// Split-K: the unit's f32 partial, rows split * M + r of `partials`.
  void storePartials(ArrayRef<Value> acc);
  /// Staging box `buf` (0 .. plan.storeBuffers - 1) of consumer warpgroup
  /// `wg`.
  Value storeBox(Value buf);
  /// How many of the warpgroup's TMA stores may still be reading shared
  /// memory before box `box` of a tile is written (cp.async.bulk.wait_group
  /// .read's count): those committed after the store that last read that
  /// box's buffer.
  int64_t storesStillReading(int64_t box) const;

  //===--- The staged epilogue operand (WgmmaEpilogueOperand.cpp) ---------===//

  /// plan.tmaStore: the epilogue step whose M x N operand (a residual, an
  /// attention mask) in C's element type reaches the consumers through TMA
  /// loads into boxes of their own (C's 64 x 128-byte swizzled layout), and
  /// how many boxes (slots) each consumer has; {-1, 0} when none is staged
  /// (no such operand, no shared memory left beside the ring and C's
  /// staging, stream-K, a dynamic M or batch count). Read per element from
  /// global memory, such an operand cost half of the masked attention
  /// scores' time.
  std::pair<int64_t, int64_t> chooseStagedOperand() const;
  /// The slots' shared memory (`slots` per consumer warpgroup).
  int64_t operandStagingBytes(int64_t slots) const {
    return slots * plan.consumers * WgmmaGemmPlan::kStoreBoxBytes;
  }
  /// The staged step's operand buffer.
  Value stagedOperandBuffer() const;
  /// Slot `slot` of consumer warpgroup `wg`, after C's staging buffers.
  Value operandBox(Value slot);
  /// Whether the slots hold two tiles' boxes: each tile's are loaded
  /// during the tile before it.
  bool operandAcrossTiles() const {
    return operandSlots >= 2 * plan.boxesPerTile();
  }
  /// The slot of box `box` of the consumer's local tile `localTile`
  /// (null: its current one, consumerTile).
  Value operandSlot(int64_t box, Value localTile = Value());
  /// The leader: TMA of box `box` of the tile that blockRow / blockCol
  /// name into `slot`, completing on the slot's barrier.
  void issueOperandLoad(int64_t box, Value slot);
  /// The leader, at the start of tile `tile`: the boxes that fit ahead
  /// (the next tile's, or this tile's first ones), so that they arrive
  /// while wgmmas run.
  void prefetchOperandBoxes(Value tile);
  /// Every thread of the warpgroup: waits until box `box` has arrived.
  void waitOperandBox(int64_t box);
  /// The pair at (row, col) of box `box` (the pair's swizzled place, as
  /// C's staging box has it), widened to f32 and scaled.
  Value readStagedOperand(int64_t box, Value row, Value col);

  /// Barrier over the 128 threads of consumer warpgroup `wg` only.
  void warpgroupBarrier();
  /// Thread 0 of its warpgroup (it issues and waits for the TMA stores:
  /// bulk async-groups belong to one thread).
  Value isWarpgroupLeader() {
    return eq(rem(tid, WgmmaGemmPlan::kWarpgroupThreads), 0);
  }

  const GemmProblem &p;
  const WgmmaGemmPlan &plan;
  const GemmProblem *unswapped;
  bool guardM, guardN, foldedBatch;
  /// K tiles of a work unit: the problem's, or one split's.
  int64_t tiles;
  /// Split-K: the f32 partials, the unit's split and its first K tile.
  Value partials, split, kTileOffset;
  int64_t ldPartials = 0;
  /// Stream-K: the tiles of whole waves (each block's first ones, as in
  /// the plain persistent kernel) and how the last wave's tiles split, the
  /// partials (a slot per part and consumer warpgroup) and their flags.
  ::gemm_opt::StreamKTail streamK;
  Value streamKPartials, streamKFlags;

  TensorMap mapA, mapB, mapC;
  Value kernelMapA, kernelMapB, kernelMapC;
  /// The staged epilogue operand: its step, slots per consumer, tensor map
  /// and barriers (one per slot and consumer), and the consumer's tile
  /// count, which gives each load's phase.
  int64_t operandStep = -1, operandSlots = 0;
  TensorMap mapE;
  Value kernelMapE, operandBarriers, consumerTile;
  Value tid, lane, warpInWg, wg, isThread0, blockRow, blockCol, batchIndex;
  /// This block's rank in its cluster (%cluster_ctarank); null without.
  Value clusterRank;
  Value dyn, pad, alignedBase;
  Value barriers;
  Value descABase, descBBase;
  LLVM::LLVMStructType accType;
  /// The warp-specialized kernel's tiles (set by emitSpecialized).
  TileSchedule schedule;
};

} // namespace mlir::gemm_opt::wgmma

#endif // GEMM_OPT_LIB_TRANSFORMS_GEMM_WGMMA_WGMMAKERNELEMITTER_H
