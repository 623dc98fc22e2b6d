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
/// along K into `splits` equal parts. The parts are units numbered part-major
/// (unit j*R + t: part j of tail tile t), block b takes units b, b + P, ...,
/// so that the blocks of a round run (almost all) the same part of their
/// tiles, at the same K offsets, and share their operands in L2. Where the
/// parts of each tile fit beside each other on the SMs in one round (R*s
/// <= P), s is the most that do; otherwise (a last wave over half full,
/// after at least one whole wave) s takes the fewest K steps a block
/// computes in the tail, counting two K steps for each part's partial
/// (written once, read back once), over several rounds. A part keeps at
/// least 8 K tiles, a tile at most 16 parts; `splits` is 0 (nothing splits)
/// for whole waves only or where no split saves an eighth of the last wave.
/// A single wave over half full stays whole: in rounds, the blocks of one
/// tile's parts run at different times and each reads its K range of A and
/// B from DRAM, where unsplit blocks of a wave share B's panels; measured
/// (results/2026-12-05-stream-k-rounds) 300x5120x13824, 100 tiles in 5
/// parts over 4 rounds, 68.5 % of cuBLAS against 76.6 % unsplit, while
/// 300x10240x8192 (a whole wave, then 68 tiles in 5 parts over 3 rounds)
/// gained 6.5 % of its time. Ranges of equal length that
/// cross from one tile into the next run at staggered K offsets:
/// 300x5120x13824 (100 tiles of 64x256 on 132 SMs) took 38 % of cuBLAS
/// against 79 % unsplit (results/2026-12-04-stream-k-ranges).
struct StreamKTail {
  int64_t wholeTiles = 0, tailTiles = 0, splits = 0, numSMs = 0;
  bool splitsTail() const { return splits >= 2; }
  /// The tail's units (parts of tiles).
  int64_t units() const { return tailTiles * splits; }
  /// Blocks computing the last wave.
  int64_t blocks() const { return std::min(units(), numSMs); }
  /// Units a block computes at most.
  int64_t rounds() const { return (units() + numSMs - 1) / numSMs; }
  /// The last wave's time in tile times (1 when nothing splits).
  double tailWaves() const {
    return splitsTail() ? double(rounds()) / double(splits) : 1.0;
  }
};

inline StreamKTail streamKTail(int64_t tiles, int64_t kTiles, int64_t numSMs) {
  constexpr int64_t kMinPartKTiles = 8, kMaxParts = 16, kPartialKTiles = 2;
  StreamKTail t;
  int64_t tail = tiles % numSMs;
  int64_t most = std::min(kTiles / kMinPartKTiles, kMaxParts);
  if (tail == 0 || most < 2)
    return t;
  t.wholeTiles = tiles - tail;
  t.tailTiles = tail;
  t.numSMs = numSMs;
  if (int64_t oneRound = std::min(numSMs / tail, most); oneRound >= 2) {
    t.splits = oneRound;
    return t;
  }
  if (t.wholeTiles == 0)
    return StreamKTail();
  // K steps of a block's tail (x s, to compare without rounding).
  auto cost = [&](int64_t s) {
    return (tail * s + numSMs - 1) / numSMs * (kTiles + kPartialKTiles * s);
  };
  int64_t best = 0;
  for (int64_t s = 2; s <= most; ++s)
    if (!best || cost(s) * best < cost(best) * s)
      best = s;
  // Unsplit: kTiles steps; keep the split only where it saves an eighth.
  if (8 * cost(best) > 7 * kTiles * best)
    return StreamKTail();
  // The fewest parts within 3 % of the best: fewer partials to write.
  for (int64_t s = 2; s <= best; ++s)
    if (100 * cost(s) * best <= 103 * cost(best) * s) {
      t.splits = s;
      break;
    }
  return t;
}

/// The time of `rowTiles` x ceil(n / bn) tiles of `bn` columns on `numSMs`
/// blocks in column-waves: the waves times bn plus kFittedColumnOverhead
/// columns (what a tile costs whatever bn is: the A tile each K step reads,
/// the ring's fill, the epilogue's set-up; swap-AB's tiles count the same,
/// chooseSwapAbWgmmaTiles).
inline constexpr int64_t kFittedColumnOverhead = 32;
inline int64_t waveColumnCost(int64_t rowTiles, int64_t n, int64_t bn,
                              int64_t numSMs) {
  int64_t tiles = rowTiles * ((n + bn - 1) / bn);
  return (tiles + numSMs - 1) / numSMs * (bn + kFittedColumnOverhead);
}

/// A block-n fitted to the waves where B is K-major (stored N x K: wgmma's
/// n takes any multiple of 8 there): the multiple of 8 from `minBn` to 256
/// of the least waveColumnCost, the widest of equal costs. 300 x 5120 in
/// 64-row tiles: 5 x 26 tiles of 200 columns fill one wave (130 of 132
/// SMs) where 256-column ones leave 32 SMs idle.
inline int64_t waveFittedBlockN(int64_t rowTiles, int64_t n, int64_t numSMs,
                                int64_t minBn = 128) {
  int64_t best = 0, bestCost = 0;
  for (int64_t bn = minBn; bn <= 256; bn += 8)
    if (int64_t cost = waveColumnCost(rowTiles, n, bn, numSMs);
        !best || cost <= bestCost) {
      best = bn;
      bestCost = cost;
    }
  return best;
}

} // namespace gemm_opt

#endif // GEMM_OPT_SUPPORT_WGMMASCHEDULELIMITS_H
