//===- WgmmaScheduleLimits.h - What wgmma plans keep to ---------*- C++ -*-===//
//
// Measured limits that both the heuristics (TensorCoreHeuristics.cpp) and
// the tuner's candidate space (tools/gemm-run/TuneCandidates.cpp) keep to
// when they plan the wgmma kernel. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H
#define GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H

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

/// Stream-K's split last wave (WgmmaStreamK.cpp): the K parts each of the
/// last wave's tiles splits into when `tiles` tiles of `kTiles` K tiles run
/// on `numSMs` persistent blocks; 1 (no split) for whole waves only or
/// where two parts do not fit. A part keeps at least 8 K tiles (its partial
/// costs about one K step's loads to write and to read back), a tile at
/// most 16 parts.
inline int64_t streamKTailSplits(int64_t tiles, int64_t kTiles,
                                 int64_t numSMs) {
  constexpr int64_t kMinPartKTiles = 8, kMaxParts = 16;
  int64_t tail = tiles % numSMs;
  if (tail == 0)
    return 1;
  int64_t parts = numSMs / tail;
  if (kTiles / kMinPartKTiles < parts)
    parts = kTiles / kMinPartKTiles;
  if (kMaxParts < parts)
    parts = kMaxParts;
  return parts < 2 ? 1 : parts;
}

} // namespace gemm_opt

#endif // GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H
