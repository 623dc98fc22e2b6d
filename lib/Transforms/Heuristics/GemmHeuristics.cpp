//===- GemmHeuristics.cpp - SIMT tile sizes per shape and chip ------------===//
//
// smem, reg1d and reg2d follow the seeds (seed 000 v2-v4); the reg2d block
// tile is picked by a small model of how well the grid fills the SMs (wave
// quantization) times how efficient a tile is on its own. From vector on the
// defaults are the best variants of the H200 sweep of benchmarks/simt-sweep.sh
// (f32, % of cuBLAS pedantic SGEMM in the same run; the JSON is under
// benchmarks/results/); each rung's comment names the variant it comes from.
// The tensor-core rungs' plans are in TensorCoreHeuristics.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

#include "llvm/Support/Format.h"

#define DEBUG_TYPE "gemm-opt-heuristics"

using namespace mlir;
using namespace mlir::gemm_opt;

StringRef mlir::gemm_opt::simtRungName(SimtRung rung) {
  switch (rung) {
  case SimtRung::Smem:
    return "smem";
  case SimtRung::Reg1D:
    return "reg1d";
  case SimtRung::Reg2D:
    return "reg2d";
  case SimtRung::Vector:
    return "vector";
  case SimtRung::Swizzle:
    return "swizzle";
  case SimtRung::MultiBuffer:
    return "multibuffer";
  case SimtRung::WarpTile:
    return "warptile";
  }
  return "?";
}

namespace {
struct TileChoice {
  int64_t bm, bn, tm, tn;
  double tileEfficiency; ///< Relative throughput of one SM running it.
};
} // namespace

/// Fraction of the SMs kept busy over the whole run when `blocks` equal
/// blocks are spread in waves of `slots`.
static double waveEfficiency(int64_t blocks, int64_t slots) {
  int64_t waves = ceilDiv(blocks, slots);
  return static_cast<double>(blocks) / static_cast<double>(waves * slots);
}

static TileChoice chooseReg2DTile(const GemmProblem &p, const ChipInfo &chip) {
  // 128x128 with 8x8 per thread is seed 000 v4; the smaller tiles trade
  // per-SM efficiency for filling more SMs on small or ragged shapes.
  static const TileChoice candidates[] = {
      {128, 128, 8, 8, 1.00},
      {128, 64, 8, 8, 0.88},
      {64, 64, 4, 4, 0.70},
  };
  const TileChoice *best = &candidates[0];
  double bestScore = -1;
  for (const TileChoice &t : candidates) {
    int64_t blocks = ceilDiv(p.m, t.bm) * ceilDiv(p.n, t.bn);
    // Useful work over computed work (ragged edges compute padding).
    double useful = static_cast<double>(p.m * p.n) /
                    static_cast<double>(ceilDiv(p.m, t.bm) * t.bm *
                                        ceilDiv(p.n, t.bn) * t.bn);
    double score =
        t.tileEfficiency * waveEfficiency(blocks, chip.numSMs) * useful;
    GEMM_OPT_DBG() << "reg2d: " << t.bm << "x" << t.bn << " tile: " << blocks
                   << " blocks on " << chip.numSMs << " SMs: wave efficiency "
                   << llvm::format("%.2f", waveEfficiency(blocks, chip.numSMs))
                   << " x useful work " << llvm::format("%.2f", useful)
                   << " x tile efficiency "
                   << llvm::format("%.2f", t.tileEfficiency)
                   << " = score " << llvm::format("%.3f", score) << "\n";
    if (score > bestScore + 0.02) {
      best = &t;
      bestScore = score;
    }
  }
  GEMM_OPT_DBG() << "reg2d: " << p.m << "x" << p.n << "x" << p.k << " takes "
                 << best->bm << "x" << best->bn
                 << " (the best score; a smaller tile must win by 0.02)\n";
  return *best;
}

void mlir::gemm_opt::chooseWarpLayout(SimtGemmPlan &plan) {
  // A warp owns a WM x WN tile, its lanes a 4x8 (or 8x4) grid, each lane
  // 4x4 fragments spread over the warp tile, so that a quarter warp reads 8
  // consecutive 16-byte groups of B.
  plan.warpTiled = true;
  plan.fragM = plan.tm % 4 == 0 ? 4 : plan.tm;
  plan.fragN = plan.tn % 4 == 0 ? 4 : plan.tn;
  for (auto [lanesM, lanesN] : {std::pair<int64_t, int64_t>{4, 8}, {8, 4},
                                {2, 16}, {16, 2}, {1, 32}, {32, 1}}) {
    int64_t wm = lanesM * plan.tm, wn = lanesN * plan.tn;
    if (plan.bm % wm == 0 && plan.bn % wn == 0) {
      plan.wm = wm;
      plan.wn = wn;
      break;
    }
  }
  plan.bXorMask = chooseBXorMask(plan);
}

/// Whether every row of A, B and C starts 16 bytes apart (K and N multiples
/// of 4 f32), i.e. the 128-bit interior paths are usable.
static bool rowsAre16ByteAligned(const GemmProblem &p) {
  return p.k % 4 == 0 && p.n % 4 == 0;
}

/// Sets the K tile to `bk` where the A and B tiles split evenly over the
/// threads (every reg2d tile does; the 1024-thread smem tile does not and
/// keeps its K tile).
static void setBlockK(SimtGemmPlan &plan, int64_t bk) {
  int64_t t = plan.threads();
  if ((plan.bm * bk) % t == 0 && (bk * plan.bn) % t == 0)
    plan.bk = bk;
}

/// Whether a 128-register cap is safe: it was measured (and assembles with
/// no spills) on aligned shapes made of whole tiles; the scalar edge paths
/// of unaligned shapes need up to ~230 registers and spill under the cap
/// (e.g. swizzle at 4097^3: 488 bytes), and so do the guarded paths of
/// run-time N or K, or of a ragged or run-time M whose edge blocks run a
/// loop of their own (reg2d at a dynamic M: 12-92 bytes; at dynamic M, N,
/// K warptile 24-128). Edge blocks that run the interior's cp.async ring
/// (pipelineEdges, 16-byte copies) cost no registers of their own: a
/// ragged or run-time M keeps the cap there (warptile at 4000x4096x4096 or
/// a dynamic M, f32: 0 bytes under the cap; Pipelines/dynamic-f32-ptxas).
static bool canCapTo128Registers(const GemmProblem &p,
                                 const SimtGemmPlan &plan) {
  if (!rowsAre16ByteAligned(p) || p.dynamicExtents() || p.n % plan.bn ||
      p.k % plan.bk)
    return false;
  if (!p.dynamicM() && p.m % plan.bm == 0)
    return true;
  return plan.stages > 1 && plan.pipelineEdges && !p.simtReadsThroughViews();
}

int64_t mlir::gemm_opt::chooseBXorMask(const SimtGemmPlan &plan) {
  // Lanes next to each other along N read fragN-wide groups; in a quarter
  // warp (8 lanes x 16 bytes) the 16-byte groups g = lane * fragN/4 + h
  // collide when fragN/4 > 1. XOR-ing g with its bits above the 8-group
  // spreads them over all eight 16-byte bank groups.
  int64_t groups = plan.fragN / 4;
  int64_t lanesN = plan.wn / plan.tn;
  if (plan.vectorWidth != 4 || plan.fragN % 4 || groups <= 1 || lanesN < 2 ||
      plan.bCols() % 32)
    return 0;
  switch (groups) {
  case 2:
    return 1;
  case 4:
    return 3;
  case 8:
    return 7;
  default:
    return 0;
  }
}

void mlir::gemm_opt::chooseSimtStaging(const GemmProblem &p,
                                       SimtGemmPlan &plan) {
  // Rows of A (K) or B (N) that are not multiples of 4 f32 keep the
  // vector rungs on scalar global loads and 4-byte cp.async. A padded copy
  // (PaddedStaging.h) reads and writes the operand once (~1.5 us at
  // 1000x999x777, ~32 us at 4097^3) and lets 128-bit accesses run. Measured
  // on the H200 (benchmarks/results/2026-11-30-sweeps-s3/simt-staging,
  // interleaved % of cuBLAS at 1000x999x777): the synchronous vector rung
  // gains a little (44.0 staged, 43.1 not), but the cp.async rungs lose:
  // multibuffer 53.9 against 56.4, warptile 78.1 against 83.2 (and 91.7
  // against 95.9 at 4097^3), their 4-byte cp.async of unaligned rows
  // already overlapping the math while the copy kernel adds a full pass.
  // So only the synchronous rungs (vector, swizzle) stage, from 2^28
  // multiply-adds (below that the copy's launch is not small against the
  // matmul: 17x33x65, 1x1x1); stage-a / stage-b force either way.
  bool f32 = p.aType.isF32() && p.bType.isF32();
  constexpr int64_t kMinMacs = int64_t(1) << 28;
  bool on = f32 && plan.vectorWidth == 4 && plan.stages <= 1 &&
            p.m * p.n * p.k >= kMinMacs;
  plan.stageA = on && p.k % 4 != 0;
  plan.stageB = on && p.n % 4 != 0;
}

int64_t mlir::gemm_opt::chooseSplitK(const GemmProblem &p,
                                     const ChipInfo &chip,
                                     const SimtGemmPlan &plan) {
  // Split K only when the output tiles cannot give every SM a block: the
  // extra kernel and the partials' round trip through L2 (S x M x N f32
  // written and read) cost a few microseconds, which a grid that already
  // covers the SMs does not win back (1000x999x777 with 64x64 tiles: 256
  // blocks, no split). Shapes like 16x4096x4096 (64 tiles) take enough
  // splits to put a block on every SM, keeping at least 4 K tiles per
  // split so the cp.async ring fills.
  //
  // Two splits also pay on grids that do cover the SMs but only in few
  // waves, and on rows that are not 16-byte aligned (4-byte cp.async): on
  // the H200, 1000x999x777 with 64x64 tiles went from 76.2% to 80.7% of
  // cuBLAS and 4097^3 with 64x128 tiles from 92.0% to 98.2% (variants
  // wt-64x64-sk2 / wt-64x128-sk2, benchmarks/results/2026-11-30-simt-sweep).
  // A batched matmul's grid z holds the batch, which is where the splits
  // would go; its batch entries fill the SMs instead.
  if (p.isBatched())
    return 1;
  int64_t tiles = ceilDiv(p.m, plan.bm) * ceilDiv(p.n, plan.bn);
  if (tiles >= chip.numSMs) {
    bool fewWaves = ceilDiv(p.m, 128) * ceilDiv(p.n, 128) < 2 * chip.numSMs;
    bool enoughK = p.k / plan.bk >= 8;
    return (fewWaves || !rowsAre16ByteAligned(p)) && enoughK ? 2 : 1;
  }
  int64_t splits = ceilDiv(chip.numSMs, tiles);
  int64_t maxSplits = std::max<int64_t>(1, (p.k / plan.bk) / 4);
  return std::max<int64_t>(1, std::min({splits, maxSplits, int64_t(64)}));
}

/// Rung smem (applySimtRungDefaults).
static void applySmemDefaults(const GemmProblem &p, const ChipInfo &chip,
                              SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 000 v2: 32x32 tiles of A and B, one output per thread. A and B
  // are read through the non-coherent cache (ld.global.nc), as the seed's
  // kernels read them through `const __restrict__` pointers; its inner
  // loop is otherwise what the seed compiles to (A as 128-bit broadcasts,
  // B at immediate offsets). Before: 17.6% / 17.8% of cuBLAS at 4096^3 /
  // 8192^3 with plain loads (variant smem-ro0 of
  // benchmarks/simt-staging-sweep.sh times both).
  plan = SimtGemmPlan();
  plan.bm = plan.bn = plan.bk = 32;
  plan.tm = plan.tn = 1;
  plan.setNaturalLayout();
  plan.readOnly = f32;
  // The next K tile's loads in flight during the inner loop (registers,
  // not a second stage: still two barriers per step), where seed 000 v2
  // waits for every tile's loads with all warps at the barrier: 17.7% /
  // 17.9% -> 19.1% / 19.4% of cuBLAS at 4096^3 / 8192^3 (variant smem-pf,
  // results/2026-11-30-prefetch-pdl). Later rungs keep it off: reg1d and
  // reg2d spill under their register caps, vector was slower (66-68%),
  // swizzle faster at 4096^3 (92.5%) but spills at 8192^3.
  plan.registerPrefetch = true;
}

/// Rung reg1d (applySimtRungDefaults).
static void applyReg1DDefaults(const GemmProblem &p, const ChipInfo &chip,
                               SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 000 v3: 64x64 block, BK = 8, a column of 8 outputs per thread.
  // When even 64x64 tiles leave SMs idle, 32x64 tiles (256 threads) spread
  // the work over twice as many blocks.
  plan.bm = plan.bn = 64;
  if (ceilDiv(p.m, 64) * ceilDiv(p.n, 64) < chip.numSMs)
    plan.bm = 32;
  plan.bk = 8;
  plan.tm = 8;
  plan.tn = 1;
  plan.setNaturalLayout();
  // Read-only loads as in the smem rung (the seed's `const __restrict__`).
  // Capped at 32 registers on whole tiles (f32): 4 blocks of 512 threads
  // per SM instead of 2 (44 registers uncapped), 40.0% / 41.1% of cuBLAS
  // at 4096^3 / 8192^3 against 33.8% / 33.9% (variant reg1d-r32,
  // benchmarks/results/2026-11-30-sweeps-s3/simt-staging). Caps of 36 and
  // 40 spill. The guarded edge paths of ragged shapes, or of a run-time N
  // and K, take up to 68 registers uncapped: with 16-bit operands one
  // block per SM. Capped at 64 (two blocks; 0-16
  // bytes of spills) those are as fast or faster wherever measured:
  // 1000x999x777 bf16 / f16 C 26.1 / 26.9% against 15.3 / 16.1%,
  // 999x1001x2049 and 1000x1024x64 within 1% (f32 ragged shapes: the same
  // time capped or not, and no spills uncapped; both in
  // benchmarks/results/2026-12-05-reg1d-cap).
  bool wholeTiles = !p.dynamicExtents() && p.m % plan.bm == 0 &&
                    p.n % plan.bn == 0 && p.k % plan.bk == 0;
  if (f32)
    plan.maxRegs = wholeTiles ? 32 : 0;
  else
    plan.maxRegs = wholeTiles ? 0 : 64;
  plan.readOnly = f32;
  plan.registerPrefetch = false;
}

/// Rung reg2d (applySimtRungDefaults).
static void applyReg2DDefaults(const GemmProblem &p, const ChipInfo &chip,
                               SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 000 v4: 128x128 block, BK = 8, 8x8 outputs per thread.
  TileChoice t = chooseReg2DTile(p, chip);
  plan.bm = t.bm;
  plan.bn = t.bn;
  plan.bk = 8;
  plan.tm = t.tm;
  plan.tn = t.tn;
  plan.setNaturalLayout();
  // Two blocks per SM where that cannot spill: without a cap ptxas uses
  // 167 registers at 4096^3 (LLVM reads A 4 K-steps at a time, holding
  // 64 values), one 256-thread block per SM (8 warps). Capped at 128 it
  // spills 8 bytes in row-major block order, none in the grouped order
  // over 8 block rows (127 registers), which also keeps the A and B
  // panels of co-resident blocks in L2. Same kernel structure as seed
  // 000 v4 (whose launch bounds leave the choice to the compiler).
  bool cap = f32 && canCapTo128Registers(p, plan);
  plan.maxRegs = cap ? 128 : 0;
  plan.groupM = cap ? 8 : 0;
  // Plain loads, as measured (reg1d's read-only loads are not carried).
  plan.readOnly = false;
}

/// Rung vector (applySimtRungDefaults).
static void applyVectorDefaults(const GemmProblem &p, const ChipInfo &chip,
                                SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 000 v5: float4 global/shared accesses, A K-major in shared memory,
  // with a 16-deep K tile (BK = 16 lifted swizzle from 76.5 to 85.2% at
  // 4096^3, swizzle vs swizzle-bk16-r128-ro; the seed's BK = 8 gave vector
  // 71.9%). The block and thread tile stay reg2d's.
  // 123 registers without a cap (two blocks per SM already), grouped
  // order over 8 block rows: variant vector-g8, 76.5% / 76.8% at 4096^3 /
  // 8192^3 against 74.8% / 76.6% in row-major order
  // (benchmarks/results/2026-11-30-simt-sweep). reg2d's default cap is
  // dropped; a cap or order set by reg2d's options is kept.
  bool reg2dCap = f32 && canCapTo128Registers(p, plan);
  if (plan.maxRegs == (reg2dCap ? 128 : 0) &&
      plan.groupM == (reg2dCap ? 8 : 0)) {
    plan.maxRegs = 0;
    plan.groupM = 8;
  }
  plan.vectorWidth = 4;
  plan.aTransposed = true;
  setBlockK(plan, 16);
  chooseSimtStaging(p, plan);
}

/// Rung swizzle (applySimtRungDefaults).
static void applySwizzleDefaults(const GemmProblem &p, const ChipInfo &chip,
                                 SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 004 §4.2 / seed 001 stage 3: pad the transposed A rows by 4 so
  // the transposing stores of a warp hit 32 different banks; XOR-swizzle
  // B's 16-byte groups when the inner-loop reads would collide. At most
  // 128 registers (two 256-thread blocks per SM; only where that cannot
  // spill, see canCapTo128Registers) and A/B through ld.global.nc:
  // variant swizzle-bk16-r128-ro, 85.2% at 4096^3. Not for f16/bf16
  // inputs: their loads widen in registers, and under the cap the
  // swizzle kernel spilled 56 bytes and warptile 24 bytes at 4096^3.
  plan.aPad = plan.aTransposed ? 4 : 1;
  plan.bPad = 0;
  plan.bXorMask = chooseBXorMask(plan);
  setBlockK(plan, 16);
  plan.maxRegs = f32 && canCapTo128Registers(p, plan) ? 128 : 0;
  plan.readOnly = true;
  chooseSimtStaging(p, plan);
}

/// Rung multibuffer (applySimtRungDefaults).
static void applyMultiBufferDefaults(const GemmProblem &p, const ChipInfo &chip,
                                     SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 004 §4.3-4.4: a cp.async ring (f32 operands only: cp.async copies
  // bytes, it cannot widen f16) of 4 stages of BK = 16, grouped block order
  // over 8 block rows, at most 128 registers: variant mb-bk16-s4-g8, 90.5%
  // at 4096^3 and 92.3% at 8192^3 (3 stages of BK = 8: 84.1%). cp.async
  // does the interior loads, so ld.global.nc is off as in that variant.
  plan.stages = f32 ? 4 : 1;
  plan.registerPrefetch = false;
  setBlockK(plan, 16);
  plan.groupM = 8;
  plan.maxRegs = f32 && canCapTo128Registers(p, plan) ? 128 : 0;
  plan.readOnly = false;
  // Edge blocks keep the synchronous guarded loop here; warptile
  // pipelines them.
  chooseSimtStaging(p, plan);
}

/// Rung warptile (applySimtRungDefaults).
static void applyWarpTileDefaults(const GemmProblem &p, const ChipInfo &chip,
                                  SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  // Seed 000 "next steps", with the block tile chosen per shape class from
  // the sweep (all with BK = 16 and a 4-stage cp.async ring):
  //  - a grid of 128x128 tiles that does not fill 2 waves of the SMs
  //    (1000x999x777: 64 blocks on 132 SMs): 64x64 tiles with 8x4 per
  //    thread (128 threads), 4x more blocks; variant wt-64x64-8x4-bk16-s4,
  //    68.1% vs 39.7% for 128x128 and 52.7% for the best 128x64.
  //  - rows not 16-byte aligned (K or N not a multiple of 4, 4097^3:
  //    scalar loads and 4-byte cp.async): 64x128 tiles with 8x8 per thread
  //    (128 threads, ~167 registers, no cap); variant
  //    wt-64x128-bk16-s4-g8, 92.8% vs 77.5% for 128x128.
  //  - otherwise (4096^3, 8192^3) seed 000's 128x128 with 8x8 per thread,
  //    at most 128 registers; variant wt-bk16-s4-g8, 91.8% / 93.1%.
  // Both ragged classes ran without a register cap (the cap is also off on
  // any shape with edge tiles, where it spills); grouped order over 8
  // block rows everywhere but the small grid (not measured there).
  // A tile set by an earlier rung's options (anything but reg2d's own
  // default for this shape) is kept; this rung's options override all.
  TileChoice reg2d = chooseReg2DTile(p, chip);
  bool reg2dDefault = plan.bm == reg2d.bm && plan.bn == reg2d.bn &&
                      plan.tm == reg2d.tm && plan.tn == reg2d.tn;
  int64_t blocks128 = ceilDiv(p.m, 128) * ceilDiv(p.n, 128);
  bool smallGrid = blocks128 < 2 * chip.numSMs;
  bool aligned = rowsAre16ByteAligned(p);
  GEMM_OPT_DBG() << "warptile: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << blocks128 << " tiles of 128x128 on " << chip.numSMs
                 << " SMs; shape class "
                 << (!reg2dDefault ? "none (an earlier rung's tile is kept)"
                     : smallGrid  ? "small grid (< 2 waves): 64x64, 8x4"
                     : !aligned   ? "unaligned rows: 64x128, 8x8"
                                  : "default: 128x128, 8x8")
                 << "\n";
  if (reg2dDefault) {
    if (smallGrid) {
      plan.bm = plan.bn = 64;
      plan.tm = 8;
      plan.tn = 4;
    } else if (!aligned) {
      plan.bm = 64;
      plan.bn = 128;
      plan.tm = plan.tn = 8;
    } else {
      plan.bm = plan.bn = 128;
      plan.tm = plan.tn = 8;
    }
  }
  setBlockK(plan, 16);
  plan.stages = f32 ? 4 : 1;
  plan.groupM = smallGrid ? 0 : 8;
  plan.readOnly = false;
  // Edge blocks run the cp.async ring too (zero-filling copies): with the
  // synchronous guarded loop every K step of an edge block waits for its
  // loads, and on small grids (1000x999x777: 31 of 256 blocks) the SMs
  // that hold edge blocks finish last.
  plan.pipelineEdges = plan.stages > 1;
  plan.maxRegs = f32 && !smallGrid && canCapTo128Registers(p, plan) ? 128 : 0;
  plan.splitK = chooseSplitK(p, chip, plan);
  // Few K tiles per block (a short K, or its share of a split): the ring
  // fills and drains in every block, and two stages lose less to that.
  // 1000x999x777 (2 splits of 24 tiles): 82.6 / 83.6 / 86.1% of cuBLAS
  // interleaved with 4 / 3 / 2 stages (variants default / sk2-s3 /
  // sk2-s2, results/2026-11-30-tile-sweep).
  if (f32 && (p.k / plan.bk) / plan.splitK < 32)
    plan.stages = 2;
  chooseWarpLayout(plan);
  chooseSimtStaging(p, plan);
  GEMM_OPT_DBG() << "warptile: plan " << plan.str() << "\n";
}

void mlir::gemm_opt::applySimtRungDefaults(SimtRung rung,
                                           const GemmProblem &p,
                                           const ChipInfo &chip,
                                           SimtGemmPlan &plan) {
  switch (rung) {
  case SimtRung::Smem:
    return applySmemDefaults(p, chip, plan);
  case SimtRung::Reg1D:
    return applyReg1DDefaults(p, chip, plan);
  case SimtRung::Reg2D:
    return applyReg2DDefaults(p, chip, plan);
  case SimtRung::Vector:
    return applyVectorDefaults(p, chip, plan);
  case SimtRung::Swizzle:
    return applySwizzleDefaults(p, chip, plan);
  case SimtRung::MultiBuffer:
    return applyMultiBufferDefaults(p, chip, plan);
  case SimtRung::WarpTile:
    return applyWarpTileDefaults(p, chip, plan);
  }
}
