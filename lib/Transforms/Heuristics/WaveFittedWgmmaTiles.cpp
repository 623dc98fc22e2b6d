//===- WaveFittedWgmmaTiles.cpp - wgmma tile widths that fill the waves ---===//
//
// Where B is K-major (stored N x K, nn.Linear's layout) a wgmma tile may be
// any multiple of 8 columns wide: the heuristics' 256-column tiles narrow
// to the width whose tiles fill the SMs' waves best (waveFittedBlockN).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Support/WgmmaScheduleLimits.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"

#define DEBUG_TYPE "gemm-opt-heuristics"

using namespace mlir;
using namespace mlir::gemm_opt;

/// Shared memory the ring of a fitted plan may take: as many slots as fit
/// (at most 6) beside the epilogue's.
static constexpr int64_t kFittedRingBytes = 200 * 1024;

/// `plan`'s time in waveColumnCost's units, its stream-K tail (which
/// balances the last wave) counted as the rounds it takes.
static double planColumnCost(const GemmProblem &p, const ChipInfo &chip,
                             const WgmmaGemmPlan &plan, int64_t rowTiles) {
  int64_t tiles = rowTiles * ceilDiv(p.n, plan.bn);
  double waves = double(ceilDiv(tiles, chip.numSMs));
  if (plan.streamK) {
    ::gemm_opt::StreamKTail tail = ::gemm_opt::streamKTail(
        tiles, ceilDiv(p.k, plan.bk), chip.numSMs);
    if (tail.splitsTail())
      waves = double(tiles / chip.numSMs) + tail.tailWaves();
  }
  return waves * double(plan.bn + ::gemm_opt::kFittedColumnOverhead);
}

bool mlir::gemm_opt::fitWgmmaBlockNToWaves(const GemmProblem &p,
                                           const ChipInfo &chip,
                                           WgmmaGemmPlan &plan,
                                           std::string &why) {
  // The wide tiles of one matmul reading B K-major in 16-bit, whole: a
  // plan that splits K has fitted its units to the SMs already.
  if (!p.transposeB || plan.elemBytes != 2 || plan.swapAB ||
      plan.splitK > 1 || plan.bn != 256 || p.isBatched())
    return false;
  int64_t rowTiles = ceilDiv(p.m, plan.bm);
  int64_t bn = ::gemm_opt::waveFittedBlockN(rowTiles, p.n, chip.numSMs);
  double now = planColumnCost(p, chip, plan, rowTiles);
  double fitted = double(
      ::gemm_opt::waveColumnCost(rowTiles, p.n, bn, chip.numSMs));
  // Only where it saves a twentieth: a narrower tile reuses each K step's
  // A tile over fewer columns.
  if (bn == plan.bn || 20 * fitted > 19 * now)
    return false;
  int64_t tiles = rowTiles * ceilDiv(p.n, bn);
  why = std::to_string(plan.bm) + "x" + std::to_string(bn) + " tiles (" +
        std::to_string(tiles) + ") fill the waves of " +
        std::to_string(chip.numSMs) + " SMs best (" +
        std::to_string(rowTiles * ceilDiv(p.n, plan.bn)) + " of " +
        std::to_string(plan.bm) + "x256)";
  plan.bn = bn;
  plan.streamK = false;
  plan.stages = std::min<int64_t>(
      6, kFittedRingBytes / ((plan.bm + bn) * plan.bk * plan.elemBytes));
  plan.stages = std::min(plan.stages, ::gemm_opt::maxSteadyPersistentWgmmaStages(
                                          tiles, chip.numSMs));
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << why << "; plan " << plan.str() << "\n";
  return true;
}
