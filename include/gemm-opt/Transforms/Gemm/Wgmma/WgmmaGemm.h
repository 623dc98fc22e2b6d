//===- WgmmaGemm.h - Plan and builder of the Hopper matmul ------*- C++ -*-===//
//
// The `wgmma` rung (sm_90a): block tiles of A and B loaded by TMA into a
// multi-stage ring of 128-byte-swizzled tiles in dynamic shared memory,
// full/empty mbarriers with phase tracking, warpgroup MMAs
// (wgmma.mma_async m64nNk16; m64nNk8 for f32 inputs as TF32) reading both
// operands through shared-memory descriptors, and a vectorized epilogue of
// our own. The plan lives on the gpu.launch as `gemm_opt.wgmma_plan`.
//
// TF32 wgmma reads both shared-memory operands K-major only (PTX ISA: the
// transpose, imm-trans-a/b, exists for .f16/.bf16 alone), while B is
// row-major K x N (N-major). A TF32 kernel therefore comes with a first
// kernel that writes B transposed (N x K, row-major: K-major) into a scratch
// buffer; TMA loads B tiles from that copy exactly as it loads A tiles.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_WGMMA_WGMMAGEMM_H
#define GEMM_OPT_TRANSFORMS_GEMM_WGMMA_WGMMAGEMM_H

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"

#include <string>

namespace mlir::gemm_opt {

inline constexpr llvm::StringLiteral kWgmmaPlanAttr = "gemm_opt.wgmma_plan";

/// Everything that decides the shape of a wgmma kernel.
///
/// The block tile BM x BN is split by rows over `consumers` warpgroups (128
/// threads each); a warpgroup owns BM/consumers rows as (BM/consumers)/64
/// wgmma tiles of m64 x BN, accumulated in f32 registers. The K tile BK is
/// one 128-byte swizzle row of A (64 f16/bf16, 32 tf32). A stage holds A as
/// BM rows of BK and B either as BN/64 panels of BK rows x 64 columns (B
/// row-major, read by wgmma in its transposed, MN-major mode: f16/bf16) or
/// as BN rows of BK (the transposed copy of B, K-major: tf32).
struct WgmmaGemmPlan {
  int64_t bm = 128, bn = 128, bk = 64;
  int64_t stages = 3;
  /// Warpgroups computing the tile (1 or 2).
  int64_t consumers = 1;
  /// Grouped block order over this many block rows (0/1 = row-major).
  int64_t groupM = 8;
  /// nvvm.maxnreg on the kernel; 0 = none.
  int64_t maxRegs = 0;
  /// Bytes per input element (2: f16/bf16; 4: f32 computed as TF32).
  int64_t elemBytes = 2;
  /// Warp specialization: one more warpgroup whose elected thread only
  /// issues the TMA loads (full/empty barriers per slot), the consumer
  /// warpgroups only compute; registers are moved from the producer to the
  /// consumers with setmaxnreg under the kernel's cap `maxRegs`.
  bool warpSpecialized = false;
  int64_t producerRegs = 40, consumerRegs = 232;
  /// Persistent grid: at most one block per SM, each walking the output
  /// tiles (grouped order) with the ring's phases running on across tiles.
  bool persistent = false;
  /// Blocks of a persistent grid (one per SM).
  int64_t persistentBlocks = 132;
  /// Padded staging (rows of A, resp. B, that are not 16-byte aligned): a
  /// copy kernel launched first writes the operand into a zero-padded
  /// scratch buffer with 16-byte-aligned rows, and the tensor map reads the
  /// logical extent through that buffer's row stride (PaddedStaging.h).
  bool stageA = false, stageB = false;
  /// Ping-pong consumers (CUTLASS's "pingpong" schedule; needs the
  /// warp-specialized persistent kernel with 2 consumer warpgroups): each
  /// consumer warpgroup owns whole BM x BN tiles (BM/64 m64 tiles of its
  /// own accumulators) and the two take the block's tiles alternately
  /// (consumer c: local tiles c, c + 2, ...), so that one's epilogue runs
  /// while the other computes. The producer still loads every tile of the
  /// block in order into the one ring; each K step is released by the 4
  /// warps of the consumer that used it. The consumers take turns issuing
  /// their K loops (a turn mbarrier per consumer, arrived on by the other
  /// one once its K loop is issued): besides running the tensor cores on
  /// one tile at a time, this is what makes the phase-parity waits on the
  /// ring sound, as a consumer never waits on a slot more than one phase
  /// ahead of what has completed.
  bool pingpong = false;
  /// Epilogue through TMA stores (warp-specialized, cooperative consumers):
  /// each consumer warpgroup writes its rows of C box by box (64 rows of
  /// 128 bytes, 128-byte swizzle) into one of two staging buffers of its
  /// own and an elected thread stores the box with cp.async.bulk.tensor;
  /// the warpgroup goes on to the next tile while the last boxes drain,
  /// instead of waiting for 2-element global stores. Needs C rows of a
  /// multiple of 16 bytes and beta = 0 (TMA clips ragged M and N).
  bool tmaStore = false;
  /// TMA-store staging boxes per consumer warpgroup. A warpgroup refills a
  /// box once the TMA store that last read it has: with two, a tile's
  /// third box waits for its first; with all of a tile's boxes, a box waits
  /// for the previous tile's, which drained during this tile's K loop (for
  /// short K, where writing C is most of a tile's time).
  int64_t storeBuffers = 2;
  /// Bytes per element of C (4: f32, 2: f16/bf16).
  int64_t cElemBytes = 4;
  /// Split-K (warp-specialized, cooperative consumers, no TMA stores): the
  /// kernel's work units are (split, output tile), split s computing K
  /// tiles [s*T', (s+1)*T') with T' = ceil(T / splitK) of the T K tiles
  /// (the last split's excess reads TMA's zero fill), into f32 partials in
  /// scratch; a second kernel (Emit/SplitKReduction.h) sums them in split
  /// order and applies beta and the epilogue: the same result whatever
  /// order the units ran in. For grids of few tiles over a long K.
  int64_t splitK = 1;
  /// Stream-K's split last wave (the warp-specialized persistent kernel,
  /// cooperative consumers, no K splits): whole waves of tiles stay whole,
  /// and the R tiles of the last, partial wave split along K into
  /// streamKTail().splits parts, one per idle block, so that the last wave
  /// no longer leaves SMs idle. The parts after the first write their f32
  /// partials to scratch and raise a flag; part 0's block adds them in
  /// part order (deterministic) before the epilogue. A one-block kernel
  /// launched first clears the flags (WgmmaStreamK.cpp).
  bool streamK = false;
  /// Swap-AB: the kernel computes C^T = B A^T, with B stored N x K as its
  /// A operand (bm rows of N per block, wgmma's m64 side) and A stored
  /// M x K as its K-major B operand (bn rows of M, any multiple of 8:
  /// wgmma's n side), and stores C transposed from registers. An M that
  /// 64- or 128-row tiles would pad heavily (M = 300: 384 rows) is then
  /// covered in steps of 8 rows (2 tiles of 152), as nvjet's tiles at such
  /// M are (128x152 at 300x8192x8192, results/2026-12-06-padded-m).
  bool swapAB = false;
  /// Thread-block clusters (the warp-specialized persistent kernel; at most
  /// one above 1; with swapAB, of the swapped problem): `clusterM` blocks
  /// with consecutive M tiles of one N tile share B's K tiles, `clusterN`
  /// blocks with consecutive N tiles of one M tile share A's. Each shared
  /// K tile is loaded once, by the cluster's rank 0, and multicast into the
  /// same slot of every block; a slot is refilled once every block of the
  /// cluster has consumed it (the consumers arrive on every block's empty
  /// barrier). For grids limited by L2 -> shared memory traffic.
  int64_t clusterM = 1, clusterN = 1;

  static constexpr int64_t kWarpgroupThreads = 128;
  /// A TMA store box of C: 64 rows (one wgmma m64 tile) of 128 bytes.
  static constexpr int64_t kStoreBoxBytes = 64 * 128;
  /// Extra dynamic shared memory that lets the kernel align its base to
  /// 1024 bytes (what 128-byte-swizzled TMA tiles and wgmma need).
  static constexpr int64_t kAlignSlack = 1024;

  /// Blocks of a cluster (1: none).
  int64_t clusterSize() const { return clusterM * clusterN; }
  int64_t threads() const {
    return (consumers + (warpSpecialized ? 1 : 0)) * kWarpgroupThreads;
  }
  /// Warpgroups that share one block tile (all consumers, or one when they
  /// ping-pong).
  int64_t tileWarpgroups() const { return pingpong ? 1 : consumers; }
  /// Warps that compute one K step (and release its ring slot).
  int64_t consumerWarps() const {
    return tileWarpgroups() * kWarpgroupThreads / 32;
  }
  /// Rows of the block tile owned by one warpgroup, and its m64 tiles.
  int64_t wgRows() const { return bm / tileWarpgroups(); }
  int64_t mTiles() const { return wgRows() / 64; }
  /// f32 accumulator registers per thread.
  int64_t accRegs() const { return mTiles() * bn / 2; }
  /// TF32: B is read K-major from its transposed copy (BN rows of BK per
  /// stage, one TMA box); f16/bf16 read row-major B in 64-column panels.
  /// (B stored N x K is read K-major whatever its type:
  /// WgmmaKernelEmitter::kMajorB.)
  bool kMajorB() const { return elemBytes == 4; }
  /// K of one wgmma (32 bytes of each row: k16 f16/bf16, k8 tf32).
  int64_t wgmmaK() const { return 32 / elemBytes; }
  int64_t panels() const { return bn / 64; }
  int64_t aStageBytes() const { return bm * bk * elemBytes; }
  int64_t panelBytes() const { return bk * 64 * elemBytes; }
  int64_t bStageBytes() const { return bk * bn * elemBytes; }
  int64_t stageBytes() const { return aStageBytes() + bStageBytes(); }
  /// Columns of C per TMA store box, and boxes per warpgroup tile row.
  int64_t storeBoxCols() const { return 128 / cElemBytes; }
  int64_t storeBoxes() const { return bn / storeBoxCols(); }
  /// The TMA-store staging buffers: storeBuffers boxes per consumer
  /// warpgroup.
  int64_t storeStagingBytes() const {
    return tmaStore ? consumers * storeBuffers * kStoreBoxBytes : 0;
  }
  /// Staging boxes a consumer warpgroup fills per tile.
  int64_t boxesPerTile() const { return mTiles() * storeBoxes(); }
  int64_t sharedBytes() const {
    return stages * stageBytes() + storeStagingBytes() + kAlignSlack;
  }
  /// mbarriers: full[s], empty[s], and with ping-pong turn[0..1].
  int64_t numBarriers() const { return 2 * stages + (pingpong ? 2 : 0); }

  std::string validate(const ChipInfo &chip) const;
  /// The plan as `#gemm_opt.wgmma_plan<...>` (threads and shared memory are
  /// the launch's block size and dynamic shared memory).
  WgmmaPlanAttr toAttr(MLIRContext *ctx) const;
  static WgmmaGemmPlan fromAttr(WgmmaPlanAttr attr);
  std::string str() const;
};

/// The operands of `problem` whose rows TMA cannot load directly (a row
/// stride that is not a multiple of 16 bytes; f32 inputs read B through its
/// transposed, padded copy, so only A's rows count), and why ("" when TMA
/// can load both).
struct TmaRowCheck {
  bool a = false, b = false;
  std::string why;
};
TmaRowCheck checkTmaRows(const GemmProblem &problem);

/// Whether TMA stores of C's tiles of `bm` rows stay inside `problem`'s
/// batch entries: always for a 2-D problem; a batched C's map stacks the
/// entries' rows, so a box past M would overwrite the next entry's.
bool tmaStoreStaysInEntry(const GemmProblem &problem, int64_t bm);

/// What a batched `problem` asks of `plan` (its tensor maps stack the batch
/// entries' rows, WgmmaKernelEmitter::createTensorMap): a batched B read as
/// K rows x N with K not a multiple of block-k goes through the padded
/// staging copy (plan.stageB, `padsB` set), which adds zero rows up to
/// whole K tiles (batchedKRowMultiple); TMA stores of C, which need whole
/// tiles of M, are turned off. Returns why the kernel cannot run it (""
/// when it can: always for a 2-D problem): that copy when `allowStaging`
/// is false, TMA stores when `forceTmaStore`.
std::string fitBatchedWgmmaPlan(const GemmProblem &problem,
                                WgmmaGemmPlan &plan, bool forceTmaStore,
                                bool allowStaging, bool &padsB);

/// What split-K (plan.splitK > 1) asks of `problem`: one matmul (not
/// batched: a unit's partial rows are its split's share of one M x N), a
/// static M, and at least as many K tiles as splits. "" when it may run
/// (always with plan.splitK == 1), else why not.
std::string checkWgmmaSplitK(const GemmProblem &problem,
                             const WgmmaGemmPlan &plan);

/// Whether the kernel reads B K-major (bn rows of bk per stage, one TMA
/// box): B stored N x K as it is, or TF32's transposed copy of B; otherwise
/// f16/bf16 read row-major B in 64-column panels.
inline bool readsBKMajor(const GemmProblem &problem,
                         const WgmmaGemmPlan &plan) {
  return problem.transposeB || plan.kMajorB();
}

/// Why `plan`'s block-n does not fit how `problem` reads B ("" when it
/// does): a multiple of 64 for B stored K x N, of 8 for K-major B.
std::string checkWgmmaBlockN(const GemmProblem &problem,
                             const WgmmaGemmPlan &plan);

/// What stream-K (plan.streamK) asks of `problem`: one matmul (its blocks
/// split the last wave of one matmul's tiles) of a static M, N and K (which
/// tiles split, and how, is fixed when it is compiled). "" when it may run,
/// else why not.
std::string checkWgmmaStreamK(const GemmProblem &problem,
                              const WgmmaGemmPlan &plan);

/// What swap-AB (plan.swapAB) asks of `problem`: one matmul of a static M
/// (the swapped kernel's columns are M), N and K, 16-bit inputs, A stored
/// M x K and B stored N x K (each then the K-major operand the other's
/// role reads, no copy), rows TMA loads as they are, C's rows N elements
/// apart. "" when it may run, else why not.
std::string checkWgmmaSwapAb(const GemmProblem &problem,
                             const WgmmaGemmPlan &plan);

/// What a cluster (plan.clusterM or plan.clusterN > 1) asks of `problem`
/// (the swapped one with plan.swapAB): one matmul of a static M whose tiles
/// in the cluster's direction come in whole clusters (ceil(M / bm) a
/// multiple of clusterM, ceil(N / bn) of clusterN). "" when it may run
/// (always without a cluster), else why not.
std::string checkWgmmaCluster(const GemmProblem &problem,
                              const WgmmaGemmPlan &plan);

/// The problem the swap-AB kernel computes: C^T = B A^T, M and N, A and B
/// exchanged (A stored M x K is B^T of the swapped problem). Its C is still
/// `problem`'s: the kernel stores it transposed.
GemmProblem swapGemmOperands(const GemmProblem &problem);

/// The fewest consumer registers (setmaxnreg) that the stream-K kernel of
/// `plan` for `problem` computes its tail with, 0 for any: with two
/// consumer warpgroups of 128 accumulator registers a thread and several
/// rounds of tail parts, 240.
int64_t streamKConsumerRegs(const GemmProblem &problem,
                            const WgmmaGemmPlan &plan);

/// Gives the stream-K kernel of `plan` the registers it needs
/// (streamKConsumerRegs) where the plan options leave them to the rung:
/// 24 for the producer and 240 for each of two consumers.
void fitStreamKRegisters(const GemmProblem &problem, WgmmaGemmPlan &plan);

/// The multiple that the padded copy of a batched B read as K rows x N
/// rounds its rows up to (block-k when K is not one), else 1.
int64_t batchedKRowMultiple(const GemmProblem &problem,
                            const WgmmaGemmPlan &plan);

/// Builds the wgmma kernel for `problem` and `plan` right before `before`
/// (with the host-side tensor maps of A and B) and returns the new launch.
/// The plan must have been validated. With plan.stageA / plan.stageB it
/// first builds the padded staging copies (scratch buffers and the copy
/// launch) and reads those operands through them; every other operand must
/// satisfy checkTmaRows. A TF32 plan (kMajorB) also allocates the
/// N x K f32 scratch buffer (a `memref.alloc` of the host function: a
/// manifest "scratch" buffer, its rows padded to 16 bytes) and launches the
/// transposing kernel (TransposedCopy.h) before the matmul kernel.
gpu::LaunchOp buildWgmmaGemmKernel(const GemmProblem &problem,
                                   const WgmmaGemmPlan &plan,
                                   Operation *before);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_WGMMA_WGMMAGEMM_H
