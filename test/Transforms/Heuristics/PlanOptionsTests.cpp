//===- PlanOptionsTests.cpp - Plans -> rung options -> plans --------------===//
//
// The tuner records each plan it measured as the rungs' options
// (RungPlanOptions.h), which a database lookup reads back through the
// rungs' own parsers. For the heuristics' plans of every class of shape,
// type, layout and batch: the options give back the same plan, and they
// do so over a base plan that differs from it in every field the options
// may set, so that no choice is left to the heuristics (an entry written
// today names the same kernel after they change).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"
#include "gemm-opt/Transforms/Gemm/RungPlanOptions.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"

#include "../../Runtime/TestHarness.h"

#include "mlir/IR/MLIRContext.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

struct Problem {
  int64_t batch, m, n, k;
  bool transposeB;
};

/// Decode, short and long prefill of the LLM suite's layers (B stored
/// N x K, as nn.Linear), the unseen M = 300 and 700, square and odd sizes,
/// rows TMA cannot read (staged or not), short K and batched attention.
const Problem kProblems[] = {
    {1, 1, 8192, 8192, true},     {1, 2, 5120, 5120, true},
    {1, 3, 15360, 5120, true},    {1, 8, 8192, 28672, true},
    {1, 16, 5120, 13824, true},   {1, 32, 8192, 8192, true},
    {1, 64, 57344, 8192, true},   {1, 128, 5120, 5120, true},
    {1, 128, 10240, 8192, true},  {1, 300, 10240, 8192, true},
    {1, 300, 57344, 8192, true},  {1, 512, 8192, 28672, true},
    {1, 512, 10240, 8192, true},  {1, 700, 28672, 8192, true},
    {1, 2048, 8192, 8192, true},  {1, 4096, 4096, 4096, true},
    {1, 8192, 15360, 5120, true}, {1, 8, 28672, 8192, false},
    {1, 32, 8192, 8192, false},   {1, 1000, 999, 777, false},
    {1, 1000, 999, 2049, false},  {1, 4097, 4097, 4097, false},
    {1, 17, 33, 65, false},       {1, 130, 67, 259, false},
    {1, 4096, 4096, 4096, false}, {1, 8192, 8192, 128, false},
    {32, 2048, 2048, 128, false}, {32, 2048, 128, 2048, false},
    {16, 4096, 4096, 64, false},  {4, 300, 8192, 8192, true},
    {8, 200, 512, 200, false},
};

struct Types {
  const char *name;
  Type a, c;
};

GemmProblem makeProblem(const Problem &s, const Types &t, bool accumulate) {
  GemmProblem p;
  p.batch = s.batch;
  p.m = s.m;
  p.n = s.n;
  p.k = s.k;
  p.transposeB = s.transposeB;
  p.aType = p.bType = t.a;
  p.cType = t.c;
  p.accumulate = accumulate;
  return p;
}

std::string describe(const Problem &s, const Types &t, bool accumulate) {
  return std::to_string(s.batch) + "x" + std::to_string(s.m) + "x" +
         std::to_string(s.n) + "x" + std::to_string(s.k) +
         (s.transposeB ? " nt " : " nn ") + t.name +
         (accumulate ? " C +=" : " C =");
}

/// Whether every option of `options` is one a database part may set.
bool allPlanOptions(StringRef options, ArrayRef<StringRef> names) {
  SmallVector<StringRef> items;
  options.split(items, ' ', -1, /*KeepEmpty=*/false);
  return llvm::all_of(items, [&](StringRef item) {
    return llvm::is_contained(names, item.split('=').first);
  });
}

/// The options of the mma rung's kernel kind that `options` leaves to the
/// heuristics (the small-M kernels' parameters are not in the tile plan the
/// round trip changes, so they are checked by name).
std::string unsetMmaOptions(StringRef options, Attribute plan) {
  StringRef own = isa<GemvPlanAttr>(plan)     ? "gemv-"
                  : isa<SwapAbPlanAttr>(plan) ? "swap-ab-"
                                              : "";
  std::string unset;
  for (StringRef name : mmaPlanOptionNames()) {
    bool kernelOption = name.starts_with("gemv-") ||
                        name.starts_with("swap-ab-") ||
                        name == "small-m-kernel";
    bool needed = own.empty() ? !kernelOption
                              : name == "small-m" || name == "small-m-kernel" ||
                                    name.starts_with(own);
    if (needed && !options.contains((name + "=").str()))
      unset += " " + name.str();
  }
  return unset;
}

std::string mmaOptionsOf(Attribute plan) {
  if (auto mma = dyn_cast<MmaPlanAttr>(plan))
    return mmaPlanOptions(MmaGemmPlan::fromAttr(mma));
  if (auto gemv = dyn_cast<GemvPlanAttr>(plan))
    return mmaPlanOptions(GemvGemmPlan::fromAttr(gemv));
  return mmaPlanOptions(SwapAbGemmPlan::fromAttr(cast<SwapAbPlanAttr>(plan)));
}

/// `plan` changed in every field the mma rung's options set.
MmaGemmPlan otherTiles(MmaGemmPlan plan) {
  plan.bm = plan.bm == 64 ? 128 : 64;
  plan.bn = plan.bn == 256 ? 128 : 256;
  plan.bk *= 2;
  plan.wm = plan.wm == 64 ? 32 : 64;
  plan.wn = plan.wn == 64 ? 32 : 64;
  plan.stages += 1;
  plan.groupM += 3;
  plan.maxRegs += 8;
  return plan;
}

/// `plan` changed in every field the wgmma rung's options set and that
/// counts in it: registers of the warpgroups with a producer, store
/// buffers with TMA stores.
WgmmaGemmPlan otherWgmmaPlan(WgmmaGemmPlan plan) {
  WgmmaGemmPlan o = plan;
  o.bm = plan.bm == 64 ? 128 : 64;
  o.bn = plan.bn == 256 ? 128 : 256;
  o.bk *= 2;
  o.stages = plan.stages == 4 ? 3 : 4;
  o.consumers = 3 - plan.consumers;
  o.groupM += 3;
  o.maxRegs += 8;
  o.warpSpecialized = !plan.warpSpecialized;
  o.persistent = !plan.persistent;
  o.pingpong = !plan.pingpong;
  o.tmaStore = !plan.tmaStore;
  o.splitK += 1;
  o.streamK = !plan.streamK;
  o.swapAB = !plan.swapAB;
  o.clusterM = plan.clusterM == 1 ? 2 : 1;
  if (plan.tmaStore)
    o.storeBuffers += 1;
  if (plan.warpSpecialized) {
    o.producerRegs += 8;
    o.consumerRegs -= 8;
  }
  return o;
}

/// The mma rung's plan for `p` under `given` (the heuristics', or small-m=1
/// where that applies) through its options and back.
void roundTripMma(const GemmProblem &p, const ChipInfo &chip, StringRef given,
                  const std::string &where, MLIRContext &ctx) {
  Attribute plan;
  std::string why =
      planMmaFromOptions(given, p, chip, /*allowTf32=*/true, {}, &ctx, plan);
  if (!why.empty() || !plan) {
    EXPECT_MSG(given == "small-m=1", where + ": " + why);
    return;
  }
  std::string options = mmaOptionsOf(plan);
  EXPECT_MSG(allPlanOptions(options, mmaPlanOptionNames()),
             where + ": " + options);
  std::string unset = unsetMmaOptions(options, plan);
  EXPECT_MSG(unset.empty(), where + ": " + options + " leaves" + unset);
  Attribute back;
  why = planMmaFromOptions(options, p, chip, true,
                           otherTiles(chooseMmaPlan(p, chip)), &ctx, back);
  EXPECT_MSG(why.empty() && back == plan,
             where + " mma{" + options + "}: " + why);
}

/// The wgmma rung's plan for `p` through its options and back.
void roundTripWgmma(const GemmProblem &p, const ChipInfo &chip,
                    const std::string &where, MLIRContext &ctx) {
  WgmmaGemmPlan plan, back;
  bool keep = false, keepBack = false;
  std::string why = planWgmmaFromOptions("", p, chip, {}, plan, keep);
  EXPECT_MSG(why.empty(), where + ": " + why);
  if (!why.empty())
    return;
  // The mma.sync kernel kept where copies of the rows do not pay.
  std::string options = keep ? "staging=0" : wgmmaPlanOptions(plan, p);
  EXPECT_MSG(allPlanOptions(options, wgmmaPlanOptionNames()),
             where + ": " + options);
  why = planWgmmaFromOptions(options, p, chip, otherWgmmaPlan(plan), back,
                             keepBack);
  EXPECT_MSG(why.empty() && keepBack == keep &&
                 (keep || back.toAttr(&ctx) == plan.toAttr(&ctx)),
             where + " wgmma{" + options + "}: " + why);
}

/// Clusters through the options and back, and the problems they refuse.
void testClusterOptions(MLIRContext &ctx, Type bf16, const ChipInfo &sm90a) {
  const std::string ws = "block-m=128 block-n=256 stages=4 warpgroups=2 "
                         "warp-specialized=1 persistent=1 max-registers=168";
  GemmProblem p = makeProblem({1, 1024, 4096, 4096, true},
                              {"bf16->bf16", bf16, bf16}, false);
  WgmmaGemmPlan plan, back;
  bool keep = false;
  for (const char *cluster : {"cluster-m=2", "cluster-n=2", "cluster-n=4"}) {
    std::string why = planWgmmaFromOptions(ws + " " + cluster, p, sm90a, {},
                                           plan, keep);
    EXPECT_MSG(why.empty() && plan.clusterSize() > 1, cluster + (": " + why));
    std::string options = wgmmaPlanOptions(plan, p);
    EXPECT_MSG(contains(options, cluster), options);
    why = planWgmmaFromOptions(options, p, sm90a, otherWgmmaPlan(plan), back,
                               keep);
    EXPECT_MSG(why.empty() && back.toAttr(&ctx) == plan.toAttr(&ctx),
               options + ": " + why);
  }
  // A plan without a cluster names none; its tiles give it none, whatever
  // the base plan had (here cluster-n=4).
  std::string why =
      planWgmmaFromOptions(ws, p, sm90a, plan, back, keep);
  EXPECT_MSG(why.empty() && back.clusterSize() == 1 &&
                 !contains(wgmmaPlanOptions(back, p), "cluster"),
             why + " / " + wgmmaPlanOptions(back, p));
  // M = 300: 3 tiles of 128 rows; swap-AB's 128 x 104 tiles of C^T: 40
  // along its M (N = 5120), 3 along M = 300.
  GemmProblem m300 = makeProblem({1, 300, 5120, 5120, true},
                                 {"bf16->bf16", bf16, bf16}, false);
  EXPECT(contains(
      planWgmmaFromOptions(ws + " cluster-m=2", m300, sm90a, {}, plan, keep),
      "option cluster-m=2: M = 300 is 3 tile(s) of 128, not a multiple of "
      "the cluster's 2 blocks"));
  std::string swap = "block-m=128 block-n=104 stages=6 warpgroups=2 "
                     "warp-specialized=1 persistent=1 max-registers=168 "
                     "swap-ab=1";
  EXPECT(planWgmmaFromOptions(swap + " cluster-m=2", m300, sm90a, {}, plan,
                              keep)
             .empty() &&
         plan.clusterM == 2 && plan.swapAB);
  EXPECT(contains(
      planWgmmaFromOptions(swap + " cluster-n=2", m300, sm90a, {}, plan, keep),
      "N = 300 is 3 tile(s) of 104, not a multiple of the cluster's 2 "
      "blocks (of the swapped problem, C^T)"));
  EXPECT(contains(planWgmmaFromOptions(ws + " cluster-m=2 split-k=2", p, sm90a,
                                       {}, plan, keep),
                  "needs the warp-specialized persistent kernel without K "
                  "splits"));
  GemmProblem batched = makeProblem({4, 1024, 4096, 4096, true},
                                    {"bf16->bf16", bf16, bf16}, false);
  EXPECT(contains(planWgmmaFromOptions(ws + " cluster-m=2", batched, sm90a, {},
                                       plan, keep),
                  "a batched matmul takes no cluster"));
}

} // namespace

/// Called by HeuristicsTests.cpp's main.
void testPlanOptionsRoundTrip(MLIRContext &ctx) {
  ctx.getOrLoadDialect<GemmOptDialect>();
  Type f32 = Float32Type::get(&ctx), f16 = Float16Type::get(&ctx),
       bf16 = BFloat16Type::get(&ctx);
  const Types types[] = {
      {"bf16->bf16", bf16, bf16}, {"f16->f32", f16, f32}, {"tf32", f32, f32}};
  const ChipInfo &sm90a = *lookupChipInfo("sm_90a");
  const ChipInfo &sm80 = *lookupChipInfo("sm_80");
  for (const Problem &s : kProblems)
    for (const Types &t : types)
      for (bool accumulate : {false, true}) {
        GemmProblem p = makeProblem(s, t, accumulate);
        std::string where = describe(s, t, accumulate);
        for (const ChipInfo *chip : {&sm90a, &sm80})
          for (StringRef given : {"", "small-m=1"})
            roundTripMma(p, *chip, given, where + " " + chip->name.str(), ctx);
        roundTripWgmma(p, sm90a, where, ctx);
      }
  // Options the rungs refuse: a small-M kernel's parameters without it,
  // one that does not apply, and staging where TMA reads the rows.
  GemmProblem p = makeProblem({1, 32, 8192, 8192, true}, types[0], false);
  Attribute plan;
  WgmmaGemmPlan wgmma;
  bool keep = false;
  EXPECT(contains(planMmaFromOptions("small-m=0 swap-ab-k-warps=4", p, sm90a,
                                     false, {}, &ctx, plan),
                  "need small-m-kernel=swap-ab"));
  EXPECT(contains(planMmaFromOptions("small-m-kernel=gemv", p, sm90a, false, {},
                                     &ctx, plan),
                  "the weight-streaming kernel does not apply: M = 32"));
  EXPECT(contains(planMmaFromOptions("small-m=0 small-m-kernel=swap-ab", p,
                                     sm90a, false, {}, &ctx, plan),
                  "small-m=0 plans tensor-core tiles"));
  EXPECT(contains(planWgmmaFromOptions("staging=1", p, sm90a, {}, wgmma, keep),
                  "already 16-byte aligned"));
  testClusterOptions(ctx, types[0].a, sm90a);
}
