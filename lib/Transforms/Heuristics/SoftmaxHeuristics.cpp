//===- SoftmaxHeuristics.cpp - Choosing softmax kernel plans --------------===//
//
// Softmax is bandwidth-bound (seed 002): a plan is good when every byte is
// read once, accesses are wide and coalesced, each thread has several loads
// in flight, and the grid fills the GPU. These functions only choose numbers;
// SoftmaxKernels.cpp builds whatever they choose.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"
#include "gemm-opt/Support/Debug.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

#define DEBUG_TYPE "gemm-opt-heuristics"

using namespace mlir;
using namespace mlir::gemm_opt;

static int64_t elemBytes(Type t) { return t.isF32() ? 4 : 2; }

static int64_t pow2Ceil(int64_t v) {
  return static_cast<int64_t>(llvm::PowerOf2Ceil(std::max<int64_t>(v, 1)));
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// 32-bit registers of an SM (sm_70 to sm_90).
constexpr int64_t kRegistersPerSm = 65536;
/// Registers a cluster-plan thread needs besides its slice of the row
/// (addresses, the (max, sum) pair, loop and shuffle temporaries).
constexpr int64_t kClusterFixedRegisters = 16;
/// Default cluster plans: threads per block and blocks sharing an SM.
constexpr int64_t kSharedSmThreads = 256;
constexpr int64_t kSharedSmBlocks = 3;

static int64_t pow2Floor(int64_t v) {
  int64_t p = 1;
  while (p * 2 <= v)
    p *= 2;
  return p;
}

int64_t mlir::gemm_opt::chooseVectorWidth(int64_t cols, int64_t bytes) {
  int64_t v = 16 / bytes;
  while (v > 1 && cols % v != 0)
    v /= 2;
  return v;
}

/// Threads for a strided sweep over a row: a power of two, at least a warp,
/// no more than the row needs or `blockThreads`.
static int64_t sweepThreads(int64_t cols, int64_t blockThreads) {
  int64_t limit = (
      pow2Floor(std::clamp<int64_t>(blockThreads, 32, 1024)));
  return std::clamp<int64_t>(pow2Ceil(cols), 32, limit);
}

SoftmaxPlan mlir::gemm_opt::chooseThreePassPlan(const SoftmaxProblem &p,
                                                int64_t blockThreads) {
  SoftmaxPlan plan;
  plan.algo = SoftmaxAlgo::ThreePass;
  plan.threadsPerRow = sweepThreads(p.cols, blockThreads);
  plan.reduce = SoftmaxReduce::SharedTree;
  return plan;
}

SoftmaxPlan mlir::gemm_opt::chooseFusedPlan(const SoftmaxProblem &p,
                                            int64_t blockThreads) {
  SoftmaxPlan plan = chooseThreePassPlan(p, blockThreads);
  plan.algo = SoftmaxAlgo::Fused;
  return plan;
}

/// Where a row too long for registers goes, and the streaming loop's unroll.
static void planStreaming(SoftmaxPlan &plan, const SoftmaxProblem &p,
                          const SoftmaxLimits &limits) {
  plan.threadsPerRow = pow2Floor((
      std::clamp<int64_t>(limits.maxThreads, 32, 1024)));
  plan.rowsPerBlock = 1;
  // Two vector loads in flight per thread and iteration.
  plan.chunks = 2;
  plan.storage = p.cols * elemBytes(p.xType) <= limits.maxSharedBytes
                     ? SoftmaxStorage::Shared
                     : SoftmaxStorage::Reread;
}

/// A column count known at run time: a block per row streams it twice
/// (the read sweep, then the write sweep reading X again) with scalar
/// accesses (rows of any length start at any element), four loads in
/// flight per thread and iteration, whatever the length.
static SoftmaxPlan chooseDynamicColumnsPlan(const SoftmaxProblem &p,
                                            const SoftmaxLimits &limits,
                                            SoftmaxReduce reduce) {
  SoftmaxPlan plan;
  plan.algo = SoftmaxAlgo::Online;
  plan.reduce = reduce;
  plan.vectorWidth = 1;
  planStreaming(plan, p, limits);
  plan.storage = SoftmaxStorage::Reread;
  plan.chunks = 4;
  GEMM_OPT_DBG() << "softmax: a dynamic column count: " << plan.str() << "\n";
  return plan;
}

SoftmaxPlan mlir::gemm_opt::chooseBlockPerRowPlan(const SoftmaxProblem &p,
                                                  const SoftmaxLimits &limits,
                                                  bool vectorize) {
  if (p.colsRuntime)
    return chooseDynamicColumnsPlan(p, limits,
                                    vectorize ? SoftmaxReduce::Shuffle
                                              : SoftmaxReduce::SharedTree);
  SoftmaxPlan plan;
  plan.algo = SoftmaxAlgo::Online;
  plan.reduce = vectorize ? SoftmaxReduce::Shuffle : SoftmaxReduce::SharedTree;
  plan.vectorWidth = vectorize ? chooseVectorWidth(p.cols, elemBytes(p.xType)) : 1;
  int64_t vecs = p.cols / plan.vectorWidth;
  // About four accesses per thread, a warp at least, a block at most.
  int64_t maxThreads = (
      pow2Floor(std::clamp<int64_t>(limits.maxThreads, 32, 1024)));
  plan.threadsPerRow = std::clamp<int64_t>(pow2Ceil(ceilDiv(vecs, 4)), 32,
                                           maxThreads);
  plan.chunks = ceilDiv(vecs, plan.threadsPerRow);
  plan.storage = SoftmaxStorage::Registers;
  if (plan.chunks * plan.vectorWidth > limits.maxRegisterElems)
    planStreaming(plan, p, limits);
  return plan;
}

static SoftmaxPlan chooseBlockRowsPlan(const SoftmaxProblem &p,
                                       const SoftmaxLimits &limits,
                                       int64_t targetBlockThreads);

/// Whether long f16 rows keep raw 16-bit values in registers (see
/// chooseRowsPlan): 16-byte f16 vectors and a share of the row that needs
/// a full block or more.
static bool packsF16(const SoftmaxProblem &p, int64_t vectorWidth,
                     int64_t threads, int64_t maxThreads) {
  return p.xType.isF16() && vectorWidth == 8 && threads >= maxThreads;
}

std::optional<SoftmaxPlan>
mlir::gemm_opt::chooseClusterPlan(const SoftmaxProblem &p,
                                  const SoftmaxLimits &limits,
                                  int64_t clusterSize, int64_t pipelineRows,
                                  int64_t blockThreads, int64_t blocksPerSm) {
  SoftmaxPlan plan;
  plan.algo = SoftmaxAlgo::Online;
  plan.reduce = SoftmaxReduce::Shuffle;
  plan.storage = SoftmaxStorage::Registers;
  plan.clusterSize = clusterSize;
  plan.pipelineRows = std::max<int64_t>(pipelineRows, 1);
  plan.rowsPerBlock = 1;
  plan.vectorWidth = chooseVectorWidth(p.cols, elemBytes(p.xType));
  int64_t maxThreads =
      pow2Floor(std::clamp<int64_t>(limits.maxThreads, 32, 1024));
  // A pipelined thread holds two rows' slices at once: half the budget each.
  const int64_t live = plan.pipelineRows > 1 ? 2 : 1;
  int64_t sliceVecs = ceilDiv(p.cols / plan.vectorWidth, clusterSize);
  if (blockThreads > 0) {
    int64_t threads = std::clamp<int64_t>(pow2Floor(blockThreads), 32,
                                          maxThreads);
    int64_t chunks = ceilDiv(sliceVecs, threads);
    int64_t elems = chunks * plan.vectorWidth;
    // Registers of row data per thread; f16 16-byte vectors can stay
    // packed: half the registers.
    auto dataRegs = [&](bool packed) {
      return live * (packed ? elems / 2 : elems);
    };
    bool packable = p.xType.isF16() && plan.vectorWidth == 8;
    // Unpacked when the slice fits, else packed when that fits.
    auto choosePacking = [&](auto fits) -> std::optional<bool> {
      if (fits(false))
        return false;
      if (packable && fits(true))
        return true;
      return std::nullopt;
    };
    plan.threadsPerRow = threads;
    plan.chunks = chunks;
    // A Y wider than X (f16 read, f32 written) is stored in twice the
    // accesses from twice the bytes: at 16 x 131072 f16 -> f32 the 80
    // registers of three blocks per SM spilled 64 bytes with 16.
    const int64_t fixedRegs =
        kClusterFixedRegisters +
        (elemBytes(p.yType) > elemBytes(p.xType) ? 16 : 0);
    if (blocksPerSm > 0) {
      // Several blocks per SM: the register cap that lets them share it
      // decides whether the slice fits.
      int64_t cap = std::min<int64_t>(
          255, kRegistersPerSm / (blocksPerSm * threads) / 8 * 8);
      std::optional<bool> packed = choosePacking(
          [&](bool asPacked) { return dataRegs(asPacked) + fixedRegs <= cap; });
      if (!packed)
        return std::nullopt;
      plan.packed = *packed;
      plan.maxRegisters = cap;
      return plan;
    }
    // A fixed block: its threads may use 1024 / T times the registers of a
    // thread of a full block (at most 4x: 255 registers).
    int64_t budget = limits.maxRegisterElems *
                     std::clamp<int64_t>(maxThreads / threads, 1, 4);
    std::optional<bool> packed = choosePacking(
        [&](bool asPacked) { return dataRegs(asPacked) <= budget; });
    if (!packed)
      return std::nullopt;
    plan.packed = *packed;
    // A pipelined block smaller than 1024 threads whose slices take at
    // most half of what a thread has when two blocks share an SM (32
    // registers at 512 threads) gets the register cap that lets them, so
    // one block's loads also overlap the other's reduction and stores.
    int64_t twoBlocksRegs = kRegistersPerSm / (2 * threads);
    auto twoBlocks = [&](bool packed) {
      return plan.pipelineRows > 1 && threads < maxThreads &&
             2 * dataRegs(packed) <= twoBlocksRegs;
    };
    if (packable && !twoBlocks(false) && twoBlocks(true))
      plan.packed = true;
    if (twoBlocks(plan.packed))
      plan.maxRegisters = std::min<int64_t>(twoBlocksRegs, 255);
    return plan;
  }
  // Each block's slice as a row of its own: as few threads as keep it in
  // registers (whole warps: the cluster combine shuffles), packed f16 where
  // a block's f32 registers would not do.
  int64_t vecsPerThread = std::max<int64_t>(
      1, limits.maxRegisterElems / live / plan.vectorWidth);
  int64_t threads = pow2Ceil(ceilDiv(sliceVecs, vecsPerThread));
  if (packsF16(p, plan.vectorWidth, threads, maxThreads)) {
    plan.packed = true;
    vecsPerThread = std::max<int64_t>(1, 2 * limits.maxRegisterElems / live /
                                             plan.vectorWidth);
    threads = pow2Ceil(ceilDiv(sliceVecs, vecsPerThread));
  }
  if (threads > maxThreads)
    return std::nullopt;
  plan.threadsPerRow = std::max<int64_t>(threads, 32);
  plan.chunks = ceilDiv(sliceVecs, plan.threadsPerRow);
  return plan;
}

/// The exp flavour: options first, else ftz for the cluster plans. On the
/// H200 at 1024x131072 (benchmarks/results/2026-11-30-sweeps-s3/
/// softmax-pipeline) ex2.approx.ftz.f32, one MUFU instruction against the
/// non-ftz form's extra denormal handling, took the cluster plan from
/// 87.6% to 90.3% of copy bandwidth in f32 and from 75.0% to 81.5% in f16.
/// It flushes exp results below 2^-126 to zero: terms that small against
/// a row sum of at least 1 change no output by more than that. The other
/// plans keep the exact form (96-98% of copy already, as measured).
static void applyFtz(SoftmaxPlan &plan, const SoftmaxClusterOptions &o) {
  plan.ftzExp = o.ftzExp < 0 ? plan.clusterSize > 1 || plan.pipelineRows > 1
                             : o.ftzExp == 1;
}

static FailureOr<SoftmaxPlan>
chooseRowsPlanImpl(Operation *at, const SoftmaxProblem &p,
                   const SoftmaxLimits &limits, int64_t targetBlockThreads,
                   const SoftmaxClusterOptions &cluster);

FailureOr<SoftmaxPlan> mlir::gemm_opt::chooseRowsPlan(
    Operation *at, const SoftmaxProblem &p, const SoftmaxLimits &limits,
    int64_t targetBlockThreads, const SoftmaxClusterOptions &cluster) {
  if (p.colsRuntime)
    return chooseDynamicColumnsPlan(p, limits, SoftmaxReduce::Shuffle);
  FailureOr<SoftmaxPlan> plan =
      chooseRowsPlanImpl(at, p, limits, targetBlockThreads, cluster);
  if (succeeded(plan)) {
    applyFtz(*plan, cluster);
    GEMM_OPT_DBG() << "softmax-rows: " << p.rows << "x" << p.cols << ": "
                   << (plan->clusterSize > 1
                           ? "a row too long for one block's registers: a "
                             "cluster"
                       : plan->threadsPerRow < 32 ? "short rows: several per "
                                                    "warp"
                       : plan->threadsPerRow == 32 ? "a warp per row"
                                                   : "several warps per row")
                   << "; plan " << plan->str() << "\n";
  }
  return plan;
}

static FailureOr<SoftmaxPlan>
chooseRowsPlanImpl(Operation *at, const SoftmaxProblem &p,
                   const SoftmaxLimits &limits, int64_t targetBlockThreads,
                   const SoftmaxClusterOptions &cluster) {
  // Pipelined cluster plans only when asked for (pipeline-rows): on the
  // H200 they ran at 41-69% of copy bandwidth at 1024x131072 against the
  // plain cluster plan's 81% (f16) / 90% (f32)
  // (results/2026-11-30-sweeps-s3/softmax-pipeline).
  const int64_t rowsPerCluster =
      cluster.pipelineRows > 0 ? cluster.pipelineRows : 1;
  if (cluster.clusterSize > 1) {
    std::optional<SoftmaxPlan> plan =
        chooseClusterPlan(p, limits, cluster.clusterSize, rowsPerCluster,
                          cluster.blockThreads, cluster.blocksPerSm);
    if (!plan) {
      InFlightDiagnostic diag = at->emitError()
                                << "cluster-size=" << cluster.clusterSize
                                << ": a row of " << p.cols
                                << " elements does not fit in the registers of "
                                << cluster.clusterSize << " blocks";
      if (rowsPerCluster > 1)
        diag << " (pipeline-rows=" << rowsPerCluster
             << ": two rows' slices per thread)";
      return diag;
    }
    return *plan;
  }
  SoftmaxPlan plan = chooseBlockRowsPlan(p, limits, targetBlockThreads);
  if (cluster.clusterSize == 1 || plan.storage == SoftmaxStorage::Registers)
    return plan;
  // Too long for one block's registers: split the row over the fewest
  // blocks of a cluster (at most 8, the portable cluster size) whose
  // registers hold it, each block reading its slice once, instead of
  // shared memory and re-reading. Few rows: more blocks per row, until the
  // grid covers every block slot of every SM.
  const int64_t clusters = ceilDiv(p.rows, rowsPerCluster);
  auto fewestBlocks =
      [&](int64_t threads, int64_t blocksPerSm) -> std::optional<SoftmaxPlan> {
    const int64_t slots = cluster.smCount * std::max<int64_t>(blocksPerSm, 1);
    for (int64_t size = 2; size <= 8; ++size) {
      std::optional<SoftmaxPlan> clustered = chooseClusterPlan(
          p, limits, size, rowsPerCluster, threads, blocksPerSm);
      if (!clustered)
        continue;
      while (size < 8 && clusters * size < slots) {
        std::optional<SoftmaxPlan> larger = chooseClusterPlan(
            p, limits, size + 1, rowsPerCluster, threads, blocksPerSm);
        if (!larger)
          break;
        clustered = larger;
        ++size;
      }
      return clustered;
    }
    return std::nullopt;
  };
  // By default, blocks of 256 threads, three per SM (80 registers each),
  // so that one block's loads overlap the others' reductions and stores: a
  // 1024-thread block per SM alternates those phases with nothing to
  // overlap them. On the H200 at 1024x131072 (results/2026-11-30-softmax-
  // blocks, -ladder-s5-softmax*): f16 81.6% -> 91.2% of copy bandwidth (a
  // cluster of 4, 16 packed vectors per thread), f32 90.2% -> 92.6% (a
  // cluster of 8).
  if (rowsPerCluster == 1 && cluster.blockThreads == 0 &&
      cluster.blocksPerSm == 0)
    if (std::optional<SoftmaxPlan> shared =
            fewestBlocks(kSharedSmThreads, kSharedSmBlocks))
      return *shared;
  if (std::optional<SoftmaxPlan> clustered =
          fewestBlocks(cluster.blockThreads, cluster.blocksPerSm))
    return *clustered;
  // No cluster of 8 holds two rows' slices: the plain cluster plan.
  if (rowsPerCluster > 1) {
    SoftmaxClusterOptions single = cluster;
    single.pipelineRows = 1;
    return chooseRowsPlanImpl(at, p, limits, targetBlockThreads, single);
  }
  return plan;
}

/// softmax-rows without clusters: at most a block per row.
static SoftmaxPlan chooseBlockRowsPlan(const SoftmaxProblem &p,
                                       const SoftmaxLimits &limits,
                                       int64_t targetBlockThreads) {
  SoftmaxPlan plan;
  plan.algo = SoftmaxAlgo::Online;
  plan.reduce = SoftmaxReduce::Shuffle;
  plan.vectorWidth = chooseVectorWidth(p.cols, elemBytes(p.xType));
  int64_t vecs = p.cols / plan.vectorWidth;
  int64_t maxThreads = (
      pow2Floor(std::clamp<int64_t>(limits.maxThreads, 32, 1024)));
  int64_t target = std::clamp<int64_t>(
      pow2Floor((
          std::max<int64_t>(targetBlockThreads, 32))),
      32, maxThreads);
  // As few threads per row as keep each thread's share within the register
  // budget: the most bytes in flight per thread, the cheapest reduction
  // (sub-warp or one warp: shuffles only, no barrier).
  int64_t vecsPerThread =
      std::max<int64_t>(1, limits.maxRegisterElems / plan.vectorWidth);
  int64_t threads = pow2Ceil(ceilDiv(vecs, vecsPerThread));
  // Long rows of f16 (a full block per row or more): keep the raw 16-bit
  // values in registers (a vector of 8 in 4 registers), so a thread holds
  // twice the elements and has twice the 16-byte loads in flight. Shorter
  // rows keep the widened f32 registers (already near bandwidth). Not bf16:
  // ptxas merges its (integer) widenings before and after the reduction
  // into f32 copies live across it, 127 registers at 512 threads.
  int64_t bytes = elemBytes(p.xType);
  if (packsF16(p, plan.vectorWidth, threads, maxThreads)) {
    plan.packed = true;
    vecsPerThread = std::max<int64_t>(1, 2 * limits.maxRegisterElems /
                                             plan.vectorWidth);
    threads = pow2Ceil(ceilDiv(vecs, vecsPerThread));
  }
  if (threads > maxThreads) {
    // Longer than a block's registers hold. A row that fits in shared
    // memory goes there whole (one read).
    int64_t chunkElems = maxThreads * plan.vectorWidth;
    int64_t chunkBytes = chunkElems * bytes;
    int64_t total = p.cols / chunkElems;
    if (p.cols * bytes <= limits.maxSharedBytes ||
        p.cols % chunkElems != 0 || total <= vecsPerThread) {
      plan.packed = false;
      planStreaming(plan, p, limits);
      return plan;
    }
    // Else hybrid: a block's registers hold the first vecsPerThread chunks,
    // shared memory as many next chunks as fit, and only the rest is read
    // twice (instead of the whole row).
    plan.storage = SoftmaxStorage::Hybrid;
    plan.threadsPerRow = maxThreads;
    plan.rowsPerBlock = 1;
    plan.chunks = vecsPerThread;
    int64_t rest = total - vecsPerThread;
    int64_t shared = std::min(rest, limits.maxSharedBytes / chunkBytes);
    // Two vector loads in flight per thread and iteration where both
    // streamed parts split evenly, else one.
    plan.streamChunks = 2;
    if (shared % 2 != 0 && shared < rest)
      --shared;
    if (shared % 2 != 0 || (rest - shared) % 2 != 0)
      plan.streamChunks = 1;
    plan.sharedChunks = shared;
    return plan;
  }
  plan.threadsPerRow = threads;
  plan.chunks = ceilDiv(vecs, threads);
  plan.storage = SoftmaxStorage::Registers;
  // Short rows: pack rows into a block of `target` threads (several rows
  // per warp when threads < 32), but keep enough blocks to fill the GPU
  // (4 blocks per SM is plenty).
  int64_t rowsPerBlock = std::max<int64_t>(1, target / threads);
  while (rowsPerBlock > 1 && threads * rowsPerBlock > 32 &&
         ceilDiv(p.rows, rowsPerBlock) < 4 * limits.numSMs)
    rowsPerBlock /= 2;
  // A block must be whole warps, so that every lane of a shuffle is there.
  while (threads * rowsPerBlock < 32)
    rowsPerBlock *= 2;
  plan.rowsPerBlock = rowsPerBlock;
  return plan;
}

FailureOr<SoftmaxClusterOptions> mlir::gemm_opt::makeSoftmaxClusterOptions(
    Operation *at, const ChipInfo &chip, int64_t clusterSize, int64_t smCount,
    int64_t pipelineRows, int64_t blockThreads, int64_t ftzExp,
    int64_t blocksPerSm) {
  if (clusterSize < 0 || clusterSize > 8 || (smCount < 1 && smCount != -1))
    return at->emitError("invalid options: need 0 <= cluster-size <= 8 "
                         "(0: chosen by the heuristics, 1: no cluster) and "
                         "sm-count >= 1 (-1: the chip's)");
  if (clusterSize > 1 && !chip.hasSm90Features())
    return at->emitError("cluster-size=")
           << clusterSize << " needs thread-block clusters (sm_90 or later); "
           << "chip " << chip.name << " has none";
  // Below sm_90 a row gets at most one block.
  if (!chip.hasSm90Features())
    clusterSize = 1;
  if (pipelineRows < 0 || ftzExp < -1 || ftzExp > 1 ||
      (blockThreads != 0 &&
       (blockThreads < 32 || blockThreads > 1024 ||
        !llvm::isPowerOf2_64(static_cast<uint64_t>(blockThreads)))))
    return at->emitError("invalid options: need pipeline-rows >= 0, "
                         "cluster-threads 0 or a power of two in 32..1024, "
                         "-1 <= exp-ftz <= 1");
  // An SM runs at most 32 blocks and 2048 threads (sm_80 to sm_90).
  if (blocksPerSm < 0 || blocksPerSm > 32 ||
      (blocksPerSm > 0 &&
       (blockThreads == 0 || blocksPerSm * blockThreads > 2048)))
    return at->emitError("invalid options: cluster-blocks-per-sm needs "
                         "cluster-threads, at most 32 blocks and 2048 "
                         "threads per SM in all");
  SoftmaxClusterOptions options;
  options.clusterSize = clusterSize;
  options.smCount = smCount == -1 ? chip.numSMs : smCount;
  options.pipelineRows = pipelineRows;
  options.blockThreads = blockThreads;
  options.ftzExp = ftzExp;
  options.blocksPerSm = blocksPerSm;
  return options;
}

FailureOr<SoftmaxLimits> mlir::gemm_opt::makeSoftmaxLimits(
    Operation *at, const ChipInfo &chip, int64_t maxThreads,
    int64_t maxRegisterElems, int64_t maxSharedBytes) {
  if (maxThreads < 32 || maxThreads > 1024 || maxRegisterElems < 1 ||
      maxSharedBytes < 0)
    return at->emitError("invalid options: need 32 <= max-threads <= 1024, "
                         "max-register-elems >= 1, max-shared-bytes >= 0");
  SoftmaxLimits limits;
  limits.maxThreads = maxThreads;
  limits.maxRegisterElems = maxRegisterElems;
  // The reduction slots follow a shared-memory row in the same allocation:
  // at most two f32 per thread of a 1024-thread block.
  limits.maxSharedBytes =
      std::min(maxSharedBytes, chip.maxSharedBytesPerBlock - 2 * 4 * 1024);
  limits.numSMs = chip.numSMs;
  return limits;
}
