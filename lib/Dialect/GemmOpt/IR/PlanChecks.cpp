//===- PlanChecks.cpp - What a matmul plan must satisfy on any chip -------===//
//
// The chip-independent rules of the SIMT, mma and wgmma plans: the plan
// attributes' verifiers apply them, and so do the C++ plans' validate(chip)
// before checking the chip's limits (threads, shared memory, registers,
// instructions). Messages name the pass options that set each field.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"

using namespace mlir;
using namespace mlir::gemm_opt;

static std::string s(int64_t v) { return std::to_string(v); }

/// The first field below 1, as "name=value must be at least 1", or "".
static std::string
checkPositive(std::initializer_list<std::pair<const char *, int64_t>> fields) {
  for (auto [name, v] : fields)
    if (v < 1)
      return std::string(name) + "=" + s(v) + " must be at least 1";
  return "";
}

static bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

std::string mlir::gemm_opt::checkSimtPlan(
    int64_t aPad, bool aTransposed, int64_t bPad, int64_t bXor, int64_t bk,
    int64_t bm, int64_t bn, int64_t fragM, int64_t fragN, int64_t groupM,
    int64_t maxRegs, bool pipelineEdges, bool programmaticReduction,
    bool readOnly, bool registerPrefetch, int64_t splitK, bool stagedA,
    bool stagedB, int64_t stages, int64_t tm, int64_t tn, int64_t vector,
    bool warpTiled, int64_t wm, int64_t wn) {
  std::string why = checkPositive({{"block-m", bm}, {"block-n", bn},
                                   {"block-k", bk}, {"thread-m", tm},
                                   {"thread-n", tn}, {"warp-m", wm},
                                   {"warp-n", wn}, {"fragment-m", fragM},
                                   {"fragment-n", fragN}, {"stages", stages}});
  if (!why.empty())
    return why;
  if (bm % tm || bn % tn)
    return "block tile " + s(bm) + "x" + s(bn) +
           " is not divisible by the thread tile " + s(tm) + "x" + s(tn);
  if (tm * tn > 128)
    return "thread tile " + s(tm) + "x" + s(tn) +
           " needs more than 128 accumulator registers per thread";
  int64_t t = (bm / tm) * (bn / tn);
  if (t % 32)
    return s(t) + " threads per block is not a multiple of the warp size 32";
  if (wm % tm || wn % tn || (wm / tm) * (wn / tn) != 32)
    return "warp tile " + s(wm) + "x" + s(wn) + " with thread tile " + s(tm) +
           "x" + s(tn) + " does not give 32 lanes per warp";
  if (bm % wm || bn % wn)
    return "block tile " + s(bm) + "x" + s(bn) +
           " is not divisible by the warp tile " + s(wm) + "x" + s(wn);
  if (tm % fragM || tn % fragN)
    return "thread tile " + s(tm) + "x" + s(tn) +
           " is not divisible by the fragment " + s(fragM) + "x" + s(fragN);
  if ((bm * bk) % t || (bk * bn) % t)
    return "tiles A " + s(bm) + "x" + s(bk) + " and B " + s(bk) + "x" + s(bn) +
           " cannot be split evenly over " + s(t) + " threads";
  if (vector != 1 && vector != 4)
    return "vector width " + s(vector) + " must be 1 or 4";
  if (aPad < 0 || bPad < 0 || aPad > 32 || bPad > 32)
    return "shared-memory padding must be in [0, 32]";
  if (bXor != 0 && bXor != 1 && bXor != 3 && bXor != 7)
    return "B swizzle mask " + s(bXor) + " must be 0, 1, 3 or 7";
  if (bXor && (bn + bPad) % 32)
    return "the B swizzle needs shared rows of a multiple of 32 elements, got " +
           s(bn + bPad);
  if (stages > 8)
    return "stages=" + s(stages) + " must be at most 8";
  if (splitK < 1 || splitK > 64)
    return "split-k=" + s(splitK) + " must be in [1, 64]";
  if (registerPrefetch && stages > 1)
    return "register-prefetch is for one shared-memory stage (stages=" +
           s(stages) + " prefetches with cp.async)";
  return "";
}

std::string mlir::gemm_opt::checkMmaPlan(int64_t bk, int64_t bm, int64_t bn,
                                         int64_t elemBytes, int64_t groupM,
                                         int64_t maxRegs, int64_t stages,
                                         int64_t wm, int64_t wn) {
  std::string why =
      checkPositive({{"block-m", bm}, {"block-n", bn}, {"block-k", bk},
                     {"warp-m", wm}, {"warp-n", wn}, {"stages", stages}});
  if (!why.empty())
    return why;
  if (elemBytes != 2 && elemBytes != 4)
    return "mma.sync takes 2-byte (f16/bf16) or 4-byte (f32 as TF32) inputs, "
           "got " + s(elemBytes) + "-byte elements";
  if (wm % 16 || wn % 16)
    return "warp tile " + s(wm) + "x" + s(wn) +
           " must be made of 16x16 pieces (two m16n8 tiles per B ldmatrix)";
  if (bm % wm || bn % wn)
    return "block tile " + s(bm) + "x" + s(bn) +
           " is not divisible by the warp tile " + s(wm) + "x" + s(wn);
  if ((wm / 16) * (wn / 8) * 4 > 128)
    return "warp tile " + s(wm) + "x" + s(wn) +
           " needs more than 128 accumulator registers per thread";
  int64_t aChunksPerRow = bk * elemBytes / 16;
  if (bk % 16 || !isPow2(aChunksPerRow) || aChunksPerRow < 2 ||
      (aChunksPerRow > 8 && aChunksPerRow % 8))
    return "block-k=" + s(bk) +
           " must be a multiple of 16 giving a power-of-two number (>= 2) of "
           "16-byte chunks per row of A";
  if ((bn * elemBytes / 16) % 8)
    return "block-n=" + s(bn) + " must give a multiple of 8 16-byte chunks per "
           "row of B (" + s(128 / elemBytes) + " elements)";
  int64_t threads = (bm / wm) * (bn / wn) * 32;
  if ((bm * bk * elemBytes / 16) % threads ||
      (bk * bn * elemBytes / 16) % threads)
    return "tiles A " + s(bm) + "x" + s(bk) + " and B " + s(bk) + "x" + s(bn) +
           " cannot be split into 16-byte chunks evenly over " + s(threads) +
           " threads";
  if (stages < 2 || stages > 8)
    return "stages=" + s(stages) + " must be in [2, 8]";
  return "";
}

std::string mlir::gemm_opt::checkWgmmaPlan(
    int64_t bk, int64_t bm, int64_t bn, int64_t cElemBytes, int64_t clusterM,
    int64_t clusterN, int64_t consumerRegs, int64_t elemBytes, int64_t groupM,
    int64_t maxRegs, bool persistent, int64_t persistentBlocks, bool pingpong,
    int64_t producerRegs, int64_t splitK, bool stagedA, bool stagedB,
    int64_t stages, int64_t storeBuffers, bool streamK, bool swapAb,
    bool tmaStore, bool warpSpecialized, int64_t warpgroups) {
  std::string why =
      checkPositive({{"block-m", bm}, {"block-n", bn}, {"block-k", bk},
                     {"stages", stages}, {"warpgroups", warpgroups}});
  if (!why.empty())
    return why;
  if (elemBytes != 2 && elemBytes != 4)
    return "wgmma takes 2-byte (f16/bf16) or 4-byte (f32 as TF32) inputs, "
           "got " + s(elemBytes) + "-byte elements";
  if (warpgroups > 2)
    return "warpgroups=" + s(warpgroups) + " must be 1 or 2";
  if (bk * elemBytes != 128)
    return "block-k=" + s(bk) + " must be " + s(128 / elemBytes) +
           ": one 128-byte swizzle row of A per K tile";
  int64_t tileWarpgroups = pingpong ? 1 : warpgroups;
  if (bm % (64 * tileWarpgroups))
    return "block-m=" + s(bm) + " must give each of the " + s(tileWarpgroups) +
           " warpgroup(s) a multiple of 64 rows (wgmma is m64)";
  if (bm > 256)
    return "block-m=" + s(bm) + " exceeds 256, the largest TMA box";
  // wgmma's n takes any multiple of 8 up to 256. Rows of a K-major operand
  // (A swapped, B stored N x K, TF32's B^T) come in any such count; B read
  // in 64-column panels needs whole ones (checkWgmmaBlockN, which knows
  // the problem's layout).
  if (bn % 8 || bn > 256)
    return "block-n=" + s(bn) + " must be a multiple of 8 up to 256 " +
           (swapAb ? "with swap-ab=1 " : "") + "(wgmma n)";
  int64_t accRegs = bm / tileWarpgroups / 64 * bn / 2;
  if (accRegs > 128)
    return "each thread would hold " + s(accRegs) +
           " f32 accumulators (block " + s(bm) + "x" + s(bn) + " over " +
           s(tileWarpgroups) + " warpgroup(s)" +
           (pingpong ? ", ping-pong" : "") + "); at most 128";
  if (stages < 2 || stages > 8)
    return "stages=" + s(stages) + " must be in [2, 8]";
  if (persistent && !warpSpecialized)
    return "a persistent grid needs the warp-specialized kernel "
           "(warp-specialized=1)";
  if (tmaStore && !warpSpecialized)
    return "tma-store=1 needs the warp-specialized kernel "
           "(warp-specialized=1)";
  if (pingpong && !(warpSpecialized && persistent && warpgroups == 2))
    return "ping-pong consumers need the warp-specialized persistent kernel "
           "with 2 consumer warpgroups (warp-specialized=1 persistent=1 "
           "warpgroups=2)";
  if (storeBuffers < 2 || storeBuffers > kMaxWgmmaStoreBuffers)
    return "store-buffers=" + s(storeBuffers) + " must be in [2, " +
           s(kMaxWgmmaStoreBuffers) + "]";
  if (storeBuffers != 2 && !tmaStore)
    return "store-buffers=" + s(storeBuffers) +
           " stages C for TMA stores: it needs tma-store=1";
  if (cElemBytes != 2 && cElemBytes != 4)
    return "C elements of " + s(cElemBytes) + " bytes; expected 2 or 4";
  if (persistentBlocks < 1)
    return "persistent_blocks=" + s(persistentBlocks) + " must be at least 1";
  if (splitK < 1 || splitK > kMaxWgmmaSplitK)
    return "split-k=" + s(splitK) + " must be in [1, " + s(kMaxWgmmaSplitK) +
           "]";
  // The splits are work units of the warp-specialized kernel's tile loop;
  // their consumers share each tile and write f32 partials themselves.
  if (splitK > 1 && !(warpSpecialized && !pingpong && !tmaStore))
    return "split-k=" + s(splitK) +
           " needs the warp-specialized kernel with cooperative consumers "
           "and no TMA stores (warp-specialized=1 pingpong=0 tma-store=0)";
  // Stream-K splits the persistent grid's last wave along K: the
  // persistent kernel's tile loop, both consumers on each part, no K
  // splits of its own.
  if (streamK && !(warpSpecialized && persistent && !pingpong && splitK == 1))
    return "stream-k=1 needs the warp-specialized persistent kernel with "
           "cooperative consumers and no K splits (warp-specialized=1 "
           "persistent=1 pingpong=0 split-k=1)";
  // The swapped kernel stores C^T's tiles transposed from registers and
  // has no partials of its own.
  if (swapAb && (tmaStore || splitK > 1 || elemBytes != 2))
    return "swap-ab=1 needs 16-bit inputs, tma-store=0 and split-k=1";
  // Clusters share one operand's K tiles by TMA multicast between blocks
  // that walk their units in step: the persistent warp-specialized
  // kernel's tile loop, every block of a cluster on the same K tiles.
  for (auto [name, v] :
       {std::pair<const char *, int64_t>{"cluster-m", clusterM},
        {"cluster-n", clusterN}})
    if (v != 1 && v != 2 && v != 4)
      return std::string(name) + "=" + s(v) + " must be 1, 2 or 4";
  if (clusterM > 1 && clusterN > 1)
    return "cluster-m=" + s(clusterM) + " and cluster-n=" + s(clusterN) +
           ": at most one of them may exceed 1";
  if (int64_t cl = clusterM * clusterN; cl > 1) {
    if (!(warpSpecialized && persistent && splitK == 1 && !streamK))
      return "cluster-" + std::string(clusterM > 1 ? "m" : "n") + "=" + s(cl) +
             " needs the warp-specialized persistent kernel without K "
             "splits or stream-K (warp-specialized=1 persistent=1 split-k=1 "
             "stream-k=0)";
    if (persistentBlocks < cl)
      return "persistent_blocks=" + s(persistentBlocks) +
             " is fewer than a cluster of " + s(cl) + " blocks";
  }
  if (tmaStore && bn % (128 / cElemBytes))
    return "block-n=" + s(bn) + " with tma-store=1 must be a multiple of " +
           s(128 / cElemBytes) + ": whole 128-byte staging boxes of C";
  if (!warpSpecialized)
    return "";
  // ptxas ignores setmaxnreg (C7508) and serializes wgmma (C7520) unless
  // the kernel's register cap covers the rebalanced counts.
  for (auto [name, v] : {std::pair<const char *, int64_t>{"producer", producerRegs},
                         {"consumer", consumerRegs}})
    if (v < 24 || v > 256 || v % 8)
      return std::string(name) + " registers " + s(v) +
             " must be a multiple of 8 in [24, 256] (setmaxnreg)";
  if (maxRegs == 0)
    return "a warp-specialized kernel needs max-registers (nvvm.maxnreg) "
           "for setmaxnreg to take effect";
  int64_t threads = (warpgroups + 1) * 128;
  if ((producerRegs + consumerRegs * warpgroups) * 128 > maxRegs * threads)
    return "setmaxnreg to " + s(producerRegs) + " (producer) and " +
           s(consumerRegs) + " (consumers) needs more registers than " +
           s(threads) + " threads capped at max-registers=" + s(maxRegs) +
           " have";
  if (consumerRegs < accRegs + 40)
    return "consumer registers " + s(consumerRegs) + " leave too few next "
           "to " + s(accRegs) + " accumulators";
  return "";
}

std::string mlir::gemm_opt::checkGemvPlan(int64_t unroll, int64_t warps) {
  if (unroll < 1 || unroll > 8)
    return "unroll = " + std::to_string(unroll) + " must be in [1, 8]";
  if (warps < 1 || warps > 32)
    return "warps = " + std::to_string(warps) + " must be in [1, 32]";
  return "";
}

std::string mlir::gemm_opt::checkSwapAbPlan(int64_t kWarps, int64_t rowTiles,
                                            int64_t unroll) {
  // Each warp keeps 4 accumulators per (16 rows of B, 8 rows of A) and 8
  // registers of B per 16 rows per step in flight: 4 row tiles and 8 steps
  // are where 255 registers stop sufficing at M = 64.
  if (kWarps < 1 || kWarps > 16)
    return "k_warps = " + std::to_string(kWarps) + " must be in [1, 16]";
  if (rowTiles < 1 || rowTiles > 4)
    return "row_tiles = " + std::to_string(rowTiles) + " must be in [1, 4]";
  if (unroll < 1 || unroll > 8)
    return "unroll = " + std::to_string(unroll) + " must be in [1, 8]";
  return "";
}
