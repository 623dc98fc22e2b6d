//===- WgmmaScheduleLimits.h - What wgmma plans keep to ---------*- C++ -*-===//
//
// Measured limits that both the heuristics (TensorCoreHeuristics.cpp) and
// the tuner's candidate space (tools/gemm-run/TuneCandidates.cpp) keep to
// when they plan the wgmma kernel. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H
#define GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H

#include <algorithm>
#include <cstdint>

namespace gemm_opt {

/// K tiles each split keeps at least where K is split: the ring's prologue
/// and the partial's store are paid once per unit.
inline constexpr int64_t kMinWgmmaSplitKTiles = 16;

/// The deepest TMA ring the persistent cooperative kernel keeps steady with
/// `tiles` tiles on `numSMs` blocks: any the rung takes (8) where each block
/// computes one tile, 4 where blocks compute several. With 6 slots on
/// several tiles a block it ran at 69-104% of cuBLAS from shape to shape and
/// run to run where 4 slots held 94-103 (results/2026-12-03-tuning-sweep).
inline int64_t maxSteadyPersistentWgmmaStages(int64_t tiles, int64_t numSMs) {
  return tiles <= numSMs ? 8 : 4;
}

/// Stream-K's split last wave (WgmmaStreamK.cpp) when `tiles` tiles of
/// `kTiles` K tiles each run on `numSMs` persistent blocks: the tiles of
/// whole waves stay whole, and each of the R tiles of the last wave splits
/// along K into `splits` equal parts, one per block (R * splits blocks), so
/// that the blocks of the last wave run at the same K offsets and share
/// their operands in L2. A part keeps at least 8 K tiles (its partial costs
/// about one K step's loads to write and to read back), a tile at most 16
/// parts; `splits` is 0 (nothing splits) for whole waves only or where two
/// parts of each tile do not fit beside each other. Ranges of equal length
/// that cross from one tile into the next balance a last wave over half
/// full, but their blocks run at staggered K offsets: 300x5120x13824 (100
/// tiles of 64x256 on 132 SMs) took 38 % of cuBLAS against 79 % unsplit
/// (results/2026-12-04-stream-k-ranges).
struct StreamKTail {
  int64_t wholeTiles = 0, tailTiles = 0, splits = 0;
  bool splitsTail() const { return splits >= 2; }
  /// Blocks computing the last wave.
  int64_t blocks() const { return tailTiles * splits; }
  /// The last wave's time in tile times (1 when nothing splits).
  double tailWaves() const { return splitsTail() ? 1.0 / double(splits) : 1.0; }
};

inline StreamKTail streamKTail(int64_t tiles, int64_t kTiles, int64_t numSMs) {
  constexpr int64_t kMinPartKTiles = 8, kMaxParts = 16;
  StreamKTail t;
  int64_t tail = tiles % numSMs;
  if (tail == 0)
    return t;
  int64_t parts = std::min({numSMs / tail, kTiles / kMinPartKTiles, kMaxParts});
  if (parts < 2)
    return t;
  t.wholeTiles = tiles - tail;
  t.tailTiles = tail;
  t.splits = parts;
  return t;
}

} // namespace gemm_opt

#endif // GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H
