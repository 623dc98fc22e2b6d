//===- DynamicRanges.cpp - The M ranges of a dynamic matmul's variants ----===//
//
// A variant is planned for the largest M of its range and runs every M in
// it, so a range is as wide as one plan stays good over:
// - M <= 3: the GEMV kernel computes all its planned rows (the extra rows
//   cost FMAs, not weight traffic), so M = 1 — decode — gets its own; in
//   f16/bf16 M = 3 plans swap-AB (chooseGemvPlan), so 2 .. 3 runs it too
//   (at M = 2 neither kernel wins every layer, results/2026-12-04-gemv-rows);
// - 4 .. 64: swap-AB computes whole 8-row tiles of its planned rows, so
//   the ranges double (at most half of the tiles are wasted; the weight
//   stream, which these shapes are bound by, is the same);
// - above: wgmma tiles cover the actual M (the grid comes from it); the
//   plan's tile shape and wave count are what the planned M decides, so
//   the ranges double up to 512, where the few-wave plans end, then one
//   range to 2048 and one for everything larger, planned at 4096.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Heuristics/DynamicRanges.h"

using namespace mlir;
using namespace mlir::gemm_opt;

SmallVector<MRange> mlir::gemm_opt::chooseDynamicMRanges() {
  static const int64_t bounds[] = {1, 3, 8, 16, 32, 64, 128, 256, 512, 2048};
  SmallVector<MRange> ranges;
  int64_t lo = 1;
  for (int64_t hi : bounds) {
    ranges.push_back({lo, hi, hi});
    lo = hi + 1;
  }
  ranges.push_back({lo, kMaxSymbolValue, 4096});
  return ranges;
}
