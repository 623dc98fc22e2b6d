//===- HeuristicsTests.cpp - Unit tests of the plan heuristics ------------===//
//
// The heuristics (lib/Transforms/Heuristics) choose a plan per shape class
// and chip. These tests hold every class of shape the ladder meets — tiny,
// odd, unaligned, square, LLM decode (M = 1 .. 32) and prefill, vocabulary
// rows — against what a plan must be on every chip gemm-opt accepts:
// valid for the chip (its own validate() and the chip's limits), consistent
// with the decisions documented in the headers (staging only for large
// unaligned problems, TMA stores only where C allows them, clusters only on
// sm_90, rows covered by the threads that own them), and written as the
// rungs' options they read back as themselves (PlanOptionsTests.cpp). They
// do not pin the tile sizes the H200 sweeps chose: those are checked by the
// PTX tests and measured by the benchmarks.
//
// Prints "N passed, 0 failed"; exits non-zero on a failure.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/WgmmaScheduleLimits.h"
#include "gemm-opt/Transforms/Heuristics/GemmHeuristics.h"
#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"

#include "../../Runtime/TestHarness.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <array>

using namespace mlir;
using namespace mlir::gemm_opt;

// PlanOptionsTests.cpp: the plans through the rungs' options and back.
void testPlanOptionsRoundTrip(MLIRContext &ctx);

namespace {

struct Shape {
  int64_t m, n, k;
};

/// One shape of every class the ladder is tested or measured on.
const Shape kShapes[] = {
    {1, 1, 1},          {17, 33, 65},        {130, 67, 259},
    {1000, 999, 777},   {1000, 999, 1024},   {2048, 2048, 2048},
    {4096, 4096, 4096}, {4097, 4097, 4097},  {4096, 4097, 4096},
    {4097, 4097, 64},   {8192, 8192, 8192},
    // LLM layers (Llama-2 13B/70B projections): decode and prefill.
    {1, 8192, 28672},   {8, 5120, 13824},    {32, 8192, 8192},
    {128, 15360, 5120}, {512, 5120, 5120},   {2048, 28672, 8192},
    // Unseen token counts.
    {3, 5120, 5120},    {300, 8192, 1024},   {1500, 13824, 5120},
};

struct Types {
  const char *name;
  Type a, c;
};

GemmProblem makeProblem(const Shape &s, Type a, Type c, bool accumulate) {
  GemmProblem p;
  p.m = s.m;
  p.n = s.n;
  p.k = s.k;
  p.aType = p.bType = a;
  p.cType = c;
  p.accumulate = accumulate;
  return p;
}

std::string describe(const Shape &s, StringRef types, StringRef chip) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
         std::to_string(s.k) + " " + types.str() + " " + chip.str();
}

bool rowsAligned16(int64_t elems, Type t) {
  return elems * (t.getIntOrFloatBitWidth() / 8) % 16 == 0;
}

void testMmaPlans(ArrayRef<Types> types) {
  for (const char *chipName : {"sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"}) {
    const ChipInfo &chip = *lookupChipInfo(chipName);
    for (const Types &t : types)
      for (const Shape &s : kShapes) {
        MmaGemmPlan plan = chooseMmaPlan(makeProblem(s, t.a, t.c, false), chip);
        std::string where = describe(s, t.name, chipName);
        std::string error = plan.validate(chip);
        EXPECT_MSG(error.empty(), where + ": " + error);
        EXPECT_MSG(plan.sharedBytes() <= chip.maxSharedBytesPerBlock, where);
        EXPECT_MSG(plan.threads() <= chip.maxThreadsPerBlock, where);
        EXPECT_MSG(plan.elemBytes == t.a.getIntOrFloatBitWidth() / 8, where);
      }
  }
}

// The 128x256 mma block only where N needs more than one 128-column
// block: at N <= 128 it computed padding (and spilled at 16777216x72x40).
void testMmaBlockWidth(MLIRContext &ctx) {
  const ChipInfo &chip = *lookupChipInfo("sm_90a");
  Type f16 = Float16Type::get(&ctx);
  for (int64_t n : {8, 72, 128, 136, 200, 4096}) {
    Shape s{16777216, n, 40};
    MmaGemmPlan plan = chooseMmaPlan(makeProblem(s, f16, f16, false), chip);
    int64_t want = n <= 128 ? 128 : 256;
    EXPECT_MSG(plan.bm == 128 && plan.bn == want,
               describe(s, "f16", "sm_90a") + ": block " +
                   std::to_string(plan.bm) + "x" + std::to_string(plan.bn));
  }
}

void testWgmmaPlans(ArrayRef<Types> types) {
  const ChipInfo &chip = *lookupChipInfo("sm_90a");
  for (const Types &t : types)
    for (const Shape &s : kShapes)
      for (bool accumulate : {false, true}) {
        GemmProblem p = makeProblem(s, t.a, t.c, accumulate);
        WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
        std::string where = describe(s, t.name, "sm_90a") +
                            (accumulate ? " C +=" : " C =");
        std::string error = plan.validate(chip);
        EXPECT_MSG(error.empty(), where + ": " + error);
        EXPECT_MSG(plan.threads() <= chip.maxThreadsPerBlock, where);
        // TMA stores overwrite whole boxes: never when C is accumulated
        // into or its rows are not 16-byte aligned.
        bool tmaStoreAllowed = checkTmaStoreOfC(p).empty();
        EXPECT_MSG(tmaStoreAllowed ==
                       (!accumulate && rowsAligned16(s.n, t.c)),
                   where);
        if (!tmaStoreAllowed)
          EXPECT_MSG(!chooseWgmmaTmaStore(p, plan, chip), where);
        // Padded staging is for operands TMA cannot load, and only when
        // the copies are small against the matmul: never below 17x33x65
        // sizes, always at 4097^3.
        bool unaligned = !rowsAligned16(s.k, t.a) || !rowsAligned16(s.n, t.a);
        if (unaligned && s.m * s.n * s.k <= 17 * 33 * 65)
          EXPECT_MSG(!chooseWgmmaStaging(p, chip), where);
        if (unaligned && s.m >= 4097 && s.n >= 4097 && s.k >= 4097)
          EXPECT_MSG(chooseWgmmaStaging(p, chip), where);
      }
}

void testSimtLadder(MLIRContext &ctx) {
  const SimtRung rungs[] = {SimtRung::Smem,        SimtRung::Reg1D,
                            SimtRung::Reg2D,       SimtRung::Vector,
                            SimtRung::Swizzle,     SimtRung::MultiBuffer,
                            SimtRung::WarpTile};
  Type f32 = Float32Type::get(&ctx);
  for (const char *chipName : {"sm_80", "sm_86", "sm_90"}) {
    const ChipInfo &chip = *lookupChipInfo(chipName);
    for (const Shape &s : kShapes) {
      GemmProblem p = makeProblem(s, f32, f32, true);
      SimtGemmPlan plan;
      for (SimtRung rung : rungs) {
        applySimtRungDefaults(rung, p, chip, plan);
        std::string where = describe(s, "f32", chipName) + " " +
                            simtRungName(rung).str();
        std::string error = plan.validate(chip);
        EXPECT_MSG(error.empty(), where + ": " + error);
        error = validateForProblem(plan, p);
        EXPECT_MSG(error.empty(), where + ": " + error);
        EXPECT_MSG(plan.splitK >= 1, where);
      }
      // Split-K divides the K tiles among the blocks of an output tile;
      // a small grid is what it is for, never a short K.
      int64_t splitK = chooseSplitK(p, chip, plan);
      EXPECT_MSG(splitK >= 1, describe(s, "f32", chipName));
      if (s.k <= plan.bk)
        EXPECT_MSG(splitK == 1, describe(s, "f32", chipName));
    }
  }
}

void testVectorWidth() {
  for (int64_t elemBytes : {2, 4})
    for (int64_t cols : {1, 2, 3, 5, 8, 1000, 1024, 4097, 131072, 151936}) {
      int64_t w = chooseVectorWidth(cols, elemBytes);
      EXPECT(w >= 1 && (w & (w - 1)) == 0);
      EXPECT(cols % w == 0);
      EXPECT(w * elemBytes <= 16);
      // The widest: doubling it breaks one of the two rules.
      EXPECT(cols % (2 * w) != 0 || 2 * w * elemBytes > 16);
    }
}

void testSoftmaxRows(MLIRContext &ctx, ModuleOp at) {
  Type types[] = {Float32Type::get(&ctx), Float16Type::get(&ctx),
                  BFloat16Type::get(&ctx)};
  const std::array<int64_t, 2> shapes[] = {
      {1, 1},         {3, 5},        {7, 1000},     {1000, 4097},
      {65536, 1024},  {4096, 32768}, {1024, 131072}, {2048, 151936},
      {64, 200000},   {1, 262144}};
  for (const char *chipName : {"sm_80", "sm_90"}) {
    const ChipInfo &chip = *lookupChipInfo(chipName);
    FailureOr<SoftmaxLimits> limits =
        makeSoftmaxLimits(at, chip, 1024, 32, 163840);
    FailureOr<SoftmaxClusterOptions> cluster =
        makeSoftmaxClusterOptions(at, chip, 0, -1);
    EXPECT(succeeded(limits) && succeeded(cluster));
    if (failed(limits) || failed(cluster))
      continue;
    for (Type type : types)
      for (auto [rows, cols] : shapes) {
        SoftmaxProblem p;
        p.rows = rows;
        p.cols = cols;
        p.xType = p.yType = type;
        std::string where = std::to_string(rows) + "x" + std::to_string(cols) +
                            " " + chipName;
        FailureOr<SoftmaxPlan> plan =
            chooseRowsPlan(at, p, *limits, 256, *cluster);
        EXPECT_MSG(succeeded(plan), where);
        if (failed(plan))
          continue;
        int64_t threadsPerRow = plan->threadsPerRow;
        EXPECT_MSG(threadsPerRow >= 1 &&
                       (threadsPerRow & (threadsPerRow - 1)) == 0,
                   where);
        EXPECT_MSG(plan->blockThreads() <= 1024, where);
        EXPECT_MSG(cols % plan->vectorWidth == 0, where);
        EXPECT_MSG(plan->dynamicSharedBytes(p) <= limits->maxSharedBytes,
                   where);
        // Clusters (distributed shared memory) exist from sm_90 on, and
        // CUDA's portable limit is 8 blocks.
        EXPECT_MSG(plan->clusterSize == 1 || chip.hasSm90Features(), where);
        EXPECT_MSG(plan->clusterSize >= 1 && plan->clusterSize <= 8, where);
        // A row kept in registers is covered by its owners' slices.
        if (plan->storage == SoftmaxStorage::Registers)
          EXPECT_MSG(plan->sliceElems() * plan->clusterSize >= cols, where);
      }
  }
}

/// The small-M kernels: where the heuristics pick one, its plan is valid
/// for the problem (the attribute's rules and the row tiles' alignment),
/// fits the chip, and the weight-streaming kernel comes first at M <= 2
/// (at M = 3 where the swap-AB kernel does not apply).
void testSmallMPlans(ArrayRef<Types> types) {
  int swapAbPlans = 0;
  for (const char *chipName : {"sm_80", "sm_90a"}) {
    const ChipInfo &chip = *lookupChipInfo(chipName);
    for (const Types &t : types)
      for (const Shape &s : kShapes)
        for (bool transposeB : {false, true}) {
          GemmProblem p = makeProblem(s, t.a, t.c, false);
          p.transposeB = transposeB;
          std::string where = describe(s, t.name, chipName) +
                              (transposeB ? " nt" : " nn");
          std::optional<GemvGemmPlan> gemv = chooseGemvPlan(p);
          std::optional<SwapAbGemmPlan> swapAb =
              chooseSwapAbPlan(p, chip.numSMs);
          EXPECT_MSG(!gemv || transposeB, where);
          // Past kGemvPreferredMaxRows only where swap-AB does not apply
          // (f32), and there up to the kernel's own limit.
          EXPECT_MSG(!gemv || s.m <= kGemvPreferredMaxRows ||
                         !whyNotSwapAb(p).empty(),
                     where);
          if (transposeB && s.m <= kGemvMaxRows && whyNotGemv(p).empty())
            EXPECT_MSG(gemv.has_value() == (s.m <= kGemvPreferredMaxRows ||
                                            !whyNotSwapAb(p).empty()),
                       where);
          if (!swapAb)
            continue;
          ++swapAbPlans;
          EXPECT_MSG(!t.a.isF32(), where);
          EXPECT_MSG(s.m <= (transposeB ? kSwapAbHeuristicMaxRowsNT
                                        : kSwapAbHeuristicMaxRowsNN),
                     where);
          std::string error = swapAb->validate(p);
          EXPECT_MSG(error.empty(), where + ": " + error);
          error = checkSwapAbPlan(swapAb->kWarps, swapAb->rowTiles,
                                  swapAb->unroll);
          EXPECT_MSG(error.empty(), where + ": " + error);
          EXPECT_MSG(swapAb->threads() <= chip.maxThreadsPerBlock, where);
          EXPECT_MSG(swapAb->sharedBytes(s.m) <= chip.maxSharedBytesPerBlock,
                     where);
          // Forcing it gives a plan wherever it applies (to M = 64).
          EXPECT_MSG(chooseSwapAbPlan(p, chip.numSMs, nullptr, true).has_value(),
                     where);
        }
  }
  // The shape list's decode rows (M = 1, 3, 8, 17, 32) in f16 and bf16.
  EXPECT_MSG(swapAbPlans > 0, "no shape took the swap-AB kernel");
}

/// Long-K, wide-N problems in fewer than four waves (the LLM layers at 17
/// to 512 tokens): 64-row tiles up to M = 64, never a grid of fewer than a
/// third of the SMs where 64x128 tiles give more, the square ladder shapes
/// on the cooperative 128x256 kernel.
void testFewWaveWgmmaPlans(MLIRContext &ctx) {
  const ChipInfo &chip = *lookupChipInfo("sm_90a");
  Type bf16 = BFloat16Type::get(&ctx), f32 = Float32Type::get(&ctx);
  const std::array<int64_t, 2> layers[] = {
      {10240, 8192}, {15360, 5120}, {27648, 5120}, {5120, 13824},
      {5120, 5120},  {57344, 8192}, {8192, 28672}, {8192, 8192}};
  for (int64_t m : {17, 24, 32, 64, 65, 128, 300, 512})
    for (auto [n, k] : layers) {
      GemmProblem p = makeProblem({m, n, k}, bf16, bf16, false);
      p.transposeB = true;
      WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
      std::string where = describe({m, n, k}, "bf16", "sm_90a");
      std::string error = plan.validate(chip);
      EXPECT_MSG(error.empty(), where + ": " + error);
      if (m <= 64)
        EXPECT_MSG(plan.bm == 64, where + ": 128-row tiles of 64 rows or less");
      // Work units: the tiles of every K split.
      int64_t units = ceilDiv(m, plan.bm) * ceilDiv(n, plan.bn) * plan.splitK;
      int64_t smallest = ceilDiv(m, 64) * ceilDiv(n, 128);
      EXPECT_MSG(3 * units >= chip.numSMs || units == smallest,
                 where + ": " + std::to_string(units) + " units");
      EXPECT_MSG(plan.splitK == 1 ||
                     (units <= chip.numSMs && 2 * units > chip.numSMs &&
                      checkWgmmaSplitK(p, plan).empty()),
                 where + ": " + plan.str());
    }
  // Grids of at most half the SMs over a long K split it (N = 5120 at M =
  // 32 and 128: 40 tiles of 64x128 and of 128x128, 3 splits), never a
  // batched matmul or a dynamic M.
  for (int64_t m : {32, 128}) {
    GemmProblem p = makeProblem({m, 5120, 13824}, bf16, bf16, false);
    p.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.splitK == 3 && plan.bn == 128,
               describe({m, 5120, 13824}, "bf16", "sm_90a") + ": " +
                   plan.str());
    p.batch = 2;
    EXPECT_MSG(chooseWgmmaPlan(p, chip).splitK == 1, "batched: no split-K");
  }
  // N = 5120 at M = 512: 80 tiles of 128x256 or 160 of 128x128 leave the
  // last wave 61% full, 108 of 128x192 82% (the tuner's winners there).
  for (int64_t k : {5120, 13824}) {
    GemmProblem p = makeProblem({512, 5120, k}, bf16, bf16, false);
    p.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.bm == 128 && plan.bn == 192 && plan.consumers == 2 &&
                   plan.persistent,
               describe({512, 5120, k}, "bf16", "sm_90a") + ": " + plan.str());
  }
  // 4096^3: under four waves of 128x256 tiles, which fill them best.
  {
    GemmProblem p = makeProblem({4096, 4096, 4096}, bf16, bf16, false);
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.bm == 128 && plan.bn == 256 && plan.consumers == 2 &&
                   plan.warpSpecialized && plan.persistent,
               describe({4096, 4096, 4096}, "bf16", "sm_90a") + ": " +
                   plan.str());
  }
  // Four waves or more over a long K: persistent 128x128 with 4 stages
  // (16-bit inputs; TF32 keeps 128x256), neither for batched problems.
  for (Shape shape : {Shape{8192, 8192, 8192}, Shape{2048, 15360, 5120},
                      Shape{8192, 5120, 13824}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    std::string what = describe(shape, "bf16", "sm_90a") + ": " + plan.str();
    EXPECT_MSG(plan.bm == 128 && plan.bn == 128 && plan.stages == 4 &&
                   plan.consumers == 2 && plan.warpSpecialized &&
                   plan.persistent,
               what);
    GemmProblem tf32 = makeProblem(shape, f32, f32, false);
    EXPECT_MSG(chooseWgmmaPlan(tf32, chip).bn == 256, "tf32 " + what);
  }
  // 128x128 tiles that each block computes once keep 6 stages; several per
  // block, 4 (2048x5120x13824: 640 tiles).
  {
    GemmProblem one = makeProblem({128, 15360, 5120}, bf16, bf16, false);
    one.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(one, chip);
    EXPECT_MSG(plan.bn == 128 && plan.stages == 6,
               "128x15360x5120: " + plan.str());
    GemmProblem many = makeProblem({2048, 5120, 13824}, bf16, bf16, false);
    many.transposeB = true;
    plan = chooseWgmmaPlan(many, chip);
    EXPECT_MSG(plan.bn == 128 && plan.stages == 4,
               "2048x5120x13824: " + plan.str());
  }
  // Stream-K's split last wave: an M whose last 128-row tile is mostly
  // padding (300 = 2 x 128 + 44) with B stored N x K takes the cooperative
  // 128x256 kernel where swap-AB's tiles would leave the last wave a
  // quarter empty (300x5120: 80 tiles of 128x152 in one wave; 560x6144:
  // 192 of 128x144, where 128-row tiles pad M by only 14 %; 320x10240, by
  // 20 %) or over a K
  // under 8192 (300x27648x5120, 1200x27648x5120), with B stored K x N
  // 64x256 tiles; a last wave of 128x256 tiles under a third full splits
  // (512x10240: 132 + 28 tiles), one of 56 tiles does not (2048x5120);
  // nor does a batched matmul.
  for (auto [shape, bm, nt] :
       {std::tuple{Shape{300, 5120, 13824}, int64_t(128), true},
        std::tuple{Shape{560, 6144, 8192}, int64_t(128), true},
        std::tuple{Shape{320, 10240, 8192}, int64_t(128), true},
        std::tuple{Shape{300, 27648, 5120}, int64_t(128), true},
        std::tuple{Shape{1200, 27648, 5120}, int64_t(128), true},
        std::tuple{Shape{300, 5120, 13824}, int64_t(64), false},
        std::tuple{Shape{300, 27648, 5120}, int64_t(64), false},
        std::tuple{Shape{512, 10240, 8192}, int64_t(128), true}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    p.transposeB = nt;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    std::string what =
        std::string(nt ? "nt " : "nn ") + describe(shape, "bf16", "sm_90a");
    EXPECT_MSG(plan.streamK && !plan.swapAB && plan.bm == bm &&
                   plan.bn == 256 && plan.consumers == bm / 64 &&
                   plan.persistent && plan.splitK == 1 && plan.groupM == 8 &&
                   plan.validate(chip).empty(),
               what + ": " + plan.str());
    GemmProblem tf32 = makeProblem(shape, f32, f32, false);
    EXPECT_MSG(!chooseWgmmaPlan(tf32, chip).streamK,
               "tf32 " + describe(shape, "f32", "sm_90a"));
  }
  // Swap-AB with stream-K where its own last wave is under 3/4 full and
  // splits, at an M that 128-row tiles pad by more than a fifth: 300x10240
  // (2 x 80 tiles of 128x152: 132 + 28), 288x10240, 400x12288 (2 x 96 of
  // 200), 300x18432 (288 tiles); its consumers keep 232 registers.
  // The persistent warp-specialized swap-AB kernel on `cols` columns of M,
  // 4 ring slots.
  auto persistentSwapAb = [](const WgmmaGemmPlan &plan, int64_t cols) {
    return plan.swapAB && plan.bm == 128 && plan.bn == cols &&
           plan.consumers == 2 && plan.warpSpecialized && plan.persistent &&
           !plan.tmaStore && plan.stages == 4;
  };
  for (auto [shape, cols] :
       {std::pair{Shape{300, 10240, 8192}, int64_t(152)},
        std::pair{Shape{288, 10240, 8192}, int64_t(144)},
        std::pair{Shape{400, 12288, 8192}, int64_t(200)},
        std::pair{Shape{300, 18432, 8192}, int64_t(152)}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    p.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(persistentSwapAb(plan, cols) && plan.streamK &&
                   plan.consumerRegs == 232 && plan.validate(chip).empty(),
               describe(shape, "bf16", "sm_90a") + ": " + plan.str());
  }
  // The stream-K tail of a swap-AB plan is counted over C^T's tiles: at
  // 300x18432x8192 in 128x256 tiles those are 144 x 2 = 288, a tail of 24
  // split in one round (any registers), where C's 3 x 72 = 216 would leave
  // 84 tiles taking several rounds (240 registers).
  {
    GemmProblem p = makeProblem({300, 18432, 8192}, bf16, bf16, false);
    p.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    useCooperativeWgmma(plan, 256);
    plan.streamK = true;
    plan.swapAB = false;
    EXPECT_MSG(streamKConsumerRegs(p, plan) == 240, "128x256 over C");
    plan.swapAB = true;
    EXPECT_MSG(streamKConsumerRegs(p, plan) == 0, "128x256 over C^T");
  }
  // The tuner's tiles fitted to the waves where B is stored N x K
  // (waveFittedBlockN): 300 rows in 64-row tiles by 5120 columns are 26 x 5
  // tiles of 200 (one wave, 130 blocks) where 256 columns leave 32 SMs
  // idle; 8192 columns 52 x 5 of 160 (two full waves); 1500 rows by 5120
  // in 22 x 12 of 240; 16 row tiles of 8192 fill their waves with 256.
  {
    using ::gemm_opt::waveFittedBlockN;
    EXPECT_MSG(waveFittedBlockN(5, 5120, 132) == 200, "fitted 5 x 5120");
    EXPECT_MSG(waveFittedBlockN(5, 8192, 132) == 160, "fitted 5 x 8192");
    EXPECT_MSG(waveFittedBlockN(12, 5120, 132) == 240, "fitted 12 x 5120");
    EXPECT_MSG(waveFittedBlockN(16, 8192, 132) == 256, "fitted 16 x 8192");
  }
  // Swap-AB (C^T = B A^T, M along wgmma's n in steps of 8) at such an M
  // where its tiles fill the last wave: 2 x 64 tiles of 152 columns at
  // 300x8192, 2 x 448 at 300x57344, 3 x 224 of 176 at 700x28672; the
  // persistent warp-specialized kernel, 4 ring slots. Not in f32, nor with
  // A stored K x M, nor batched.
  for (auto [shape, cols] : {std::pair{Shape{300, 8192, 8192}, int64_t(152)},
                             std::pair{Shape{300, 57344, 8192}, int64_t(152)},
                             std::pair{Shape{700, 28672, 8192}, int64_t(176)},
                             std::pair{Shape{288, 8192, 8192}, int64_t(144)}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    p.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(persistentSwapAb(plan, cols),
               describe(shape, "bf16", "sm_90a") + ": " + plan.str());
    EXPECT_MSG(!chooseWgmmaPlan(p, chip, /*allowSwapAb=*/false).swapAB,
               describe(shape, "bf16", "sm_90a") + " without swap-AB");
    GemmProblem nn = makeProblem(shape, bf16, bf16, false);
    EXPECT_MSG(!chooseWgmmaPlan(nn, chip).swapAB,
               "nn " + describe(shape, "bf16", "sm_90a"));
    GemmProblem tf32 = makeProblem(shape, f32, f32, false);
    tf32.transposeB = true;
    EXPECT_MSG(!chooseWgmmaPlan(tf32, chip).swapAB,
               "tf32 " + describe(shape, "f32", "sm_90a"));
  }
  // Over a short K where stream-K's tail parts would not fit the
  // consumers' registers (1200x15360x5120: 600 tiles of 128x256), swap-AB.
  {
    GemmProblem p = makeProblem({1200, 15360, 5120}, bf16, bf16, false);
    p.transposeB = true;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.swapAB && !plan.streamK, "1200x15360x5120: " + plan.str());
  }
  EXPECT_MSG(chooseSwapAbWgmmaTiles(300, 5120, 132).cols == 152 &&
                 chooseSwapAbWgmmaTiles(300, 5120, 132).tiles == 80,
             "300x5120: 2 x 40 tiles of 152 columns");
  for (Shape shape : {Shape{2048, 5120, 5120}, Shape{256, 8192, 8192}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    EXPECT_MSG(!chooseWgmmaPlan(p, chip).streamK,
               describe(shape, "bf16", "sm_90a"));
  }
  {
    GemmProblem batched = makeProblem({300, 8192, 8192}, bf16, bf16, false);
    batched.batch = 4;
    EXPECT_MSG(!chooseWgmmaPlan(batched, chip).streamK, "4x300x8192x8192 bf16");
  }
  // The split itself (streamKTail, 132 SMs): 160 tiles of 128 K tiles
  // keep a wave whole and split 28 in 4 in one round (112 blocks); 20
  // tiles of 80 K tiles split in 6; a last wave over half full splits over
  // several rounds after a whole wave where that saves an eighth (200
  // tiles: 68 in 5 parts, 3 rounds), else not (232 tiles of 80 K tiles); a
  // single wave over half full (100 tiles), whole waves only (264) or parts
  // under 8 K tiles (28 tiles of 15) do not split; never more than 16 parts.
  {
    using ::gemm_opt::streamKTail;
    auto t = streamKTail(160, 128, 132);
    EXPECT_MSG(t.splitsTail() && t.wholeTiles == 132 && t.tailTiles == 28 &&
                   t.splits == 4 && t.blocks() == 112 && t.rounds() == 1,
               "streamKTail(160, 128)");
    EXPECT_MSG(streamKTail(20, 80, 132).splits == 6, "streamKTail(20, 80)");
    EXPECT_MSG(streamKTail(2, 1024, 132).splits == 16, "streamKTail(2, 1024)");
    auto rounds = streamKTail(200, 128, 132);
    EXPECT_MSG(rounds.tailTiles == 68 && rounds.splits == 5 &&
                   rounds.rounds() == 3 && rounds.blocks() == 132,
               "streamKTail(200, 128)");
    for (auto [tiles, kTiles] :
         {std::pair{100, 128}, std::pair{232, 80}, std::pair{264, 128},
          std::pair{28, 15}})
      EXPECT_MSG(!streamKTail(tiles, kTiles, 132).splitsTail() &&
                     streamKTail(tiles, kTiles, 132).tailWaves() == 1.0,
                 "streamKTail(" + std::to_string(tiles) + ", " +
                     std::to_string(kTiles) + ")");
  }
  // Two K tiles over many waves, C through TMA stores: persistent 128x128
  // (attention's Q*K^T, 32 entries of 2048x2048x128, and a 2-D one); one
  // K tile: 64x128 with one consumer warpgroup; four K tiles, or a C
  // accumulated into, keep 128x256.
  for (auto [shape, batch] : {std::pair{Shape{2048, 2048, 128}, 32},
                              std::pair{Shape{8192, 8192, 128}, 1}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    p.batch = batch;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.bm == 128 && plan.bn == 128 && plan.stages == 4 &&
                   plan.consumers == 2 && plan.persistent,
               describe(shape, "bf16", "sm_90a") + ": " + plan.str());
  }
  for (auto [shape, batch] : {std::pair{Shape{4096, 4096, 64}, 16},
                              std::pair{Shape{1024, 1024, 64}, 64}}) {
    GemmProblem p = makeProblem(shape, bf16, bf16, false);
    p.batch = batch;
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.bm == 64 && plan.bn == 128 && plan.stages == 4 &&
                   plan.consumers == 1 && plan.warpSpecialized &&
                   plan.persistent && plan.validate(chip).empty(),
               describe(shape, "bf16", "sm_90a") + ": " + plan.str());
  }
  {
    // A batched M not in whole tiles: C without TMA stores, 128x256.
    GemmProblem p = makeProblem({2000, 2048, 128}, bf16, bf16, false);
    p.batch = 32;
    EXPECT_MSG(chooseWgmmaPlan(p, chip).bn == 256,
               "32x2000x2048x128: " + chooseWgmmaPlan(p, chip).str());
  }
  for (auto [shape, accumulate] : {std::pair{Shape{8192, 8192, 256}, false},
                                   std::pair{Shape{8192, 8192, 128}, true}}) {
    GemmProblem p = makeProblem(shape, bf16, f32, accumulate);
    WgmmaGemmPlan plan = chooseWgmmaPlan(p, chip);
    EXPECT_MSG(plan.bn == 256, describe(shape, "bf16->f32", "sm_90a") +
                                   (accumulate ? " beta=1: " : ": ") +
                                   plan.str());
  }
}

/// Clusters of two where they were measured to pay (ClusterHeuristics.cpp):
/// the cooperative 128x192 tiles over an even count of 128-row tiles (B
/// multicast along M); not swap-AB's pairs of column tiles (no gain at
/// M = 300), never TF32 or a batched matmul, and every clustered plan valid
/// with its tiles in whole clusters.
void testClusterPlans(MLIRContext &ctx) {
  const ChipInfo &chip = *lookupChipInfo("sm_90a");
  Type bf16 = BFloat16Type::get(&ctx);
  auto plan = [&](int64_t m, int64_t n, int64_t k, int64_t batch = 1) {
    GemmProblem p = makeProblem({m, n, k}, bf16, bf16, false);
    p.transposeB = true;
    p.batch = batch;
    return std::make_pair(p, chooseWgmmaPlan(p, chip));
  };
  for (auto [m, n, k] : {std::array<int64_t, 3>{512, 5120, 5120},
                         {512, 5120, 13824},
                         {256, 10240, 5120}}) {
    auto [p, pl] = plan(m, n, k);
    EXPECT_MSG(pl.bn == 192 && pl.clusterM == 2 && pl.clusterN == 1,
               describe({m, n, k}, "bf16", "sm_90a") + ": " + pl.str());
  }
  // Three row tiles of 128x192 do not pair up.
  EXPECT_MSG(plan(384, 8192, 5120).second.clusterSize() == 1, "384x8192x5120");
  // Swap-AB at M = 300: two column tiles of 152, no cluster.
  for (auto [n, k] : {std::array<int64_t, 2>{8192, 8192}, {8192, 28672}}) {
    auto [p, pl] = plan(300, n, k);
    EXPECT_MSG(pl.swapAB && pl.clusterSize() == 1,
               describe({300, n, k}, "bf16", "sm_90a") + ": " + pl.str());
  }
  EXPECT_MSG(plan(512, 5120, 5120, 2).second.clusterSize() == 1,
             "batched: no cluster");
  // TF32 (its B a transposed copy) has not run in a cluster.
  GemmProblem tf32 = makeProblem({512, 5120, 5120}, Float32Type::get(&ctx),
                                 Float32Type::get(&ctx), false);
  WgmmaGemmPlan tf32Plan = chooseWgmmaPlan(tf32, chip);
  EXPECT_MSG(tf32Plan.bn == 192 && tf32Plan.clusterSize() == 1,
             "tf32: " + tf32Plan.str());
  for (int64_t m : {256, 300, 384, 512, 700, 1024, 1536, 2048, 4096})
    for (int64_t n : {5120, 8192, 10240, 13824, 28672})
      for (int64_t k : {5120, 8192}) {
        auto [p, pl] = plan(m, n, k);
        if (pl.clusterSize() == 1)
          continue;
        std::string where = describe({m, n, k}, "bf16", "sm_90a");
        std::string misfit = checkWgmmaCluster(p, pl);
        EXPECT_MSG(pl.bn == 192 && pl.clusterM == 2 && misfit.empty() &&
                       pl.validate(chip).empty(),
                   where + ": " + misfit + " " + pl.validate(chip));
      }
}

} // namespace

int main() {
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&ctx));
  Type f32 = Float32Type::get(&ctx), f16 = Float16Type::get(&ctx),
       bf16 = BFloat16Type::get(&ctx);
  const Types tensorCoreTypes[] = {
      {"f16->f32", f16, f32}, {"f16->f16", f16, f16}, {"bf16->f32", bf16, f32},
      {"bf16->bf16", bf16, bf16}, {"tf32", f32, f32}};
  testMmaPlans(tensorCoreTypes);
  testMmaBlockWidth(ctx);
  testWgmmaPlans(tensorCoreTypes);
  testSmallMPlans(tensorCoreTypes);
  testFewWaveWgmmaPlans(ctx);
  testClusterPlans(ctx);
  testSimtLadder(ctx);
  testVectorWidth();
  testSoftmaxRows(ctx, *module);
  testPlanOptionsRoundTrip(ctx);
  std::printf("%d passed, %d failed\n", gPassed, gFailed);
  return gFailed ? 1 : 0;
}
