//===- TuneCandidates.h - The plans gemm-run --tune tries -------*- C++ -*-===//
//
// The plan space the tensor-core rungs expose for one matmul, as rung
// options (what a tuning database entry holds), pruned by what cannot fit
// the chip's shared memory and by a cheap cost model (waves of tiles on the
// SMs, the tile's arithmetic intensity, the kernel's schedule), ordered by
// the model with tile shapes taken in turn, sharded and capped. The rungs'
// verifiers prune the rest when each candidate compiles (TuneDriver.cpp).
// MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUN_TUNECANDIDATES_H
#define GEMM_RUN_TUNECANDIDATES_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gemm_run {

/// What the enumeration needs to know of the problem and the chip.
struct TuneSpace {
  std::string stage = "wgmma"; ///< "wgmma" or "mma"
  int64_t batch = 1, m = 0, n = 0, k = 0;
  int elemBytes = 2;    ///< A and B (4: f32 computed as TF32)
  int cElemBytes = 4;   ///< C
  bool transposeA = false, transposeB = false;
  int numSMs = 132;
  int64_t maxSharedBytes = 232448; ///< per block (227 KB on sm_90)
  /// K tiles of 128 bytes (the wgmma rung's block-k).
  int64_t kTiles() const { return (k + 128 / elemBytes - 1) / (128 / elemBytes); }
};

struct TuneCandidate {
  std::string name;
  /// Rung -> pass options; every rung of the stage has a part, "" = its
  /// heuristics (the first candidate: the heuristics' own plan). Once
  /// compiled, the tuner replaces them with what the rungs planned, every
  /// choice explicit (CompiledStage::plan): what it measures and records.
  std::map<std::string, std::string> plan;
  std::string tile; ///< "128x256"; groups candidates for the round robin
  double cost = 0;  ///< the model's relative time (lower is better)
  /// A cluster variant: its L2 saving is the model's guess until GPU runs
  /// measure it, so it sets no bar that prunes the others.
  bool cluster = false;
};

struct TuneEnumeration {
  std::vector<TuneCandidate> candidates; ///< to compile, in order
  int considered = 0;
  std::map<std::string, int> pruned; ///< reason -> count
};

/// The candidates of shard `shard` of `shards` (every shards-th of the
/// ordered list), at most `maxCount` besides the heuristics' plan, which
/// every shard compiles as the baseline.
TuneEnumeration enumerateTuneCandidates(const TuneSpace &space,
                                        unsigned maxCount, unsigned shard = 0,
                                        unsigned shards = 1);

/// The rungs whose options a stage's plan holds ("wgmma": mma and wgmma).
std::vector<std::string> tunedRungs(const std::string &stage);

} // namespace gemm_run

#endif // GEMM_RUN_TUNECANDIDATES_H
