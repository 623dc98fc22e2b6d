//===- TuneCandidates.cpp - The plans gemm-run --tune tries ---------------===//
//
// The cost model only orders and thins the space; the measurement decides.
// A tile's time on an SM grows with its multiply-adds (padding included:
// 128-row tiles at M = 32 compute 3/4 padding) and shrinks with its
// arithmetic intensity I = BM*BN/(BM+BN) (operand bytes per K step), rate
// I/(I+24) relative to 128x256's: 128x128 ~0.93 of 128x256, as the
// cooperative kernels measured (~0.9, TensorCoreHeuristics.cpp). The grid
// runs in waves of (SMs x blocks per SM) tiles, and the last one's idle SMs
// cost a whole wave. The schedule scales the rate: a producer warpgroup
// (warp-specialized) and a persistent grid hide the loads best, TMA stores
// the epilogue (results/2026-11-30-tma-store: +2%). Small M is bound by
// streaming B, where tiles differ little and all stay candidates.
//
//===----------------------------------------------------------------------===//

#include "TuneCandidates.h"
#include "gemm-opt/Support/WgmmaScheduleLimits.h"
#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

using namespace gemm_run;

std::vector<std::string> gemm_run::tunedRungs(const std::string &stage) {
  if (stage == "wgmma")
    return {"mma", "wgmma"};
  return {"mma"};
}

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// K tiles at or below which writing C takes much of a tile's time (a tile
/// reads (BM + BN) x K and writes BM x BN): there the candidates include
/// TMA stores staging all of a tile's boxes (the wgmma plan's
/// store_buffers), which drain during the next tile's K loop.
constexpr int64_t kShortKTiles = 8;

/// The largest M the swap-AB wgmma candidates are tried at: beyond it
/// 128-row tiles pad at most a sixteenth of M.
constexpr int64_t kSwapAbWgmmaMaxRows = 2048;

/// The rate of a BM x BN tile relative to 128x256.
double tileRate(int64_t bm, int64_t bn) {
  auto rate = [](double i) { return i / (i + 24); };
  return rate(double(bm * bn) / double(bm + bn)) / rate(256.0 * 128 / 384);
}

/// Estimated seconds of `tiles` tiles of BM x BN with `perSM` resident
/// blocks per SM (persistent: one, walking tiles), under a schedule that
/// reaches `speed` of the best one's overlap: the longest of the tensor
/// cores' time over the waves, HBM's for the bytes that must move (which a
/// grid of fewer blocks than ~48 SMs cannot pull at full rate) and L2's for
/// what the tiles read, over `speed`. Rough H200 figures (989 TFLOPS bf16,
/// 4.8 TB/s HBM, ~12 TB/s L2): they order the candidates, the measurement
/// decides. A cluster of `cluster` blocks along M (`alongM`) or N reads the
/// operand it shares once per cluster from L2 (TMA multicast), and runs on
/// the SMs that whole clusters fill.
double estimateSeconds(const TuneSpace &s, int64_t bm, int64_t bn, int perSM,
                       double speed, int64_t splits = 1, bool streamK = false,
                       int64_t cluster = 1, bool alongM = true) {
  constexpr double kMacsPerSM = 3.75e12, kHbm = 4.8e12, kL2 = 12e12;
  constexpr double kSMsToFillHbm = 48;
  // Split-K: each split's tiles take 1/splits of K, and the partials go to
  // memory and back.
  int64_t tiles = s.batch * ceilDiv(s.m, bm) * ceilDiv(s.n, bn) * splits;
  double k = double(s.k) / double(splits);
  int64_t sms = s.numSMs / cluster * cluster;
  double waves = double(ceilDiv(tiles, sms * perSM));
  // Stream-K (one block per SM): the last wave's tiles split along K
  // (streamKTail), plus about two K steps for each part's partial.
  if (streamK) {
    int64_t kTiles = s.kTiles();
    gemm_opt::StreamKTail tail = gemm_opt::streamKTail(tiles, kTiles, s.numSMs);
    if (tail.splitsTail())
      waves =
          double(tiles / s.numSMs) + (tail.tailWaves() + 2.0 / double(kTiles));
  }
  double macRate = kMacsPerSM * (s.elemBytes == 4 ? 0.5 : 1.0);
  double compute =
      waves * perSM * double(bm * bn) * k / (macRate * tileRate(bm, bn));
  double active = double(std::min<int64_t>(tiles, s.numSMs));
  double bytes = double(s.batch) * double(s.m * s.k + s.n * s.k) * s.elemBytes +
                 4.0 * double(s.batch * s.m * s.n) +
                 (splits > 1 ? 8.0 * double(splits * s.m * s.n) : 0.0);
  double hbm = bytes / (kHbm * std::min(1.0, active / kSMsToFillHbm));
  double rows = alongM ? double(bm) + double(bn) / double(cluster)
                       : double(bm) / double(cluster) + double(bn);
  double l2 = double(tiles) * rows * k * s.elemBytes / kL2;
  // Stream-K's flags kernel before the matmul and its last parts' sums.
  double fixed = streamK ? 3e-6 : 0.0;
  return std::max({compute, hbm, l2}) / speed + fixed;
}

std::string join(const std::vector<std::string> &items) {
  std::string s;
  for (const std::string &i : items)
    s += (s.empty() ? "" : " ") + i;
  return s;
}

/// Two-block cluster variants of the persistent warp-specialized candidate
/// `c` (BM x BN tiles over `s`, the swapped space for swap-AB): "cm2", two
/// blocks with consecutive M tiles sharing B's K tiles, and "cn2", along N
/// sharing A's, where the tiles in that direction come in whole clusters
/// (one matmul). The cost model counts the shared operand's L2 reads once
/// per cluster.
void addClusterVariants(const TuneSpace &s, const TuneCandidate &c, int64_t bm,
                        int64_t bn, double speed,
                        std::vector<TuneCandidate> &all) {
  if (s.batch != 1)
    return;
  for (bool alongM : {true, false}) {
    if ((alongM ? ceilDiv(s.m, bm) : ceilDiv(s.n, bn)) % 2)
      continue;
    TuneCandidate v = c;
    v.name += alongM ? " cm2" : " cn2";
    v.plan["wgmma"] += alongM ? " cluster-m=2" : " cluster-n=2";
    v.cost = estimateSeconds(s, bm, bn, 1, speed, 1, false, 2, alongM);
    v.cluster = true;
    all.push_back(std::move(v));
  }
}

/// The stream-K variant of the persistent cooperative candidate `c` over
/// `gridTiles` tiles of bm x bn (one matmul of `s`): where the last wave of
/// tiles can split along a long K (its flags kernel and partials cost
/// microseconds).
void addStreamKVariant(const TuneSpace &s, const TuneCandidate &c, int64_t bm,
                       int64_t bn, int perSM, double speed, int64_t gridTiles,
                       std::vector<TuneCandidate> &all) {
  int64_t kTiles = s.kTiles();
  if (s.batch != 1 || kTiles < 32 ||
      !gemm_opt::streamKTail(gridTiles, kTiles, s.numSMs).splitsTail())
    return;
  TuneCandidate stream = c;
  stream.name += " streamk";
  stream.plan["wgmma"] += " stream-k=1";
  stream.cost = estimateSeconds(s, bm, bn, perSM, speed, 1, /*streamK=*/true);
  all.push_back(std::move(stream));
}

/// Reorders `variants` (sorted by cost) so that variants without and with a
/// cluster alternate, each kind in cost order, the one without first.
void alternateClusterVariants(std::vector<TuneCandidate> &variants) {
  std::vector<TuneCandidate> plain, clustered;
  for (TuneCandidate &c : variants)
    (c.cluster ? clustered : plain).push_back(std::move(c));
  variants.clear();
  for (size_t i = 0; i < std::max(plain.size(), clustered.size()); ++i) {
    if (i < plain.size())
      variants.push_back(std::move(plain[i]));
    if (i < clustered.size())
      variants.push_back(std::move(clustered[i]));
  }
}

struct Pruner {
  TuneEnumeration &out;
  void prune(const std::string &why) { ++out.pruned[why]; }
};

/// The shared memory of a wgmma plan: a ring of `stages` slots of BM + BN
/// rows of 128 bytes, `storeBytes` of TMA-store staging, the alignment pad
/// and the slots' mbarriers.
int64_t wgmmaSharedBytes(int64_t bm, int64_t bn, int64_t stages,
                         int64_t storeBytes = 0) {
  return stages * (bm + bn) * 128 + storeBytes + 1024 + 8 * (2 * stages + 2);
}

/// The wgmma rung's options of a candidate (a tuning database entry's).
std::vector<std::string> wgmmaOptions(int64_t bm, int64_t bn, int64_t stages,
                                      int wgs, int groupM, bool ws,
                                      bool persistent, bool pingpong,
                                      bool tma) {
  return {"block-m=" + std::to_string(bm),
          "block-n=" + std::to_string(bn),
          "stages=" + std::to_string(stages),
          "warpgroups=" + std::to_string(wgs),
          "group-m=" + std::to_string(groupM),
          "warp-specialized=" + std::to_string(ws),
          "persistent=" + std::to_string(persistent),
          "pingpong=" + std::to_string(pingpong),
          "tma-store=" + std::to_string(tma),
          "max-registers=" + std::string(ws ? "168" : "0")};
}

/// The wgmma rung's space: tiles 64x64 .. 128x256, each with one or two
/// computing warpgroups and no producer, a producer, a persistent grid
/// (cooperative consumers) or ping-pong consumers, TMA stores where the
/// schedule takes them, and ring depths that fit.
void addWgmmaCandidates(const TuneSpace &s, std::vector<TuneCandidate> &all,
                        Pruner &pruner) {
  std::vector<std::pair<int64_t, int64_t>> tiles = {
      {64, 64},   {64, 128},  {64, 256}, {128, 64},
      {128, 128}, {128, 192}, {128, 256}};
  // B stored N x K (16-bit) takes any multiple of 8 columns: the widths
  // whose tiles fill the waves best, for either row count.
  if (s.transposeB && s.elemBytes == 2)
    for (int64_t bm : {64, 128}) {
      int64_t bn =
          gemm_opt::waveFittedBlockN(s.batch * ceilDiv(s.m, bm), s.n, s.numSMs);
      if (bn % 64)
        tiles.push_back({bm, bn});
    }
  struct Schedule {
    const char *name;
    bool ws, persistent, pingpong;
    double speed;
  };
  const Schedule schedules[] = {{"", false, false, false, 0.85},
                                {"producer", true, false, false, 0.95},
                                {"persistent", true, true, false, 1.0},
                                {"pingpong", true, true, true, 0.97}};
  for (auto [bm, bn] : tiles) {
    int64_t gridTiles = ceilDiv(s.m, bm) * ceilDiv(s.n, bn);
    int groupM = gridTiles >= s.numSMs ? 8 : 0;
    for (const Schedule &sch : schedules) {
      for (int wgs : {1, 2}) {
        int tileWgs = sch.pingpong ? 1 : wgs;
        if (sch.pingpong && wgs != 2)
          continue;
        if (bm % (64 * tileWgs) || bm / tileWgs / 64 * bn / 2 > 128)
          continue; // wgmma's m64 per warpgroup, 128 accumulators a thread
        if (sch.ws && !sch.pingpong && wgs != bm / 64)
          continue; // a producer's consumers split the rows
        for (int tma : {0, 1}) {
          if (tma && (!sch.ws || sch.pingpong))
            continue;
          if (tma && bn % (128 / s.cElemBytes))
            continue; // TMA stores stage whole 128-byte boxes of C
          // TMA stores: two staging boxes a warpgroup, or where K is short
          // (writing C is much of a tile's time) also all of a tile's.
          int64_t tileBoxes = bm / wgs / 64 * bn / (128 / s.cElemBytes);
          std::vector<int64_t> boxOptions = {2};
          if (tma && tileBoxes > 2 && tileBoxes <= 8 &&
              s.kTiles() <= kShortKTiles)
            boxOptions.push_back(tileBoxes);
          for (int64_t boxes : boxOptions)
            for (int stages : {2, 3, 4, 6, 8}) {
              // Two slots only for the short K of all of a tile's boxes.
              if (stages == 2 && boxes == 2)
                continue;
              int64_t shared = wgmmaSharedBytes(
                  bm, bn, stages, tma ? wgs * boxes * 64 * 128 : 0);
              if (shared > s.maxSharedBytes) {
                pruner.prune("shared memory: the ring does not fit");
                continue;
              }
              // Rings deeper than the persistent cooperative kernel keeps
              // steady: no measurement of them can be trusted to hold.
              if (sch.persistent && !sch.pingpong &&
                  stages > gemm_opt::maxSteadyPersistentWgmmaStages(gridTiles,
                                                                    s.numSMs)) {
                pruner.prune("ring: over 4 slots on blocks of several tiles");
                continue;
              }
              int perSM = sch.persistent || sch.ws
                              ? 1
                              : int(std::clamp<int64_t>(
                                    s.maxSharedBytes / shared, 1, 2));
              TuneCandidate c;
              c.tile = std::to_string(bm) + "x" + std::to_string(bn);
              c.name = c.tile + " wg" + std::to_string(wgs) + " s" +
                       std::to_string(stages) +
                       (sch.name[0] ? std::string(" ") + sch.name : "") +
                       (tma ? " tma" : "") +
                       (boxes != 2 ? " boxes" + std::to_string(boxes) : "");
              std::vector<std::string> o =
                  wgmmaOptions(bm, bn, stages, wgs, groupM, sch.ws,
                               sch.persistent, sch.pingpong, tma);
              if (boxes != 2)
                o.push_back("store-buffers=" + std::to_string(boxes));
              c.plan["mma"] = "small-m=0";
              c.plan["wgmma"] = join(o);
              // Deeper rings than 4 only pay on long K; 3 slots may starve.
              double depth = stages >= 4 ? 1.0 : 0.97;
              double speed = sch.speed * depth * (tma ? 1.02 : 1.0) *
                             (boxes != 2 ? 1.03 : 1.0);
              c.cost = estimateSeconds(s, bm, bn, perSM, speed);
              int64_t kTiles = s.kTiles();
              if (sch.persistent && !sch.pingpong)
                addStreamKVariant(s, c, bm, bn, perSM, speed, gridTiles, all);
              // Split-K (the kernels with a producer and cooperative
              // consumers storing from registers): grids of at most half the
              // SMs, each split at least 16 K tiles, one wave of units.
              if (sch.ws && !sch.pingpong && !tma && s.batch == 1)
                for (int64_t splits : {2, 3, 4, 6, 8}) {
                  if (gridTiles * splits > s.numSMs ||
                      kTiles / splits < gemm_opt::kMinWgmmaSplitKTiles)
                    continue;
                  TuneCandidate split = c;
                  split.name += " split" + std::to_string(splits);
                  split.plan["wgmma"] += " split-k=" + std::to_string(splits);
                  split.cost = estimateSeconds(s, bm, bn, perSM, speed, splits);
                  all.push_back(std::move(split));
                }
              if (sch.persistent)
                addClusterVariants(s, c, bm, bn, speed, all);
              all.push_back(std::move(c));
            }
        }
      }
    }
  }
}

/// The wgmma rung's swap-AB kernel (C^T = B A^T: 128 rows of N by `cols`
/// of M, a multiple of 8) where M leaves 64- and 128-row tiles partly
/// padding: 16-bit nt, one matmul. Columns for t tiles along M, from the
/// fewest (at most 256 each) down to 64; the plain kernel with 4 ring
/// slots, and the persistent warp-specialized one with the ring that fits
/// (results/2026-12-06-ws-swap-ab).
void addSwapAbWgmmaCandidates(const TuneSpace &s,
                              std::vector<TuneCandidate> &all,
                              Pruner &pruner) {
  if (s.batch != 1 || s.elemBytes != 2 || s.transposeA || !s.transposeB ||
      s.m % 64 == 0 || s.m > kSwapAbWgmmaMaxRows)
    return;
  TuneSpace swapped = s;
  std::swap(swapped.m, swapped.n);
  int64_t lastCols = 0;
  for (int64_t t = ceilDiv(s.m, 256);; ++t) {
    int64_t cols = ceilDiv(ceilDiv(s.m, t), 8) * 8;
    if (cols < 64)
      break;
    if (cols == lastCols)
      continue;
    lastCols = cols;
    int64_t gridTiles = t * ceilDiv(s.n, 128);
    for (bool ws : {false, true}) {
      int64_t stages =
          ws ? std::min<int64_t>(6, gemm_opt::maxSteadyPersistentWgmmaStages(
                                        gridTiles, s.numSMs))
             : 4;
      while (ws && stages > 2 &&
             wgmmaSharedBytes(128, cols, stages) > s.maxSharedBytes)
        --stages;
      if (wgmmaSharedBytes(128, cols, stages) > s.maxSharedBytes) {
        pruner.prune("shared memory: the ring does not fit");
        continue;
      }
      TuneCandidate c;
      c.tile = "swap 128x" + std::to_string(cols);
      c.name = c.tile + " s" + std::to_string(stages) +
               (ws ? " persistent" : "");
      c.plan["mma"] = "small-m=0";
      std::vector<std::string> o =
          wgmmaOptions(128, cols, stages, 2, gridTiles >= s.numSMs ? 8 : 0, ws,
                       ws, /*pingpong=*/false, /*tma=*/false);
      o.push_back("swap-ab=1");
      c.plan["wgmma"] = join(o);
      c.cost = estimateSeconds(swapped, 128, cols, 1, ws ? 1.0 : 0.9);
      // Stream-K over the swapped tiles (300x10240x8192: 160 tiles on 132
      // SMs, 84.9 % of cuBLAS on an H100 where 128x256 stream-K tiles ran
      // 75.8, results/2026-12-07-session40).
      if (ws) {
        addStreamKVariant(swapped, c, 128, cols, 1, 1.0, gridTiles, all);
        addClusterVariants(swapped, c, 128, cols, 1.0, all);
      }
      all.push_back(std::move(c));
    }
  }
}

/// The mma rung's space: block and warp tiles of 4 or 8 warps, 3 or 4
/// stages.
void addMmaCandidates(const TuneSpace &s, std::vector<TuneCandidate> &all,
                      Pruner &pruner) {
  const int64_t tiles[][2] = {{64, 64}, {64, 128}, {128, 128}, {128, 256}};
  const int64_t warps[][2] = {{32, 32}, {64, 32}, {64, 64}};
  int64_t bk = s.elemBytes == 4 ? 16 : 32;
  for (auto [bm, bn] : tiles)
    for (auto [wm, wn] : warps) {
      int64_t count = (bm / wm) * (bn / wn);
      if (bm % wm || bn % wn || (count != 4 && count != 8))
        continue;
      for (int stages : {3, 4}) {
        int64_t shared = stages * (bm + bn) * bk * s.elemBytes;
        if (shared > s.maxSharedBytes) {
          pruner.prune("shared memory: the ring does not fit");
          continue;
        }
        int64_t gridTiles = ceilDiv(s.m, bm) * ceilDiv(s.n, bn);
        TuneCandidate c;
        c.tile = std::to_string(bm) + "x" + std::to_string(bn);
        c.name = c.tile + " warp " + std::to_string(wm) + "x" +
                 std::to_string(wn) + " s" + std::to_string(stages);
        c.plan["mma"] = "small-m=0 block-m=" + std::to_string(bm) +
                        " block-n=" + std::to_string(bn) +
                        " block-k=" + std::to_string(bk) +
                        " warp-m=" + std::to_string(wm) +
                        " warp-n=" + std::to_string(wn) +
                        " stages=" + std::to_string(stages) + " group-m=" +
                        std::to_string(gridTiles >= s.numSMs ? 8 : 0);
        // 64x64 warp tiles feed the most mma.sync per ldmatrix
        // (results/2026-11-30-mma-sweep: 15-20% over 64x32).
        double speed = wm * wn == 4096 ? 1.0 : wm * wn == 2048 ? 0.85 : 0.75;
        int perSM = int(std::clamp<int64_t>(s.maxSharedBytes / shared, 1, 2));
        c.cost = estimateSeconds(s, bm, bn, perSM, speed);
        all.push_back(std::move(c));
      }
    }
}

/// The small-M kernels' variants where they may apply (a single matmul of
/// few rows of A stored M x K, 16-byte rows; the rungs refuse the rest):
/// the weight-streaming kernel (B stored N x K) by warps per
/// block and chunks in flight, and the swap-AB kernel (16-bit) by warps
/// splitting K, row tiles and steps in flight, around the heuristics'
/// choices (TensorCoreHeuristics.cpp; results/2026-12-02-small-m-variants
/// measured nine of the swap-AB variants: each won some layer or layout).
std::vector<TuneCandidate> smallMCandidates(const TuneSpace &s) {
  std::vector<TuneCandidate> out;
  if (s.batch != 1 || s.m > mlir::gemm_opt::kSwapAbMaxRows || s.transposeA ||
      (s.k * s.elemBytes) % 16 != 0)
    return out;
  auto add = [&](std::string name, std::string options) {
    TuneCandidate c;
    c.name = std::move(name);
    c.tile = "small-m";
    c.plan["mma"] = "small-m=1 " + options;
    out.push_back(std::move(c));
  };
  if (s.transposeB && s.m <= mlir::gemm_opt::kGemvMaxRows)
    for (auto [warps, unroll] :
         {std::pair{8, 4}, {8, 2}, {8, 8}, {4, 4}, {4, 8}, {16, 2}}) {
      std::string w = std::to_string(warps), u = std::to_string(unroll);
      add("gemv w" + w + " u" + u,
          "small-m-kernel=gemv gemv-warps=" + w + " gemv-unroll=" + u);
    }
  if (s.elemBytes == 2)
    for (auto [warps, rows, unroll] : {std::tuple{8, 1, 2},
                                       {8, 1, 1},
                                       {8, 1, 4},
                                       {8, 2, 2},
                                       {8, 2, 1},
                                       {8, 4, 1},
                                       {8, 4, 2},
                                       {16, 1, 2},
                                       {16, 2, 1},
                                       {4, 1, 4}}) {
      std::string w = std::to_string(warps), r = std::to_string(rows),
                  u = std::to_string(unroll);
      add("swap-ab w" + w + " r" + r + " u" + u,
          "small-m-kernel=swap-ab swap-ab-k-warps=" + w +
              " swap-ab-row-tiles=" + r + " swap-ab-unroll=" + u);
    }
  return out;
}

} // namespace

TuneEnumeration gemm_run::enumerateTuneCandidates(const TuneSpace &space,
                                                  unsigned maxCount,
                                                  unsigned shard,
                                                  unsigned shards) {
  TuneEnumeration out;
  Pruner pruner{out};
  std::vector<TuneCandidate> all;
  if (space.stage == "wgmma") {
    addWgmmaCandidates(space, all, pruner);
    addSwapAbWgmmaCandidates(space, all, pruner);
  }
  else
    addMmaCandidates(space, all, pruner);
  out.considered = int(all.size());
  for (auto &[why, count] : out.pruned)
    out.considered += count;
  // Tiles whose best estimate is far off the best tile's are not measured
  // (the best of those without a cluster: see TuneCandidate::cluster).
  constexpr double kCostSlack = 1.5;
  double best = 0;
  for (const TuneCandidate &c : all)
    if (!c.cluster && (best == 0 || c.cost < best))
      best = c.cost;
  std::stable_sort(all.begin(), all.end(), [](auto &a, auto &b) {
    return a.cost < b.cost;
  });
  // Round robin over tiles in order of their best estimate, so that the
  // cap keeps several tiles rather than one tile's variants.
  std::vector<std::string> order;
  std::map<std::string, std::vector<TuneCandidate>> byTile;
  for (TuneCandidate &c : all) {
    if (c.cost > kCostSlack * best) {
      pruner.prune("cost model: over 1.5x the best estimate");
      continue;
    }
    if (!byTile.count(c.tile))
      order.push_back(c.tile);
    byTile[c.tile].push_back(std::move(c));
  }
  // Within a tile, cluster and non-cluster variants alternate, the best
  // without a cluster first: the model's L2 saving ranks every cluster
  // variant first, which kept ping-pong, stream-K and TMA-store variants
  // out of the sweep, while on the H100 clusters won at about a third of
  // the mid-M shapes (results/2026-12-07-session36).
  for (const std::string &tile : order)
    alternateClusterVariants(byTile[tile]);
  std::vector<TuneCandidate> ranked;
  for (size_t round = 0; ranked.size() < all.size(); ++round) {
    bool any = false;
    for (const std::string &tile : order)
      if (round < byTile[tile].size()) {
        ranked.push_back(byTile[tile][round]);
        any = true;
      }
    if (!any)
      break;
  }
  // The heuristics' plan first, in every shard: the baseline (its parts
  // "" until compiled, then the plan they chose, written out).
  TuneCandidate heuristic;
  heuristic.name = "heuristic";
  for (const std::string &rung : tunedRungs(space.stage))
    heuristic.plan[rung] = "";
  out.candidates.push_back(heuristic);
  // The small-M kernels' few variants are all measured, beside the tiles
  // (--tune-max counts the tiles only).
  std::vector<TuneCandidate> small = smallMCandidates(space);
  out.considered += int(small.size());
  for (size_t i = 0; i < small.size(); ++i)
    if (i % shards == shard)
      out.candidates.push_back(small[i]);
  unsigned taken = 0;
  for (size_t i = 0; i < ranked.size(); ++i) {
    if (i % shards != shard)
      continue;
    if (taken == maxCount) {
      pruner.prune("beyond --tune-max");
      continue;
    }
    out.candidates.push_back(ranked[i]);
    ++taken;
  }
  return out;
}
