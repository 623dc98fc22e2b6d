//===- ClusterHeuristics.cpp - wgmma clusters where multicast pays --------===//
//
// Whether the wgmma heuristics' plan runs in clusters of two blocks that
// share an operand through TMA multicast (WgmmaGemmPlan::clusterM / N). A
// cluster halves the L2 reads of the operand it shares; that pays where a
// wave of tiles is bound by those reads, and costs a little elsewhere (the
// blocks of a cluster wait for each other's slot releases).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"

#define DEBUG_TYPE "gemm-opt-heuristics"

using namespace mlir;
using namespace mlir::gemm_opt;

/// The family where clusters of two won with the same tiles, measured on
/// the H100 (bf16, B stored N x K, % of cuBLAS interleaved, two runs each,
/// results/2026-12-07-session37/call4): the cooperative 128x192 tiles of
/// chooseFewWaveWgmmaTiles over an even count of 128-row tiles, in clusters
/// along M sharing B's K tiles: 256x10240x5120 84.7 / 83.0 -> 88.4 / 88.2,
/// 512x5120x5120 80.0 / 82.1 -> 84.7 / 84.2, 512x6144x4096 82.6 / 79.6 ->
/// 91.6 / 90.8, 1536x10240x5120 73.2 / 72.8 -> 83.5 / 83.7, 512x5120x13824
/// 82.9 / 83.2 -> 82.8 / 82.7 (geomean 80.6 / 80.1 -> 86.1 / 85.9).
/// 16-bit inputs only, as measured (TF32's copied B has not run in a
/// cluster). Not elsewhere: swap-AB's two column tiles at M = 300 shared the
/// weight's tile for nothing (the unseen suite's eight layers 78.0 / 77.7
/// without, 78.1 / 77.4 with, call4), and pairs along the swapped M sharing
/// the activation's tile lost (78.5 -> 73.5 / 73.3; over twelve other
/// padded shapes 88.7 -> 87.2: results/2026-12-07-session38/call1); 128x256
/// tiles tied at 512x8192x8192 and 512x8192x28672, 128x160 and 128x240 lost a
/// point or two at 512x10240x8192 and 512x15360x5120 (call2/tune-512).
void mlir::gemm_opt::chooseWgmmaCluster(const GemmProblem &p,
                                        WgmmaGemmPlan &plan) {
  int64_t rowTiles = ceilDiv(p.m, plan.bm);
  if (plan.elemBytes != 2 || !plan.warpSpecialized || !plan.persistent ||
      plan.consumers != 2 || plan.streamK || plan.splitK != 1 ||
      plan.pingpong || plan.swapAB || plan.bm != 128 || plan.bn != 192 ||
      rowTiles % 2)
    return;
  WgmmaGemmPlan clustered = plan;
  clustered.clusterM = 2;
  if (std::string misfit = checkWgmmaCluster(p, clustered); !misfit.empty()) {
    GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k
                   << ": no cluster: " << misfit << "\n";
    return;
  }
  plan = clustered;
  GEMM_OPT_DBG() << "wgmma: " << p.m << "x" << p.n << "x" << p.k << ": "
                 << rowTiles
                 << " row tiles of 128x192 read each tile of B: clusters of 2 "
                    "along M multicast it; plan "
                 << plan.str() << "\n";
}
