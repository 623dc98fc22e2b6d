//===- TensorCoreHeuristics.cpp - mma and wgmma plans per shape and chip -===//
//
// The default plans of the tensor-core rungs (mma.sync, wgmma), when the
// wgmma rung stages unaligned operands, and when it writes C through TMA
// stores. Each choice cites the H200 measurement it comes from
// (benchmarks/results). The SIMT rungs' defaults are in GemmHeuristics.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Support/TuningDb.h"
#include "gemm-opt/Support/WgmmaScheduleLimits.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"

#define DEBUG_TYPE "gemm-opt-heuristics"

using namespace mlir;
using namespace mlir::gemm_opt;

/// Says (debug output, and `why` when given) why a small-M kernel is not
/// taken for `p`.
static void declineSmallM(StringRef kernel, const GemmProblem &p,
                          const std::string &reason, std::string *why) {
  GEMM_OPT_DBG() << kernel << ": not for " << p.m << "x" << p.n << "x" << p.k
                 << ": " << reason << "\n";
  if (why)
    *why = reason;
}

std::optional<GemvGemmPlan> mlir::gemm_opt::chooseGemvPlan(const GemmProblem &p,
                                                           std::string *why,
                                                           bool force) {
  // At decode a tensor-core tile computes mostly padding and its few blocks
  // leave SMs idle, while the time that matters is B's stream from memory
  // (issue 17: 1x8192x28672 bf16 took 290 us on the wgmma kernel against
  // cuBLAS's 132 and a 110 us floor). The weight-streaming kernel reads B
  // once: 113 us there (results/2026-12-02-decode). Its accumulators take
  // 4 registers per row of A per 16 bytes in flight, so fewer rows allow
  // more chunks in flight.
  std::string reason = whyNotGemv(p);
  // The swap-AB kernel's 16-row tiles of B share each load of A among
  // every row, while this kernel reads all M rows of A per column: at
  // M = 3 (16-bit, B N x K) swap-AB takes 39-45 us against 45-53 on the
  // layers at N = 5120..15360 and ties elsewhere; at M = 2 neither wins
  // every layer (results/2026-12-04-gemv-rows).
  if (reason.empty() && !force && p.m > kGemvPreferredMaxRows &&
      whyNotSwapAb(p).empty())
    reason = "M = " + std::to_string(p.m) + " is more than " +
             std::to_string(kGemvPreferredMaxRows) +
             " rows, where the swap-AB kernel streams B faster";
  if (!reason.empty()) {
    declineSmallM("gemv", p, reason, why);
    return std::nullopt;
  }
  GemvGemmPlan plan;
  plan.unroll = p.m <= 2 ? 4 : 2;
  GEMM_OPT_DBG() << "gemv: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << plan.str() << "\n";
  return plan;
}

std::optional<SwapAbGemmPlan>
mlir::gemm_opt::chooseSwapAbPlan(const GemmProblem &p, int64_t numSMs,
                                 std::string *why, bool force) {
  std::string reason = whyNotSwapAb(p);
  int64_t mostRows = p.transposeB ? kSwapAbHeuristicMaxRowsNT
                                   : kSwapAbHeuristicMaxRowsNN;
  if (reason.empty() && !force && p.m > mostRows)
    reason = "M = " + std::to_string(p.m) + " is more than " +
             std::to_string(mostRows) +
             " rows, where tensor-core tiles of A's rows are faster";
  if (!reason.empty()) {
    declineSmallM("swap-AB", p, reason, why);
    return std::nullopt;
  }
  // Measured on the H200 (bf16, results/2026-12-02-small-m-variants,
  // against cuBLAS): 8 warps splitting K and 2 steps in flight per warp
  // are best. With B stored N x K one row tile per block up to M = 16
  // (8x8192x8192: 96.7%, 8x28672x8192: 94.9%; 4 row tiles 75-87%: fewer,
  // longer blocks leave the last wave's SMs idle) and two above (M = 32:
  // 75% against 52-66% for one or four). With B stored K x N a lane's
  // load of a row of B is 4 bytes per row tile, and 16-byte loads win:
  // 8x28672x8192 99.4% with four row tiles and one step in flight, 89%
  // with two, 60-72% with one; so the most row tiles that still give every
  // SM a block, at most two above M = 16 (M = 32: 72% against 66%).
  SwapAbGemmPlan plan;
  plan.kWarps = 8;
  plan.unroll = 2;
  if (p.transposeB) {
    plan.rowTiles = p.m <= 16 ? 1 : 2;
  } else {
    plan.rowTiles = 1;
    int64_t most = std::min<int64_t>(largestSwapAbRowTiles(p), p.m <= 16 ? 4 : 2);
    for (int64_t r = most; r > 1; r /= 2)
      if (ceilDiv(p.n, 16 * r) >= numSMs) {
        plan.rowTiles = r;
        break;
      }
    if (plan.rowTiles == 4)
      plan.unroll = 1;
  }
  GEMM_OPT_DBG() << "swap-AB: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << plan.str() << "\n";
  return plan;
}

MmaGemmPlan mlir::gemm_opt::chooseMmaPlan(const GemmProblem &p,
                                          const ChipInfo &chip) {
  // Measured on the H200 (benchmarks/results/2026-11-30-mma-sweep): mma.sync
  // kernels are bound by shared-memory reads, so the warp tile decides: 64x64
  // warp tiles (4 ldmatrix.x4 of A and 4 of B feed 32 mma.sync per k-step)
  // beat 64x32 ones by 15-20%. Grids with at least two blocks per SM take
  // 128x256 blocks of 8 such warps with BK = 64 in 3 stages (144 KB, one
  // block per SM; 4096^3 f16: 0.305 ms against 0.384 for 128x128 blocks of
  // 64x32 warps); smaller grids 128x128 blocks of 4 warps of 64x64 (BK = 32,
  // 4 stages, 64 KB: two blocks per SM). TF32 (4-byte elements) uses BK = 16
  // with the same shapes, so a stage holds the same bytes. Grids of 128x128
  // tiles that leave SMs idle (1000x999x777: 64 blocks on 132 SMs) take
  // 64x128 blocks of 8 warps of 32x32, and 64x64 blocks of 4 such warps when
  // even those do not fill the SMs; unaligned rows 128x128 blocks of 8 warps
  // of 64x32.
  MmaGemmPlan plan;
  plan.elemBytes = p.aType.isF32() ? 4 : 2;
  plan.groupM = 8;
  auto blocks = [&](int64_t bm, int64_t bn) {
    return ceilDiv(p.m, bm) * ceilDiv(p.n, bn);
  };
  int64_t bytesPerK = plan.elemBytes == 2 ? 1 : 2; // BK scale: 16-bit = 1
  // Rows that are not 16-byte aligned (4097^3) are staged by guarded scalar
  // loads, which need registers of their own: 64x64 warp tiles spill there.
  int64_t chunk = 16 / plan.elemBytes;
  bool alignedRows = p.k % chunk == 0 && p.n % chunk == 0;
  if (blocks(128, 128) < chip.numSMs) {
    plan.bm = 64;
    plan.bn = blocks(64, 128) < chip.numSMs ? 64 : 128;
    plan.wm = plan.wn = 32;
    plan.bk = 32 / bytesPerK;
    plan.stages = 4;
    plan.groupM = 0;
  } else if (!alignedRows) {
    plan.bm = plan.bn = 128;
    plan.wm = 64;
    plan.wn = 32;
    plan.bk = 32 / bytesPerK;
    plan.stages = 4;
  } else {
    plan.bm = plan.bn = 128;
    plan.wm = plan.wn = 64;
    plan.bk = 32 / bytesPerK;
    plan.stages = 4;
    // 128x256 blocks where the chip's shared memory holds their stages
    // (144 KB in f16: not on the 99 KB of sm_86 / sm_89, which keep the
    // 64 KB 128x128 plan).
    MmaGemmPlan large = plan;
    large.bn = 256;
    large.bk = plan.elemBytes == 2 ? 64 : 16;
    large.stages = plan.elemBytes == 2 ? 3 : 4;
    // Not where N fits one 128-column block: the wider block would only
    // add columns of padding (and, at 16777216x72x40, spill registers).
    if (p.n > 128 && blocks(128, 256) >= 2 * chip.numSMs &&
        large.sharedBytes() <= chip.maxSharedBytesPerBlock)
      plan = large;
  }
  // Any plan the chip's shared memory cannot hold loses stages (2 at least).
  while (plan.stages > 2 && plan.sharedBytes() > chip.maxSharedBytesPerBlock)
    --plan.stages;
  GEMM_OPT_DBG() << "mma: " << p.m << "x" << p.n << "x" << p.k << " on "
                 << chip.name << ": "
                 << (blocks(128, 128) < chip.numSMs
                         ? "128x128 tiles leave SMs idle: 64-row tiles"
                     : !alignedRows ? "unaligned rows: 64x32 warp tiles"
                                    : "aligned, enough tiles: 64x64 warps")
                 << "; plan " << plan.str() << "\n";
  return plan;
}

void mlir::gemm_opt::useCooperativeWgmma(WgmmaGemmPlan &plan, int64_t bn) {
  plan.bm = 128;
  plan.bn = bn;
  plan.stages = 4;
  plan.consumers = 2;
  plan.warpSpecialized = true;
  plan.persistent = true;
  plan.maxRegs = 168;
  plan.producerRegs = 40;
  plan.consumerRegs = 232;
}

/// The persistent cooperative kernel on 128x128 tiles (`tiles` of them on
/// `numSMs` blocks): 6 ring slots where the ring stays steady with them, else
/// as many as it does.
static void useCooperative128x128(WgmmaGemmPlan &plan, int64_t tiles,
                                  int64_t numSMs) {
  useCooperativeWgmma(plan, 128);
  plan.stages = std::min<int64_t>(
      6, ::gemm_opt::maxSteadyPersistentWgmmaStages(tiles, numSMs));
}

/// The share of the SMs' last wave that `tiles` blocks keep busy.
static double waveEfficiency(int64_t tiles, int64_t numSMs) {
  return double(tiles) / double(ceilDiv(tiles, numSMs) * numSMs);
}

/// The K splits that let `plan`'s tiles fill the SMs (one wave of units),
/// or 1: for grids of at most half the SMs over a long K (each split at
/// least kMinWgmmaSplitKTiles), one matmul of a static M (checkWgmmaSplitK).
static int64_t wgmmaSplitsToFill(const GemmProblem &p, const ChipInfo &chip,
                                 const WgmmaGemmPlan &plan) {
  int64_t tiles = ceilDiv(p.m, plan.bm) * ceilDiv(p.n, plan.bn);
  int64_t kTiles = ceilDiv(p.k, plan.bk);
  if (2 * tiles > chip.numSMs)
    return 1;
  WgmmaGemmPlan split = plan;
  split.splitK =
      std::max<int64_t>(1, std::min({chip.numSMs / tiles,
                                     kTiles / ::gemm_opt::kMinWgmmaSplitKTiles,
                                     kMaxWgmmaSplitK}));
  return checkWgmmaSplitK(p, split).empty() ? split.splitK : 1;
}

/// Stream-K's split last wave (WgmmaGemmPlan::streamK) for one matmul of a
/// static M over 16-bit inputs, measured on the H200 (bf16, B stored
/// N x K, results/2026-12-04-stream-k, % of cuBLAS interleaved, against
/// the plans the committed database gave):
///  - an M of 256 .. 2048 whose last 128-row tile would be over half
///    padding (M % 128 in 1..64, mostlyPaddedLastTile): 64x256
///    tiles, one consumer warpgroup: 300x8192x8192 76.8 against 50.2,
///    300x8192x28672 85.2 / 53.8, 300x15360x5120 80.0 / 56.0,
///    300x5120x5120 74.2 / 60.5 (but 300x10240x8192 69.1 / 72.1); also
///    over many waves (chooseManyWaveWgmmaTiles; `many-waves/`, against
///    its 128x128 tiles): 300x57344x8192 88.6 against 53.3, 700x57344x8192
///    100.0 / 94.2, 700x28672x8192 97.0 / 82.9;
///  - at least one whole wave of 128x256 tiles and a last wave under a
///    third full: the cooperative 128x256 kernel, 512x10240x8192 89.6
///    against 79.7 (1 wave + 28 tiles), 512x27648x5120 91.6 / 88.1 (3 +
///    36); half a point behind the plain kernels at 2048x5120x5120 and
///    2048x5120x13824 (2 + 56), so not beyond a third of a wave.
/// Returns false, leaving `plan` alone, for other problems.
static bool chooseStreamKWgmmaTiles(const GemmProblem &p, const ChipInfo &chip,
                                    WgmmaGemmPlan &plan, std::string &why) {
  WgmmaGemmPlan split = plan;
  split.streamK = true;
  if (plan.elemBytes != 2 || p.m <= 64 || !checkWgmmaStreamK(p, split).empty())
    return false;
  int64_t numSMs = chip.numSMs;
  int64_t wide = ceilDiv(p.m, 128) * ceilDiv(p.n, 256);
  int64_t lastRows = p.m % 128, lastWave = wide % numSMs;
  if (::gemm_opt::tuning::mostlyPaddedLastTile(p.m)) {
    useCooperativeWgmma(plan, 256);
    plan.bm = 64;
    plan.consumers = 1;
    why = "the last 128-row tile would be " + std::to_string(128 - lastRows) +
          " rows of padding: 64x256 tiles";
  } else if (wide >= numSMs && lastWave != 0 && 3 * lastWave < numSMs) {
    useCooperativeWgmma(plan, 256);
    why = "128x256 tiles: " + std::to_string(wide / numSMs) +
          " whole wave(s) and " + std::to_string(lastWave) + " tiles";
  } else {
    return false;
  }
  plan.groupM = 8;
  plan.streamK = true;
  why += ", the last wave's tiles split along K over the idle SMs";
  return true;
}

/// Plans for a long K and a wide N (4096 or more: the layers of a model)
/// in fewer than four waves of 128x256 tiles, where the last wave's idle
/// SMs cost the most. Measured on the H200 (bf16, B stored N x K,
/// results/2026-12-02-mid-m-variants: the LLM-layer suite's N and K at
/// M = 32, 128 and 512, eleven plans each, interleaved against cuBLAS): the
/// last wave decides, and no single tile wins.
///  - M <= 64: 64-row tiles (128-row ones compute mostly padding: 51-52%
///    of cuBLAS at 32x8192x8192 against 88%), 64x128 with a producer
///    warpgroup and 8 TMA stages (71-102%), or persistent 64x256 with a
///    producer and 4 stages where its last wave is at least as full
///    (32x27648x5120: 95.1% against 91.1%, 32x57344x8192: 98.8 against
///    92.5). Both beat the
///    swap-AB kernel there (43-55%), hence its M <= 16 limit with B N x K.
///  - Above: the cooperative 128x256 kernel unless 128x128 tiles fill the
///    last wave better by more than their lower efficiency per tile (0.97;
///    see below): 128x10240x8192 97.2% against 55.8, 512x10240x8192 84.0
///    against 65.7, 512x27648x5120 91.3 against 81.3. When even those are
///    fewer than a third of the SMs (128x5120x5120: 40 tiles), 64x128 with
///    a producer (70.9% against 59.9), or, for one matmul of a static M,
///    cooperative 128x128 with K split into units that fill the SMs
///    (results/2026-12-03-split-k: 128x5120x13824 72.7 -> 103.4%).
///    Between the two, cooperative 128x192 tiles where they fill the last
///    wave best (the tuner's sweep,
///    results/2026-12-02-tune-m512: 512x5120x5120 87.1% against 68.8 with
///    128x128, 512x5120x13824 83.4 against 68.8; 108 tiles on 132 SMs).
/// Whatever the tiles, a grid of at most half the SMs then splits K
/// (wgmmaSplitsToFill). Returns false, leaving `plan` alone, for other
/// problems.
static bool chooseFewWaveWgmmaTiles(const GemmProblem &p, const ChipInfo &chip,
                                   WgmmaGemmPlan &plan) {
  int64_t numSMs = chip.numSMs;
  auto tiles = [&](int64_t bm, int64_t bn) {
    return ceilDiv(p.m, bm) * ceilDiv(p.n, bn);
  };
  if (p.k < 4096 || p.n < 4096 || tiles(128, 256) >= 4 * numSMs)
    return false;
  const WgmmaGemmPlan given = plan;
  auto use64x128Producer = [&] {
    plan.bm = 64;
    plan.bn = 128;
    plan.consumers = 1;
    plan.stages = 8;
    plan.groupM = 0;
    plan.warpSpecialized = true;
    plan.maxRegs = 168;
  };
  std::string why;
  if (p.m <= 64) {
    if (waveEfficiency(tiles(64, 256), numSMs) >=
        waveEfficiency(tiles(64, 128), numSMs)) {
      useCooperativeWgmma(plan, 256);
      plan.bm = 64;
      plan.consumers = 1;
      why = "64x256 tiles fill the last wave as well as 64x128";
    } else {
      use64x128Producer();
      why = "64x128 tiles fill the last wave better than 64x256";
    }
  } else {
    // Each tile's share of the last wave, weighed by how close its kernel
    // comes to the 128x256 one on equal waves. The persistent 128x128
    // kernel with 4 stages reaches 0.97-1.0 of it (the tuner's sweep of the
    // suite, results/2026-12-03-tuning-sweep: 512x8192x8192 91 against 92,
    // 512x8192x28672 94 / 93, 2048x8192x8192 94 / 95). Its ring depth
    // depends on whether a block computes one tile or several
    // (maxSteadyPersistentWgmmaStages): with one (tiles <= SMs) 6 stages
    // beat 4 (128x10240x8192 94 against 85, 128x15360x5120 100 against 96);
    // with several, 6 stages drop to 69-87% on some shapes
    // (8192x5120x13824 69 against 98 with 4, 2048x5120x13824 70 against 94,
    // 2048x8192x8192 81 against 94) and win by at most 4 points elsewhere.
    constexpr double kMidTileEfficiency = 0.95, kSquareTileEfficiency = 0.97;
    double wide = waveEfficiency(tiles(128, 256), numSMs);
    double mid = kMidTileEfficiency * waveEfficiency(tiles(128, 192), numSMs);
    double square =
        kSquareTileEfficiency * waveEfficiency(tiles(128, 128), numSMs);
    if (wide >= mid && wide >= square) {
      useCooperativeWgmma(plan, 256);
      why = "128x256 tiles fill the last wave well enough";
    } else if (3 * tiles(128, 128) < numSMs) {
      // Split-K units of cooperative 128x128 tiles fill the SMs; without
      // split-K (batched, a dynamic M) 64x128 tiles fill more of them.
      useCooperative128x128(plan, tiles(128, 128), numSMs);
      if (wgmmaSplitsToFill(p, chip, plan) > 1) {
        why = "even 128x128 tiles are fewer than a third of the SMs: "
              "their K splits fill them";
      } else {
        plan = given;
        use64x128Producer();
        why = "even 128x128 tiles are fewer than a third of the SMs";
      }
    } else if (mid >= square) {
      useCooperativeWgmma(plan, 256);
      plan.bn = 192;
      plan.groupM = 0;
      why = "128x192 tiles fill the last wave best";
    } else {
      useCooperative128x128(plan, tiles(128, 128), numSMs);
      why = "128x128 tiles fill the last wave best";
    }
  }
  std::string streamWhy;
  if (chooseStreamKWgmmaTiles(p, chip, plan, streamWhy))
    why = streamWhy;
  // Tiles that still leave most SMs idle: split K among them.
  if (!plan.streamK)
    plan.splitK = wgmmaSplitsToFill(p, chip, plan);
  if (plan.splitK > 1)
    why += "; " + std::to_string(plan.splitK) + " K splits fill the SMs";
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k
                 << ": under four waves: " << tiles(128, 256)
                 << " tiles of 128x256, " << tiles(128, 128) << " of 128x128, "
                 << tiles(64, 128) << " of 64x128 on " << numSMs
                 << " SMs: " << why << "; plan " << plan.str() << "\n";
  return true;
}

/// Four or more waves of 128x256 tiles over a long K and a wide N (the
/// layers of a model at M >= 2048, 8192^3): the persistent 128x128 kernel with
/// 4 stages, ahead of 128x256 in the tuner's sweep of the suite
/// (results/2026-12-03-tuning-sweep, bf16, % of cuBLAS interleaved):
/// 8192x10240x8192 103 against 97, 8192x15360x5120 103 / 98,
/// 8192x27648x5120 101 / 97, 8192x8192x8192 102 / 98, 2048x57344x8192
/// 101 / 96, 2048x15360x5120 96 / 91, and within a point where 128x256 led
/// (8192x5120x5120 95 / 96, 2048x10240x8192 95 / 96). Only where that was
/// measured: 16-bit inputs (TF32 kept 128x256: results/2026-11-30-staging-
/// tf32), N and K from 5120 (4097^3 f16, staged, ran 207.5 % of cuBLAS with
/// 128x128 against 241.8 % with 128x256: results/2026-12-03-tuned).
/// Returns false, leaving `plan` alone, for other problems.
static bool chooseManyWaveWgmmaTiles(const GemmProblem &p, const ChipInfo &chip,
                                     WgmmaGemmPlan &plan) {
  int64_t wideTiles = ceilDiv(p.m, 128) * ceilDiv(p.n, 256);
  if (plan.elemBytes != 2 || p.batch != 1 || p.k < 5120 || p.n < 5120 ||
      wideTiles < 4 * chip.numSMs)
    return false;
  // An M whose last 128-row tile is mostly padding: 64-row tiles.
  std::string why;
  if (::gemm_opt::tuning::mostlyPaddedLastTile(p.m) &&
      chooseStreamKWgmmaTiles(p, chip, plan, why)) {
    GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                   << why << "; plan " << plan.str() << "\n";
    return true;
  }
  useCooperative128x128(plan, ceilDiv(p.m, 128) * ceilDiv(p.n, 128),
                        chip.numSMs);
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << wideTiles << " tiles of 128x256 on " << chip.numSMs
                 << " SMs, a long K: persistent 128x128; plan " << plan.str()
                 << "\n";
  return true;
}

/// One or two K tiles (16-bit inputs, K <= 128: attention's Q*K^T over a
/// head dimension of 64 or 128) and many waves of tiles, C through TMA
/// stores: writing C is most of a tile's time, and tiles whose staging
/// boxes hold all of a warpgroup's share of them beat 128x256 (bf16 C;
/// results/2026-12-03-batch-tiles):
///  - two K tiles, the persistent cooperative kernel on 128x128:
///    32x2048x2048x128 0.0903 against 0.0929 ms, 8x4096x4096x128 0.0830 /
///    0.0890, 8192x8192x128 0.0452 / 0.0463;
///  - one K tile, one consumer warpgroup on 64x128 (128x128 was no better
///    than 128x256 there): 16x4096x4096x64 0.1629 against 0.1657,
///    64x1024x1024x64 0.0460 / 0.0493 (102.9 against 94.7% of cuBLAS).
/// Not at four K tiles (8192x8192x256: 128x128 0.0636, 128x256 0.0594).
/// Returns false, leaving `plan` alone, for other problems.
static bool chooseShortKWgmmaTiles(const GemmProblem &p, const ChipInfo &chip,
                                   WgmmaGemmPlan &plan) {
  int64_t kTiles = ceilDiv(p.k, plan.bk);
  int64_t bm = kTiles == 1 ? 64 : 128;
  int64_t tiles = p.batch * ceilDiv(p.m, bm) * ceilDiv(p.n, 128);
  bool tmaStores = checkTmaStoreOfC(p).empty() && tmaStoreStaysInEntry(p, bm);
  if (plan.elemBytes != 2 || kTiles > 2 || tiles < 4 * chip.numSMs ||
      !tmaStores)
    return false;
  useCooperative128x128(plan, tiles, chip.numSMs);
  if (kTiles == 1) {
    plan.bm = 64;
    plan.consumers = 1;
  }
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << tiles << " tiles of " << bm << "x128 on " << chip.numSMs
                 << " SMs over " << kTiles
                 << " K tile(s) (writing C dominates): persistent " << bm
                 << "x128; plan " << plan.str() << "\n";
  return true;
}

WgmmaGemmPlan mlir::gemm_opt::chooseWgmmaPlan(const GemmProblem &p,
                                              const ChipInfo &chip,
                                              bool allowSwapAb) {
  // ../shared/notes/mlir22-gpu-facts.md ("Hopper"), hand-built kernels at
  // 4096^3 on the H200; this generator's sweeps (results/2026-11-30-
  // wgmma-sweep*, -sweeps-s3, -tail-sweep) kept the same choices:
  //  - a producer warpgroup + 2 consumer warpgroups on 128x256x64 tiles, 4
  //    TMA stages (197,632 B of shared memory), a persistent grid in
  //    grouped tile order, 168 registers with setmaxnreg 40 / 232: 0.95-0.97x
  //    cuBLAS. Used when the grid of 128x256 tiles fills the SMs.
  //  - one warpgroup on a 128x128x64 tile with 3 TMA stages: 0.91x (96 KB
  //    + 1 KB of shared memory and 128 threads: two blocks fit an SM).
  //    Used on smaller grids; those whose 128x128 tiles leave SMs idle take
  //    64-row tiles (twice the blocks), and 64x64 tiles when those still do.
  // Ragged M, N and K are TMA's zero fill.
  // TF32 (f32 inputs, 4-byte elements) takes the same tiles with BK = 32:
  // a stage holds the same bytes, and at half the f16 rate a K tile of 32
  // takes the tensor cores as long as one of 64 in f16, so the stage counts
  // cover the same latency (the TF32 sweep found the default best or tied:
  // 87% / 92% of cuBLAS TF32 interleaved at 4096^3 / 8192^3).
  // Ping-pong consumers (pingpong=1: each warpgroup owns 64x256 or 128x128
  // tiles and the two alternate) stay off: 84-86% of cuBLAS at 4096^3
  // against the cooperative 128x256 kernel's 94.6-94.9%
  // (results/2026-11-30-sweeps-s3/pingpong).
  WgmmaGemmPlan plan;
  plan.elemBytes = p.aType.isF32() ? 4 : 2;
  plan.cElemBytes = p.cType.getIntOrFloatBitWidth() / 8;
  plan.bm = 128;
  plan.bn = 128;
  plan.bk = 128 / plan.elemBytes;
  plan.stages = 3;
  plan.consumers = 1;
  plan.groupM = 8;
  plan.maxRegs = 0;
  plan.persistentBlocks = chip.numSMs;
  // The tiles of every batch entry share the SMs (the persistent kernel
  // walks them all): attention's 32 heads of 2048x2048 make 4096 tiles of
  // 128x256, not 128 (Q*K^T at 32x2048x2048x128, bf16 C: 60.7% of cuBLAS
  // strided batched against 33.8% with one entry's 128x128 plan; P*V at
  // 32x2048x128x2048: 92.8% with cooperative 128x128 against 57.7%;
  // results/2026-12-02-epilogue-first/attn, gemm-run --tune).
  auto blocks = [&](int64_t bm, int64_t bn) {
    return p.batch * ceilDiv(p.m, bm) * ceilDiv(p.n, bn);
  };
  std::string swapWhy;
  if ((allowSwapAb && chooseSwapAbWgmmaPlan(p, chip, plan, swapWhy)) ||
      chooseFewWaveWgmmaTiles(p, chip, plan) ||
      chooseManyWaveWgmmaTiles(p, chip, plan) ||
      chooseShortKWgmmaTiles(p, chip, plan)) {
    chooseWgmmaCluster(p, plan);
    return plan;
  }
  if (blocks(128, 256) >= chip.numSMs) {
    useCooperativeWgmma(plan, 256);
    // A 256-wide tile over N <= 128 would be half padding.
    if (p.n <= 128)
      plan.bn = 128;
  } else if (blocks(128, 128) < chip.numSMs) {
    plan.bm = 64;
    plan.stages = 4;
    plan.groupM = 0;
    // And 64 columns when even 64x128 tiles leave SMs idle (16x4096x4096,
    // 1000x1000), as the mma rung does.
    if (blocks(64, 128) < chip.numSMs)
      plan.bn = 64;
  }
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << blocks(128, 256) << " tiles of 128x256, "
                 << blocks(128, 128) << " of 128x128 on " << chip.numSMs
                 << " SMs: "
                 << (plan.warpSpecialized
                         ? "the grid fills the SMs: warp-specialized "
                           "persistent 128x256"
                     : plan.bm == 64 ? "128x128 tiles leave SMs idle: 64-row "
                                       "tiles"
                                     : "one warpgroup on 128x128")
                 << "; plan " << plan.str() << "\n";
  return plan;
}

bool mlir::gemm_opt::chooseWgmmaStaging(const GemmProblem &p,
                                        const ChipInfo &chip) {
  // Rows that TMA cannot load: padded copies + the TMA kernel, or the
  // mma.sync kernel with guarded scalar loads. Measured on the H200 (f16,
  // results/2026-11-30-staging-tf32): staging wins from 300x301x299 (10.9
  // against 21.5 us) to 4097^3 (0.430 against 2.105 ms, 2.4x cuBLAS); the
  // copy and its launch cost ~4 us, so only tiny problems lose: 17x33x65
  // takes 9.9 us staged against 5.8 us. The mma.sync kernel's time there is
  // launch latency plus ~1.5 us per K tile, so the crossover is near 100^3;
  // 2^22 multiply-adds (161^3) keeps a margin on the mma.sync side.
  (void)chip;
  constexpr int64_t kMinMacs = int64_t(1) << 22;
  bool staged = p.m * p.n * p.k >= kMinMacs;
  GEMM_OPT_DBG() << "wgmma staging: " << p.m * p.n * p.k
                 << " multiply-adds against 2^22: "
                 << (staged ? "padded copies + TMA" : "keep mma.sync") << "\n";
  return staged;
}

std::string mlir::gemm_opt::checkTmaStoreOfC(const GemmProblem &p) {
  int64_t bytes = p.cType.getIntOrFloatBitWidth() / 8;
  if (p.accumulate)
    return "C is accumulated into (beta = 1), and a TMA store overwrites";
  // (A C of heads: its rows are heads of N apart, so N whole 16-byte
  // chunks make every stride of its 4-D map whole chunks too.)
  if ((p.n * bytes) % 16 != 0)
    return "rows of C are " + std::to_string(p.n * bytes) + " bytes (N=" +
           std::to_string(p.n) + "), not a multiple of 16 as TMA needs";
  return "";
}

bool mlir::gemm_opt::chooseWgmmaTmaStore(const GemmProblem &p,
                                         const WgmmaGemmPlan &plan,
                                         const ChipInfo &chip) {
  // The warp-specialized kernel's consumers otherwise wait for their
  // 2-element global stores after every tile, with the tensor cores idle:
  // with those stores predicated off, 4096^3 ran in 0.174 / 0.182 ms
  // instead of 0.190 / 0.198 (bf16 / f16, results/2026-11-30-prefetch-pdl,
  // noepi). TMA stores from two staging boxes per warpgroup (16 KB) let
  // the next tile start while they drain; they fit next to 4 stages of
  // 128x256x64 (225 KB). Measured: 4096^3 95.1 / 94.9 -> 97.2 / 97.4% of
  // cuBLAS interleaved (f16 / bf16), f16 C 88.2 -> 96.8
  // (results/2026-11-30-tma-store).
  // The plan's own checks decide the rest (warp-specialized kernel,
  // shared memory with the staging boxes). Ping-pong consumers take them
  // only where asked for (tma-store=1): with them, a fused bias + GELU
  // still ran behind the cooperative kernel (H100, 4096^3 bf16: 0.207 ms
  // at 128x128 against 0.197; 512x6144x4096: 0.058 against 0.044;
  // results/2026-12-06-session31/call2), so the default, and the sweeps'
  // measured ping-pong, store from registers.
  if (plan.pingpong)
    return false;
  WgmmaGemmPlan withStore = plan;
  withStore.tmaStore = true;
  return checkTmaStoreOfC(p).empty() && withStore.validate(chip).empty();
}
