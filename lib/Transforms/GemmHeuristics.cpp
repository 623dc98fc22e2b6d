//===- GemmHeuristics.cpp - Tile sizes per shape and chip -----------------===//
//
// Defaults follow the seeds (seed 000 v2-v5, seed 004 §4.2-4.4); the only
// shape-dependent choice is the reg2d block tile, picked by a small model of
// how well the grid fills the SMs (wave quantization) times how efficient a
// tile is on its own.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/GemmHeuristics.h"
#include "gemm-opt/Transforms/KernelBuilder.h"

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

const ChipInfo &mlir::gemm_opt::getChipInfo(StringRef) {
  // Only the H200 is characterised (../shared/notes/h200-anchors.md); older
  // chips have smaller limits, which the driver reports at launch time.
  static const ChipInfo h200;
  return h200;
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
    if (score > bestScore + 0.02) {
      best = &t;
      bestScore = score;
    }
  }
  return *best;
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

void mlir::gemm_opt::applySimtRungDefaults(SimtRung rung,
                                           const GemmProblem &p,
                                           const ChipInfo &chip,
                                           SimtGemmPlan &plan) {
  bool f32 = p.aType.isF32() && p.bType.isF32();
  switch (rung) {
  case SimtRung::Smem:
    // Seed 000 v2: 32x32 tiles of A and B, one output per thread.
    plan = SimtGemmPlan();
    plan.bm = plan.bn = plan.bk = 32;
    plan.tm = plan.tn = 1;
    plan.setNaturalLayout();
    return;
  case SimtRung::Reg1D:
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
    return;
  case SimtRung::Reg2D: {
    // Seed 000 v4: 128x128 block, BK = 8, 8x8 outputs per thread.
    TileChoice t = chooseReg2DTile(p, chip);
    plan.bm = t.bm;
    plan.bn = t.bn;
    plan.bk = 8;
    plan.tm = t.tm;
    plan.tn = t.tn;
    plan.setNaturalLayout();
    return;
  }
  case SimtRung::Vector:
    // Seed 000 v5: float4 global/shared accesses, A K-major in shared memory.
    plan.vectorWidth = 4;
    plan.aTransposed = true;
    return;
  case SimtRung::Swizzle:
    // Seed 004 §4.2 / seed 001 stage 3: pad the transposed A rows by 4 so
    // the transposing stores of a warp hit 32 different banks; XOR-swizzle
    // B's 16-byte groups when the inner-loop reads would collide.
    plan.aPad = plan.aTransposed ? 4 : 1;
    plan.bPad = 0;
    plan.bXorMask = chooseBXorMask(plan);
    return;
  case SimtRung::MultiBuffer:
    // Seed 004 §4.3-4.4: a 3-stage cp.async ring (f32 operands only: cp.async
    // copies bytes, it cannot widen f16).
    plan.stages = f32 ? 3 : 1;
    return;
  case SimtRung::WarpTile: {
    // Seed 000 "next steps": a warp owns a WM x WN tile, its lanes a 4x8 (or
    // 8x4) grid, each lane 4x4 fragments spread over the warp tile, so that
    // a quarter warp reads 8 consecutive 16-byte groups of B.
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
    return;
  }
  }
}
