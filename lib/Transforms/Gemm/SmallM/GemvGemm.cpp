//===- GemvGemm.cpp - Weight-streaming kernel for a few rows of A ---------===//
//
// Warp w of block x owns column n = x * warps + w of C. Lane l reads the
// 16-byte chunks l, l + 32, l + 64, ... of row n of B (B stored N x K) and
// the same chunks of each of the M rows of A, and keeps one f32 vector
// accumulator per row of A: acc[m] += A[m, chunk] * B[n, chunk]. The loop is
// unrolled `unroll` times so that as many chunks are in flight. The
// accumulators are summed within the lane (vector.reduction) and across the
// warp (xor shuffles); lane 0 writes the M results of column n. Each element
// of B is read once, so the kernel's time is B's bytes over the bandwidth.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Emit/Epilogue.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

GemvPlanAttr GemvGemmPlan::toAttr(MLIRContext *ctx) const {
  return GemvPlanAttr::get(ctx, unroll, warps);
}

GemvGemmPlan GemvGemmPlan::fromAttr(GemvPlanAttr attr) {
  GemvGemmPlan p;
  p.unroll = attr.getUnroll();
  p.warps = attr.getWarps();
  return p;
}

std::string GemvGemmPlan::str() const {
  return "one warp per column of C, " + std::to_string(warps) +
         " warps per block, " + std::to_string(unroll) +
         " chunks of B in flight per warp";
}

std::string mlir::gemm_opt::whyNotGemv(const GemmProblem &p) {
  int64_t bytes = p.aType.getIntOrFloatBitWidth() / 8;
  if (p.isBatched())
    return "it is not batched (a batched matmul keeps the tiles)";
  if (p.m > kGemvMaxRows)
    return "M = " + std::to_string(p.m) + " is more than " +
           std::to_string(kGemvMaxRows) + " rows";
  if (!p.transposeB || p.transposeA)
    return "it reads A as M x K and B stored N x K (layout nt)";
  if (p.aType != p.bType)
    return "it needs A and B of one element type";
  if ((p.k * bytes) % 16 != 0)
    return "rows of A and B are " + std::to_string(p.k * bytes) +
           " bytes, not whole 16-byte chunks";
  return "";
}

namespace {
class GemvEmitter : KernelEmitterBase {
public:
  GemvEmitter(KernelBuilder &b, const GemmProblem &p, const GemvGemmPlan &plan)
      : KernelEmitterBase(b), p(p), plan(plan),
        vec(16 / (p.aType.getIntOrFloatBitWidth() / 8)) {}

  gpu::LaunchOp emit() {
    MLIRContext *ctx = b.getContext();
    gpu::LaunchOp launch = createBlockTiledMatmulLaunch(
        b, ceilDiv(p.n, plan.warps), 1, plan.threads(), /*sharedBytes=*/0,
        "gemv", kGemvPlanAttr, plan.toAttr(ctx));
    // A dynamic M: the planned rows are computed (the range's largest M),
    // rows past the actual M read its last row and are not stored.
    if (p.dynamicM())
      launch->setAttr(kDynamicRowsAttr, b.getUnitAttr());
    for (int64_t m = 0; m < p.m; ++m)
      rows.push_back(p.dynamicM() ? minu(c(m), p.lastRow(b, b.getLoc())) : c(m));
    // No shared memory: the op only carries the kernel's attributes (A
    // and B read-only, so that their loads may take the non-coherent path).
    createKernelDynamicSharedMemory(b, /*maxRegs=*/0, /*readOnlyInputs=*/true);
    Value tid = launch.getThreadIds().x;
    Value n = add(mul(launch.getBlockIds().x, plan.warps), div(tid, 32));
    Value lane = rem(tid, 32);
    ifThen(ult(n, p.n), [&] {
      SmallVector<Value> sums = laneSums(n, lane);
      for (Value &s : sums)
        s = warpSum(s);
      ifThen(eq(lane, 0), [&] {
        for (int64_t m = 0; m < p.m; ++m) {
          Value rowOk = p.dynamicM() ? ult(c(m), p.mRuntime) : Value();
          ifThen(rowOk, [&] {
            Value v = sums[m];
            if (p.accumulate)
              v = arith::AddFOp::create(b, b.loadF32(p.c, {c(m), n}), v);
            b.storeFromF32(applyEpilogue(b, p, c(m), n, v), p.c, {c(m), n});
          });
        }
      });
    });
    return launch;
  }

private:
  /// 16 bytes of `memref` at (row, k), as f32.
  Value loadChunk(Value memref, Value row, Value k) {
    Type elem = p.aType;
    Value v = vector::LoadOp::create(b, VectorType::get({vec}, elem), memref,
                                     ValueRange{row, k}, /*nontemporal=*/false,
                                     llvm::MaybeAlign(16));
    if (!elem.isF32())
      v = arith::ExtFOp::create(b, VectorType::get({vec}, b.getF32Type()), v);
    return v;
  }

  /// This lane's M partial sums over its chunks of row n of B.
  SmallVector<Value> laneSums(Value n, Value lane) {
    auto accType = VectorType::get({vec}, b.getF32Type());
    Value zero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0)));
    SmallVector<Value> init(p.m, zero);
    auto loop = scf::ForOp::create(b, mul(lane, vec), c(p.k), c(32 * vec),
                                   init);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value k = loop.getInductionVar();
      Value bChunk = loadChunk(p.b, n, k);
      SmallVector<Value> acc;
      for (int64_t m = 0; m < p.m; ++m)
        acc.push_back(vector::FMAOp::create(b, loadChunk(p.a, rows[m], k), bChunk,
                                            loop.getRegionIterArgs()[m]));
      scf::YieldOp::create(b, acc);
    }
    SmallVector<Value> sums;
    for (Value acc : loop.getResults())
      sums.push_back(vector::ReductionOp::create(
          b, vector::CombiningKind::ADD, acc));
    // After the sums exist: unrolling moves their operands to the epilogue
    // loop's results.
    unroll(loop);
    return sums;
  }

  Value warpSum(Value v) {
    Value width = arith::ConstantOp::create(b, b.getI32IntegerAttr(32));
    for (int32_t off = 16; off >= 1; off /= 2) {
      Value offset = arith::ConstantOp::create(b, b.getI32IntegerAttr(off));
      Value other = gpu::ShuffleOp::create(b, v, offset, width,
                                           gpu::ShuffleMode::XOR)
                        .getShuffleResult();
      v = arith::AddFOp::create(b, v, other);
    }
    return v;
  }

  /// The K loop unrolled `unroll` times (an epilogue loop takes the rest of
  /// each lane's trip count, known only per lane), so that as many chunks
  /// of B are loaded before their products are summed. (LLVM's runtime
  /// unrolling through an llvm.loop_annotation count did not unroll it.)
  void unroll(scf::ForOp loop) {
    if (plan.unroll > 1)
      (void)loopUnrollByFactor(loop, plan.unroll);
  }

  const GemmProblem &p;
  const GemvGemmPlan &plan;
  int64_t vec; // elements per 16-byte chunk
  SmallVector<Value> rows; // the row of A each of the planned rows reads
};
} // namespace

gpu::LaunchOp mlir::gemm_opt::buildGemvGemmKernel(const GemmProblem &problem,
                                                  const GemvGemmPlan &plan,
                                                  Operation *before) {
  KernelBuilder b(before->getLoc(), before);
  return GemvEmitter(b, problem, plan).emit();
}
