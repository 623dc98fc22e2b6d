//===- WgmmaGemmPlan.cpp - The wgmma rung's plan: validation, attribute -===//
//
// What a WgmmaGemmPlan may hold on a chip (validate), its dictionary form on
// the launch and its one-line description, and which operand rows TMA
// cannot load (checkTmaRows). The kernel is in WgmmaGemm.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Plan
//===----------------------------------------------------------------------===//

std::string WgmmaGemmPlan::validate(const ChipInfo &chip) const {
  auto s = [](int64_t v) { return std::to_string(v); };
  for (auto [name, v] :
       {std::pair<const char *, int64_t>{"block-m", bm}, {"block-n", bn},
        {"block-k", bk}, {"stages", stages}, {"warpgroups", consumers}})
    if (v < 1)
      return std::string(name) + "=" + s(v) + " must be at least 1";
  if (elemBytes != 2 && elemBytes != 4)
    return "wgmma takes 2-byte (f16/bf16) or 4-byte (f32 as TF32) inputs, "
           "got " + s(elemBytes) + "-byte elements";
  if (consumers > 2)
    return "warpgroups=" + s(consumers) + " must be 1 or 2";
  if (bk * elemBytes != 128)
    return "block-k=" + s(bk) + " must be " + s(128 / elemBytes) +
           ": one 128-byte swizzle row of A per K tile";
  if (bm % (64 * tileWarpgroups()))
    return "block-m=" + s(bm) + " must give each of the " +
           s(tileWarpgroups()) +
           " warpgroup(s) a multiple of 64 rows (wgmma is m64)";
  if (bm > 256)
    return "block-m=" + s(bm) + " exceeds 256, the largest TMA box";
  if (bn % 64 || bn > 256)
    return "block-n=" + s(bn) +
           " must be 64, 128, 192 or 256: whole 64-column (128-byte) "
           "panels of B, and wgmma n <= 256";
  if (accRegs() > 128)
    return "each thread would hold " + s(accRegs()) +
           " f32 accumulators (block " + s(bm) + "x" + s(bn) + " over " +
           s(tileWarpgroups()) + " warpgroup(s)" +
           (pingpong ? ", ping-pong" : "") + "); at most 128";
  if (stages < 2 || stages > 8)
    return "stages=" + s(stages) + " must be in [2, 8]";
  if (persistent && !warpSpecialized)
    return "a persistent grid needs the warp-specialized kernel "
           "(warp-specialized=1)";
  if (tmaStore && !(warpSpecialized && !pingpong))
    return "tma-store=1 needs the warp-specialized kernel with cooperative "
           "consumers (warp-specialized=1 pingpong=0)";
  if (pingpong && !(warpSpecialized && persistent && consumers == 2))
    return "ping-pong consumers need the warp-specialized persistent kernel "
           "with 2 consumer warpgroups (warp-specialized=1 persistent=1 "
           "warpgroups=2)";
  if (warpSpecialized) {
    // ptxas ignores setmaxnreg (C7508) and serializes wgmma (C7520) unless
    // the kernel's register cap covers the rebalanced counts.
    for (auto [name, v] : {std::pair<const char *, int64_t>{"producer", producerRegs},
                           {"consumer", consumerRegs}})
      if (v < 24 || v > 256 || v % 8)
        return std::string(name) + " registers " + s(v) +
               " must be a multiple of 8 in [24, 256] (setmaxnreg)";
    if (maxRegs == 0)
      return "a warp-specialized kernel needs max-registers (nvvm.maxnreg) "
             "for setmaxnreg to take effect";
    if ((producerRegs + consumerRegs * consumers) * kWarpgroupThreads >
        maxRegs * threads())
      return "setmaxnreg to " + s(producerRegs) + " (producer) and " +
             s(consumerRegs) + " (consumers) needs more registers than " +
             s(threads()) + " threads capped at max-registers=" +
             s(maxRegs) + " have";
    if (consumerRegs < accRegs() + 40)
      return "consumer registers " + s(consumerRegs) + " leave too few next "
             "to " + s(accRegs()) + " accumulators";
  }
  // The mbarriers (a full and an empty one per slot, the turns of
  // ping-pong consumers) are static shared memory next to the dynamic ring.
  return checkKernelLimits(maxRegs, groupM, sharedBytes() + 8 * numBarriers(),
                           chip);
}

DictionaryAttr WgmmaGemmPlan::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  NamedAttrList l;
  auto i = [&](StringRef k, int64_t v) { l.append(k, b.getI64IntegerAttr(v)); };
  i("bm", bm);
  i("bn", bn);
  i("bk", bk);
  i("stages", stages);
  i("warpgroups", consumers);
  i("group_m", groupM);
  i("max_regs", maxRegs);
  i("elem_bytes", elemBytes);
  i("threads", threads());
  i("shared_bytes", sharedBytes());
  i("warp_specialized", warpSpecialized);
  i("persistent", persistent);
  if (kMajorB())
    i("transpose_b", 1);
  if (warpSpecialized) {
    i("producer_regs", producerRegs);
    i("consumer_regs", consumerRegs);
  }
  if (pingpong)
    i("pingpong", pingpong);
  if (tmaStore)
    i("tma_store", 1);
  if (stageA)
    i("staged_a", 1);
  if (stageB)
    i("staged_b", 1);
  return l.getDictionary(ctx);
}

std::string WgmmaGemmPlan::str() const {
  auto s = [](int64_t v) { return std::to_string(v); };
  return "block " + s(bm) + "x" + s(bn) + "x" + s(bk) + ", " + s(consumers) +
         " warpgroup(s)" + (warpSpecialized ? " + producer" : "") +
         (persistent ? ", persistent" : "") +
         (pingpong ? ", ping-pong" : "") + (tmaStore ? ", TMA-store epilogue" : "") +
         ", stages " + s(stages) +
         ", shared " + s(sharedBytes()) + " B" +
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
  check.a = (p.k * bytes) % 16 != 0;
  // f32 (TF32): B is read through its transposed copy, whose rows the
  // transposing kernel pads to 16 bytes.
  check.b = !p.aType.isF32() && (p.n * bytes) % 16 != 0;
  if (check.a)
    check.why = why("A", p.k * bytes, "K", p.k);
  else if (check.b)
    check.why = why("B", p.n * bytes, "N", p.n);
  return check;
}
