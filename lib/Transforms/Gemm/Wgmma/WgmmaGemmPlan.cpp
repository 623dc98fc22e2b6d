//===- WgmmaGemmPlan.cpp - The wgmma rung's plan: validation, attribute -===//
//
// What a WgmmaGemmPlan may hold on a chip (validate: the attribute's rules,
// PlanChecks.cpp, then the chip's limits), its attribute on the launch and
// its one-line description, and which operand rows TMA cannot load
// (checkTmaRows). The kernel is in WgmmaGemm.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/WgmmaScheduleLimits.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Plan
//===----------------------------------------------------------------------===//

std::string WgmmaGemmPlan::validate(const ChipInfo &chip) const {
  std::string why = checkWgmmaPlan(
      bk, bm, bn, cElemBytes, clusterM, clusterN, consumerRegs, elemBytes,
      groupM, maxRegs, persistent, persistentBlocks, pingpong, producerRegs,
      splitK, stageA, stageB, stages, storeBuffers, streamK, swapAB, tmaStore,
      warpSpecialized, consumers);
  if (!why.empty())
    return why;
  // The mbarriers (a full and an empty one per slot, the turns of
  // ping-pong consumers) are static shared memory next to the dynamic ring.
  return checkKernelLimits(maxRegs, groupM, sharedBytes() + 8 * numBarriers(),
                           chip);
}

WgmmaPlanAttr WgmmaGemmPlan::toAttr(MLIRContext *ctx) const {
  return WgmmaPlanAttr::get(
      ctx, bk, bm, bn, cElemBytes, clusterM, clusterN, consumerRegs, elemBytes,
      groupM, maxRegs, persistent, persistentBlocks, pingpong, producerRegs,
      splitK, stageA, stageB, stages, storeBuffers, streamK, swapAB, tmaStore,
      warpSpecialized, consumers);
}

WgmmaGemmPlan WgmmaGemmPlan::fromAttr(WgmmaPlanAttr a) {
  WgmmaGemmPlan p;
  p.bm = a.getBm();
  p.bn = a.getBn();
  p.bk = a.getBk();
  p.stages = a.getStages();
  p.consumers = a.getWarpgroups();
  p.groupM = a.getGroupM();
  p.maxRegs = a.getMaxRegs();
  p.elemBytes = a.getElemBytes();
  p.cElemBytes = a.getCElemBytes();
  p.warpSpecialized = a.getWarpSpecialized();
  p.producerRegs = a.getProducerRegs();
  p.consumerRegs = a.getConsumerRegs();
  p.persistent = a.getPersistent();
  p.persistentBlocks = a.getPersistentBlocks();
  p.stageA = a.getStagedA();
  p.stageB = a.getStagedB();
  p.pingpong = a.getPingpong();
  p.tmaStore = a.getTmaStore();
  p.storeBuffers = a.getStoreBuffers();
  p.splitK = a.getSplitK();
  p.streamK = a.getStreamK();
  p.swapAB = a.getSwapAb();
  p.clusterM = a.getClusterM();
  p.clusterN = a.getClusterN();
  return p;
}

std::string WgmmaGemmPlan::str() const {
  auto s = [](int64_t v) { return std::to_string(v); };
  return "block " + s(bm) + "x" + s(bn) + "x" + s(bk) + ", " + s(consumers) +
         " warpgroup(s)" + (warpSpecialized ? " + producer" : "") +
         (persistent ? ", persistent" : "") + (pingpong ? ", ping-pong" : "") +
         (tmaStore ? ", TMA-store epilogue" : "") +
         (storeBuffers != 2 ? " (" + s(storeBuffers) + " boxes a warpgroup)"
                            : "") +
         (splitK > 1 ? ", split-K " + s(splitK) : "") +
         (streamK ? ", stream-K" : "") +
         (swapAB ? ", swap-AB (C^T = B A^T)" : "") +
         (clusterM > 1
              ? ", clusters of " + s(clusterM) + " along M (B multicast)"
              : "") +
         (clusterN > 1
              ? ", clusters of " + s(clusterN) + " along N (A multicast)"
              : "") +
         ", stages " + s(stages) + ", shared " + s(sharedBytes()) + " B" +
         (stageA || stageB ? std::string(", padded copies of ") +
                                 (stageA ? (stageB ? "A and B" : "A") : "B")
                           : "") +
         (kMajorB() ? ", tf32 from B transposed" : "");
}

TmaRowCheck mlir::gemm_opt::checkTmaRows(const GemmProblem &p) {
  int64_t bytes = p.aType.getIntOrFloatBitWidth() / 8;
  auto why = [](const char *name, int64_t len, const char *dim, int64_t n) {
    return std::string("rows of ") + name + " are " + std::to_string(len) +
           " bytes (" + dim + "=" + std::to_string(n) +
           "), not a multiple of 16 as TMA needs";
  };
  TmaRowCheck check;
  // A stored transposed is read through its transposed copy, whose rows the
  // transposing kernel pads to 16 bytes.
  check.a = !p.transposeA && (p.k * bytes) % 16 != 0;
  // B stored N x K is read as it is: rows of K elements. Otherwise f32
  // (TF32) reads B through its transposed copy (padded rows), f16/bf16 read
  // its rows of N elements.
  int64_t bRow = p.transposeB ? p.k : p.n;
  check.b = (p.transposeB || !p.aType.isF32()) && (bRow * bytes) % 16 != 0;
  if (check.a)
    check.why = why("A", p.k * bytes, "K", p.k);
  else if (check.b)
    check.why = why("B", bRow * bytes, p.transposeB ? "K" : "N", bRow);
  return check;
}

std::string mlir::gemm_opt::checkWgmmaBlockN(const GemmProblem &p,
                                             const WgmmaGemmPlan &plan) {
  // B stored K x N (16-bit) is read in 64-column panels; K-major rows (B
  // stored N x K, TF32's B^T, swap-AB's A) in any multiple of 8.
  if (plan.swapAB || plan.bn % 64 == 0 || readsBKMajor(p, plan))
    return "";
  return "block-n=" + std::to_string(plan.bn) +
         " is not a multiple of 64, the panels in which B stored K x N is "
         "read (B stored N x K, layout nt or tt, takes any multiple of 8)";
}

std::string mlir::gemm_opt::checkWgmmaSplitK(const GemmProblem &p,
                                             const WgmmaGemmPlan &plan) {
  if (plan.splitK == 1)
    return "";
  if (p.isBatched())
    return "a batched matmul takes no split-K";
  if (p.dynamicM())
    return "a dynamic M takes no split-K (the partials are sized by M)";
  int64_t kTiles = ceilDiv(p.k, plan.bk);
  if (kTiles < plan.splitK)
    return "K = " + std::to_string(p.k) + " is " + std::to_string(kTiles) +
           " K tile(s) of " + std::to_string(plan.bk) +
           ", fewer than the splits";
  return "";
}

/// What a schedule fixed when the kernel is compiled (`what`: stream-K,
/// swap-AB, a cluster) asks: one matmul of a static M, N and K; "" when
/// `p` is one, else why not (`because`, why it must be static).
static std::string checkOneStaticMatmul(const GemmProblem &p,
                                        const std::string &what,
                                        const std::string &because) {
  if (p.isBatched())
    return "a batched matmul takes no " + what;
  if (p.dynamicM() || p.dynamicExtents())
    return "a dynamic M, N or K takes no " + what + " (" + because + ")";
  return "";
}

std::string mlir::gemm_opt::checkWgmmaStreamK(const GemmProblem &p,
                                              const WgmmaGemmPlan &plan) {
  if (!plan.streamK)
    return "";
  if (std::string why = checkOneStaticMatmul(
          p, "stream-K",
          "which tiles split, and how, is fixed when it is compiled");
      !why.empty())
    return why;
  if (int64_t need = streamKConsumerRegs(p, plan); plan.consumerRegs < need)
    return "its tail parts take several rounds beside " +
           std::to_string(plan.accRegs()) +
           " accumulator registers a thread: consumer-registers=" +
           std::to_string(need) + " at least (" +
           std::to_string(plan.consumerRegs) + " given)";
  return "";
}

std::string mlir::gemm_opt::checkWgmmaSwapAb(const GemmProblem &p,
                                             const WgmmaGemmPlan &plan) {
  if (!plan.swapAB)
    return "";
  if (std::string why = checkOneStaticMatmul(
          p, "swap-AB",
          "M is the swapped kernel's columns, static in its tensor maps and "
          "grid");
      !why.empty())
    return why;
  if (p.transposeA || !p.transposeB)
    return "swap-AB reads A stored M x K and B stored N x K as they are "
           "(layout nt)";
  if (p.aType.getIntOrFloatBitWidth() != 16)
    return "swap-AB takes f16 or bf16 inputs";
  // The transposed stores address C's rows as N elements apart.
  if (p.c) {
    auto c = cast<MemRefType>(p.c.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!c.getLayout().isIdentity() &&
        (failed(c.getStridesAndOffset(strides, offset)) ||
         strides != SmallVector<int64_t>{p.n, 1}))
      return "swap-AB stores C as rows of N elements";
  }
  if (plan.stageA || plan.stageB || !checkTmaRows(p).why.empty())
    return "swap-AB needs rows of A and B that TMA loads as they are (" +
           checkTmaRows(p).why + ")";
  return "";
}

std::string mlir::gemm_opt::checkWgmmaCluster(const GemmProblem &p,
                                              const WgmmaGemmPlan &plan) {
  int64_t cl = plan.clusterSize();
  if (cl == 1)
    return "";
  // The blocks of a cluster walk the same units in step: their tile counts
  // are fixed when the kernel is compiled, and every unit is whole.
  if (std::string why = checkOneStaticMatmul(
          p, "cluster", "its units of tiles are fixed when it is compiled");
      !why.empty())
    return why;
  bool alongM = plan.clusterM > 1;
  int64_t tiles = alongM ? ceilDiv(p.m, plan.bm) : ceilDiv(p.n, plan.bn);
  if (tiles % cl)
    return std::string(alongM ? "M" : "N") + " = " +
           std::to_string(alongM ? p.m : p.n) + " is " + std::to_string(tiles) +
           " tile(s) of " + std::to_string(alongM ? plan.bm : plan.bn) +
           ", not a multiple of the cluster's " + std::to_string(cl) +
           " blocks" + (plan.swapAB ? " (of the swapped problem, C^T)" : "");
  return "";
}

GemmProblem mlir::gemm_opt::swapGemmOperands(const GemmProblem &p) {
  GemmProblem s = p;
  std::swap(s.a, s.b);
  std::swap(s.aType, s.bType);
  std::swap(s.m, s.n);
  // B stored N x K is the swapped A (M' x K, K-major); A stored M x K is
  // the swapped B^T (N' x K).
  s.transposeA = false;
  s.transposeB = true;
  // The epilogue reads its operands at C's (row, column): the kernel
  // applies it with `p` as it stores C transposed.
  s.epilogue = {};
  s.epilogueOperands.clear();
  return s;
}

int64_t mlir::gemm_opt::streamKConsumerRegs(const GemmProblem &p,
                                            const WgmmaGemmPlan &plan) {
  // Two consumer warpgroups share the block's registers with a producer;
  // one consumer's kernel (64-row tiles) has room to spare.
  if (!plan.streamK || !plan.warpSpecialized || plan.consumers != 2 ||
      plan.accRegs() < 128)
    return 0;
  // Swap-AB's tiles cover C^T: 128 rows of N by block-n columns of M.
  int64_t rows = plan.swapAB ? p.n : p.m, cols = plan.swapAB ? p.m : p.n;
  int64_t tiles = p.batch * ceilDiv(rows, plan.bm) * ceilDiv(cols, plan.bn);
  ::gemm_opt::StreamKTail tail = ::gemm_opt::streamKTail(
      tiles, ceilDiv(p.k, plan.bk), plan.persistentBlocks);
  // The loop over a block's units keeps its ring position and the unit's
  // part beside the accumulators and the partial being added: at 232
  // registers ptxas spilled 8 bytes there, and those kernels (128x256
  // tiles, 3-5 rounds) stopped on an illegal instruction on an H100 where
  // the one-round ones ran (results/2026-12-06-h100-tuning); 240 holds
  // them without a spill.
  return tail.splitsTail() && tail.rounds() > 1 ? 240 : 0;
}

void mlir::gemm_opt::fitStreamKRegisters(const GemmProblem &p,
                                         WgmmaGemmPlan &plan) {
  int64_t need = streamKConsumerRegs(p, plan);
  if (plan.consumerRegs >= need)
    return;
  plan.consumerRegs = need;
  plan.producerRegs = 24;
}

int64_t mlir::gemm_opt::batchedKRowMultiple(const GemmProblem &p,
                                            const WgmmaGemmPlan &plan) {
  // A box of B's K rows past K would read the next entry's rows, not zeros
  // (a shared B's own map ends at K; B^T's rows are N).
  bool kRows = p.isBatched() && !p.sharedB && !readsBKMajor(p, plan);
  return kRows && p.k % plan.bk != 0 ? plan.bk : 1;
}

bool mlir::gemm_opt::tmaStoreStaysInEntry(const GemmProblem &p, int64_t bm) {
  // A 2-D map stacks the entries' rows, so a box past M would store into
  // the next entry; a C of heads' 4-D map ends each box at its entry's
  // rows and columns (WgmmaKernelEmitter::createHeadsTensorMap).
  return !p.isBatched() || p.cHeads > 1 || p.m % bm == 0;
}

std::string mlir::gemm_opt::fitBatchedWgmmaPlan(const GemmProblem &p,
                                                WgmmaGemmPlan &plan,
                                                bool forceTmaStore,
                                                bool allowStaging,
                                                bool &padsB) {
  padsB = false;
  if (!p.isBatched())
    return "";
  auto s = [](int64_t v) { return std::to_string(v); };
  if (batchedKRowMultiple(p, plan) != 1) {
    if (!allowStaging)
      return "a batched B read as K x N rows needs K (" + s(p.k) +
             ") in whole K tiles of " + s(plan.bk) +
             ", which a padded copy gives it (staging=0)";
    padsB = !plan.stageB;
    plan.stageB = true;
  }
  if (plan.tmaStore && !tmaStoreStaysInEntry(p, plan.bm)) {
    if (forceTmaStore)
      return "TMA stores of a batched C need M (" + s(p.m) +
             ") to be a multiple of block-m (" + s(plan.bm) + ")";
    plan.tmaStore = false;
  }
  return "";
}
