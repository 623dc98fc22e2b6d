//===- SwapAbWgmmaHeuristics.cpp - wgmma plans for padded M --------------===//
//
// When the wgmma rung computes C^T = B A^T (WgmmaGemmPlan::swapAB) and with
// which tiles: M then runs along wgmma's n side, in steps of 8 rows, where
// 64- or 128-row tiles of A would compute mostly padding; and, in the same
// family, where 128x256 tiles with stream-K beat it despite that padding.
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

/// Swap-AB in the padded-M family from this K on (usePaddedMStreamK).
static constexpr int64_t kSwapAbPaddedMinK = 8192;

SwapAbWgmmaTiles mlir::gemm_opt::chooseSwapAbWgmmaTiles(int64_t m, int64_t n,
                                                        int64_t numSMs) {
  // Blocks of 128 rows of N (two warpgroups of m64 tiles) and ceil(M / t)
  // columns rounded up to 8 for t tiles along M, at least 128 of them
  // (104 columns ran at 67-78 % of cuBLAS where 152 ran at 84 %,
  // results/2026-12-06-padded-m/call4). A block's time grows with its
  // columns, the grid's with its waves: minimise waves x (columns + a
  // tile's fixed cost), the fewer tiles first. At 300x8192x8192 this gives
  // 2 x 64 tiles of 128x152, one wave, as nvjet's 128x152 there
  // (results/2026-12-06-padded-m/cublas-kernels.txt).
  SwapAbWgmmaTiles best;
  int64_t bestCost = INT64_MAX;
  int64_t rowTiles = ceilDiv(n, 128);
  for (int64_t t = ceilDiv(m, 256);; ++t) {
    int64_t cols = ceilDiv(ceilDiv(m, t), 8) * 8;
    if (cols < 128 && t > ceilDiv(m, 256))
      break;
    int64_t tiles = t * rowTiles;
    int64_t cost =
        ceilDiv(tiles, numSMs) * (cols + ::gemm_opt::kFittedColumnOverhead);
    if (cost < bestCost) {
      bestCost = cost;
      best = {cols, tiles};
    }
  }
  return best;
}

/// The padded-M family's plan where swap-AB's is not the one: the
/// cooperative 128x256 kernel with stream-K (and TMA stores,
/// chooseWgmmaTmaStore), its last 128-row tile mostly padding. Measured on an
/// H100 against the heuristics' plans of before, the same kernels as this plan
/// gives (bf16, B stored N x K, % of cuBLAS interleaved,
/// results/2026-12-07-session38, calls 1 and 2):
///  - a K of 5120, where swap-AB's tiles were chosen: 27648x5120 at
///    M = 288 / 300 / 320 / 1200 / 1700 91.6 / 92.4 / 97.2 / 92.1 / 87.9
///    against 86.6 / 78.2 / 79.2 / 85.0 / 82.3, 15360x5120 at M = 300 /
///    560 77.9 / 86.1 against 77.3 / 81.8;
///  - where swap-AB's tiles leave their last wave under 3/4 full (the
///    64x256 stream-K kernel before): 288x5120x13824 88.8 against 78.5,
///    300x5120x13824 88.2 against 83.8 / 77.2, 320x10240x8192 136.5
///    against 122.1, 300x10240x8192 77.8 against 76.3 / 75.4, 288x5120x5120
///    77.6 against 75.7, 300x5120x5120 82.6 against 80.3 / 83.6.
/// Over a K of 8192 or more swap-AB stays ahead where it fills its waves
/// (300x8192x8192 87.0 against 66.2, 560x5120x13824 91.8 against 76.9,
/// 680x8192x8192 88.4 against 84.8): a block's fixed cost per tile
/// (swap-AB stores C transposed from registers) weighs more over a short
/// K, is our reading. Not measured: other layouts (B stored K x N keeps
/// the 64x256 kernel, chooseStreamKWgmmaTiles), TF32, the H200.
static bool usePaddedMStreamK(const GemmProblem &p, const ChipInfo &chip,
                              WgmmaGemmPlan &plan, std::string &why,
                              const std::string &becauseNoSwap) {
  WgmmaGemmPlan split = plan;
  useCooperativeWgmma(split, 256);
  split.groupM = 8;
  split.streamK = true;
  std::string misfit = checkWgmmaStreamK(p, split);
  if (misfit.empty())
    misfit = split.validate(chip);
  if (!misfit.empty()) {
    GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                   << becauseNoSwap << ", but no 128x256 stream-K: " << misfit
                   << "\n";
    return false;
  }
  plan = split;
  why = "M = " + std::to_string(p.m) + ": " + becauseNoSwap +
        ": 128x256 tiles with stream-K";
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": " << why
                 << "; plan " << plan.str() << "\n";
  return true;
}

bool mlir::gemm_opt::chooseSwapAbWgmmaPlan(const GemmProblem &p,
                                           const ChipInfo &chip,
                                           WgmmaGemmPlan &plan,
                                           std::string &why) {
  // The family: an M of 256 .. 2048 whose last 128-row tile would be over
  // half padding, over wide N (the layers of a model), in the layout the
  // swapped kernel reads without copies.
  if (!::gemm_opt::tuning::mostlyPaddedLastTile(p.m) || p.n < 4096 ||
      p.k < 1024)
    return false;
  WgmmaGemmPlan swapped = plan;
  swapped.swapAB = true;
  if (!checkWgmmaSwapAb(p, swapped).empty())
    return false;
  // Over a short K, the stream-K kernel where its tail fits the
  // consumers' registers (checkWgmmaStreamK), else swap-AB as before.
  if (p.k < kSwapAbPaddedMinK &&
      usePaddedMStreamK(p, chip, plan, why,
                        "a K of " + std::to_string(p.k) + " (under " +
                            std::to_string(kSwapAbPaddedMinK) +
                            ") for swap-AB's tiles"))
    return true;
  // Only where the swapped tiles fill the last wave: with 80 tiles on 132
  // SMs (300x5120x13824) the stream-K kernel is ahead.
  SwapAbWgmmaTiles tiles = chooseSwapAbWgmmaTiles(p.m, p.n, chip.numSMs);
  int64_t waves = ceilDiv(tiles.tiles, chip.numSMs);
  if (4 * tiles.tiles < 3 * waves * chip.numSMs)
    return usePaddedMStreamK(p, chip, plan, why,
                             "swap-AB's " + std::to_string(tiles.tiles) +
                                 " tiles of 128x" + std::to_string(tiles.cols) +
                                 " fill under 3/4 of their last wave");
  // The persistent warp-specialized kernel (a producer warpgroup, two
  // consumers) with 4 ring slots, once its stores kept ptxas from
  // serializing its wgmmas (storeCTransposed). On an H100, over the nine
  // padded shapes these heuristics swap, 84.4 % of cuBLAS (geomean) where
  // the plain kernel (every warpgroup computes, thread 0 loads) ran 82.7,
  // ahead at all but 680x5120x5120; 6 slots ran 100 % at 288x8192x8192 but
  // 74-76 % at 300x8192x28672, where 4 ran 87
  // (results/2026-12-06-ws-swap-ab, call 1).
  useCooperativeWgmma(swapped, tiles.cols);
  swapped.pingpong = false;
  swapped.tmaStore = false;
  swapped.streamK = false;
  swapped.splitK = 1;
  swapped.groupM = 8;
  if (!swapped.validate(chip).empty())
    return false;
  plan = swapped;
  why = "M = " + std::to_string(p.m) + " would be " +
        std::to_string(ceilDiv(p.m, 128) * 128) +
        " rows of 128-row tiles: swap-AB, C^T = B A^T in " +
        std::to_string(tiles.tiles) + " tiles of 128 rows of N x " +
        std::to_string(tiles.cols) + " of M";
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": " << why
                 << "; plan " << plan.str() << "\n";
  return true;
}
