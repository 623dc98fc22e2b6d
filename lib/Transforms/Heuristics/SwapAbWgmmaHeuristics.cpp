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

/// Takes the stream-K plan `candidate` (`kernel` names it) as `plan` where
/// it fits `p`'s tail and the chip, with `because` as the reason.
static bool takeStreamKPlan(const GemmProblem &p, const ChipInfo &chip,
                            const WgmmaGemmPlan &candidate, WgmmaGemmPlan &plan,
                            std::string &why, const std::string &because,
                            const std::string &kernel) {
  std::string misfit = checkWgmmaStreamK(p, candidate);
  if (misfit.empty())
    misfit = candidate.validate(chip);
  if (!misfit.empty()) {
    GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                   << because << ", but no " << kernel << ": " << misfit
                   << "\n";
    return false;
  }
  plan = candidate;
  why = "M = " + std::to_string(p.m) + ": " + because + ": " + kernel;
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": " << why
                 << "; plan " << plan.str() << "\n";
  return true;
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
  return takeStreamKPlan(p, chip, split, plan, why, becauseNoSwap,
                         "128x256 tiles with stream-K");
}

/// The swap-AB plan of `tiles`, cooperative and persistent with 4 ring
/// slots, C stored from registers.
static WgmmaGemmPlan swapAbPlan(const WgmmaGemmPlan &plan,
                                const SwapAbWgmmaTiles &tiles) {
  WgmmaGemmPlan swapped = plan;
  swapped.swapAB = true;
  useCooperativeWgmma(swapped, tiles.cols);
  swapped.pingpong = false;
  swapped.tmaStore = false;
  swapped.streamK = false;
  swapped.splitK = 1;
  swapped.groupM = 8;
  return swapped;
}

/// Swap-AB with stream-K over its last wave, where that wave is under 3/4
/// full and 128-row tiles of A would compute more than a fifth more rows
/// than M. Measured on an H100 against the 128x256 stream-K kernel these
/// heuristics gave before (bf16, B stored N x K, K = 8192 unless given,
/// % of cuBLAS interleaved, results/2026-12-07-session40, call 4): M = 300
/// at N = 9216 / 10240 / 11008 / 12288 / 18432 87.3 / 84.9 / 83.3 / 84.2 /
/// 96.7 against 76.5 / 75.8 / 68.8 / 77.8 / 73.0, 300x10240x13824 90.6
/// against 87.9, 288x10240x8192 86.1 against 69.0, 400x12288x8192 85.8
/// against 76.8; but 560x6144x8192 (128-row tiles pad M by 14 %) 76.7
/// against 81.6, and at 320x10240x8192 (by 20 %) 98.1 us against 92.9
/// (143.1 % against 138.6 of two cuBLAS runs 9 % apart). Where the swapped
/// tiles make one wave (80 at N = 5120) stream-K splits nothing. Not
/// measured: f16, the H200.
static bool useSwapAbStreamK(const GemmProblem &p, const ChipInfo &chip,
                             const SwapAbWgmmaTiles &tiles, WgmmaGemmPlan &plan,
                             std::string &why, const std::string &underfilled) {
  int64_t padding = ceilDiv(p.m, 128) * 128 - p.m;
  if (5 * padding <= p.m)
    return false;
  WgmmaGemmPlan swapped = swapAbPlan(plan, tiles);
  swapped.streamK = true;
  ::gemm_opt::StreamKTail tail = ::gemm_opt::streamKTail(
      tiles.tiles, ceilDiv(p.k, swapped.bk), swapped.persistentBlocks);
  if (!tail.splitsTail())
    return false;
  fitStreamKRegisters(p, swapped);
  return takeStreamKPlan(p, chip, swapped, plan, why, underfilled,
                         "swap-AB with stream-K over it");
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
  // SMs (300x5120x13824) the stream-K kernel is ahead; where stream-K
  // splits swap-AB's own last wave, that one (useSwapAbStreamK).
  SwapAbWgmmaTiles tiles = chooseSwapAbWgmmaTiles(p.m, p.n, chip.numSMs);
  int64_t waves = ceilDiv(tiles.tiles, chip.numSMs);
  if (4 * tiles.tiles < 3 * waves * chip.numSMs) {
    std::string underfilled = "swap-AB's " + std::to_string(tiles.tiles) +
                              " tiles of 128x" + std::to_string(tiles.cols) +
                              " fill under 3/4 of their last wave";
    return useSwapAbStreamK(p, chip, tiles, plan, why, underfilled) ||
           usePaddedMStreamK(p, chip, plan, why, underfilled);
  }
  // The persistent warp-specialized kernel (a producer warpgroup, two
  // consumers) with 4 ring slots, once its stores kept ptxas from
  // serializing its wgmmas (storeCTransposed). On an H100, over the nine
  // padded shapes these heuristics swap, 84.4 % of cuBLAS (geomean) where
  // the plain kernel (every warpgroup computes, thread 0 loads) ran 82.7,
  // ahead at all but 680x5120x5120; 6 slots ran 100 % at 288x8192x8192 but
  // 74-76 % at 300x8192x28672, where 4 ran 87
  // (results/2026-12-06-ws-swap-ab, call 1).
  swapped = swapAbPlan(plan, tiles);
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
