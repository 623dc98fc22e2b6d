//===- SwapAbGemm.cpp - Small-M tensor-core kernel, C^T = B A^T -----------===//
//
// Block x owns 16 * row_tiles = 16R columns of C from n0 = 16R * x; its
// k_warps warps split K in steps (warp w takes steps w, w + k_warps, ...).
// Lane l has g = l / 4 and q = l % 4. The sum over k does not depend on the
// order of k, nor that over the rows of a 16-row tile on which column of C
// each row is, so both are chosen such that each lane's 16-byte loads are
// exactly its m16n8k16 fragments (PTX ISA fragment layouts: B's tile in
// registers a0..a3 as rows g / g + 8 and k-pairs q / q + 4, A's rows in
// b0, b1 as column g and the same k-pairs):
//   B stored N x K (nt), steps of 64: the lane reads the chunks at k0 + 8q
//   and k0 + 32 + 8q of rows n0 + 16t + g and + 8 of each tile t and of
//   row g of each 8-row tile of A; k-step s takes the chunks' element
//   pairs 2s and 2s + 1.
//   B stored K x N (nn), steps of 32: the lane reads 2R columns at
//   n0 + 2Rg of the 8 rows k0 + 8q + r of B (one 4R-byte load each) and
//   the chunk at k0 + 8q of A's rows; tile t's rows g and g + 8 are the
//   columns n0 + 2Rg + 2t and + 1, k-step s takes rows 4s .. 4s + 3, so a
//   register pairs one column's elements of two rows.
// A's rows are read once per 16R rows of B, B's elements once.
//
// After the K loop each warp writes its accumulators to shared memory
// (lane-minor, so that the accesses are conflict-free) and the warps sum
// them in a fixed order: the result does not depend on timing. Rows of A
// and B beyond M and N read the last ones instead (their results are not
// stored); a K that is not a multiple of the step ends with one masked
// step.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Emit/Epilogue.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

int64_t SwapAbGemmPlan::sharedBytes(int64_t m) const {
  if (kWarps == 1)
    return 0;
  return kWarps * rowTiles * ceilDiv(m, 8) * 4 * 32 * 4;
}

std::string SwapAbGemmPlan::validate(const GemmProblem &p) const {
  int64_t most = largestSwapAbRowTiles(p);
  if (rowTiles > most)
    return "row_tiles = " + std::to_string(rowTiles) + " reads " +
           std::to_string(2 * rowTiles) + " columns of B per load, which " +
           "N = " + std::to_string(p.n) + " does not allow (at most " +
           std::to_string(most) + ")";
  return "";
}

SwapAbPlanAttr SwapAbGemmPlan::toAttr(MLIRContext *ctx) const {
  return SwapAbPlanAttr::get(ctx, kWarps, rowTiles, unroll);
}

SwapAbGemmPlan SwapAbGemmPlan::fromAttr(SwapAbPlanAttr attr) {
  SwapAbGemmPlan p;
  p.kWarps = attr.getKWarps();
  p.rowTiles = attr.getRowTiles();
  p.unroll = attr.getUnroll();
  return p;
}

std::string SwapAbGemmPlan::str() const {
  return "mma.sync with B as the 16-row operand, " +
         std::to_string(rowsOfB()) + " columns of C per block, " +
         std::to_string(kWarps) + " warps splitting K, " +
         std::to_string(unroll) + " steps of K in flight per warp";
}

std::string mlir::gemm_opt::whyNotSwapAb(const GemmProblem &p) {
  if (p.isBatched())
    return "it is not batched (a batched matmul keeps the tiles)";
  if (p.m > kSwapAbMaxRows)
    return "M = " + std::to_string(p.m) + " is more than " +
           std::to_string(kSwapAbMaxRows) + " rows";
  if (p.transposeA)
    return "it reads A as M x K";
  if (p.aType != p.bType || !(p.aType.isF16() || p.aType.isBF16()))
    return "it needs A and B both f16 or both bf16";
  if ((p.k * 2) % 16 != 0)
    return "rows of A are " + std::to_string(p.k * 2) +
           " bytes, not whole 16-byte chunks";
  if (!p.transposeB && p.n % 2 != 0)
    return "B stored K x N needs an even N (N = " + std::to_string(p.n) + ")";
  return "";
}

int64_t mlir::gemm_opt::largestSwapAbRowTiles(const GemmProblem &p) {
  if (p.transposeB)
    return 4;
  // Lanes read 2R columns of a row of B: R must divide N / 2.
  for (int64_t r = 4; r > 1; r /= 2)
    if (p.n % (2 * r) == 0)
      return r;
  return 1;
}

namespace {
class SwapAbEmitter : KernelEmitterBase {
public:
  SwapAbEmitter(KernelBuilder &b, const GemmProblem &p,
                const SwapAbGemmPlan &plan)
      : KernelEmitterBase(b), p(p), plan(plan), mTiles(ceilDiv(p.m, 8)),
        bf16(p.aType.isBF16()) {}

  gpu::LaunchOp emit() {
    gpu::LaunchOp launch = createBlockTiledMatmulLaunch(
        b, ceilDiv(p.n, plan.rowsOfB()), 1, plan.threads(),
        plan.sharedBytes(p.m), "swap_ab", kSwapAbPlanAttr,
        plan.toAttr(b.getContext()));
    // A dynamic M: the planned rows' tiles are computed (the range's
    // largest M); rows past the actual M read its last row, not stored.
    if (p.dynamicM())
      launch->setAttr(kDynamicRowsAttr, b.getUnitAttr());
    Value dyn = createKernelDynamicSharedMemory(b, /*maxRegs=*/0,
                                                /*readOnlyInputs=*/true);
    Value tid = launch.getThreadIds().x;
    warp = div(tid, 32);
    lane = rem(tid, 32);
    Value g = div(lane, 4);
    quadK = mul(rem(lane, 4), 8);
    nBase = mul(launch.getBlockIds().x, plan.rowsOfB());
    // The rows (nt) or columns (nn) of B this lane reads; past the end it
    // reads the last ones.
    if (p.transposeB) {
      for (int64_t t = 0; t < plan.rowTiles; ++t)
        for (int64_t h = 0; h < 2; ++h)
          bRows.push_back(minu(add(nBase, add(g, 16 * t + 8 * h)), p.n - 1));
    } else {
      bCol = minu(add(nBase, mul(g, 2 * plan.rowTiles)),
                  p.n - 2 * plan.rowTiles);
    }
    for (int64_t j = 0; j < mTiles; ++j)
      aRows.push_back(minu(add(g, 8 * j), p.lastRow(b, b.getLoc())));

    SmallVector<Value> acc = kLoop();
    if (plan.kWarps == 1)
      storeOwn(acc);
    else
      sumOverWarps(dyn, acc);
    return launch;
  }

private:
  /// `elems` elements of `memref` at (row, col) in one load; zeros where
  /// `valid` is false (the caller then clamps the address in bounds).
  Value loadChunk(Value memref, Value row, Value col, int64_t elems,
                  Value valid) {
    auto ty = VectorType::get({elems}, p.aType);
    Value v = vector::LoadOp::create(b, ty, memref, ValueRange{row, col},
                                     /*nontemporal=*/false,
                                     llvm::MaybeAlign(2 * elems));
    if (!valid)
      return v;
    Value zero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(ty, b.getZeroAttr(p.aType)));
    return arith::SelectOp::create(b, valid, v, zero);
  }

  /// A 16-byte chunk as four 32-bit registers (i32 for bf16, vector<2xf16>
  /// for f16: the operand types nvvm.mma.sync takes).
  SmallVector<Value, 4> registersOf(Value chunk) {
    SmallVector<Value, 4> regs;
    Value words = vector::BitCastOp::create(
        b, VectorType::get({4}, b.getI32Type()), chunk);
    for (int64_t r = 0; r < 4; ++r) {
      Value word = vector::ExtractOp::create(b, words, ArrayRef<int64_t>{r});
      if (!bf16)
        word = LLVM::BitcastOp::create(b, VectorType::get({2}, p.aType), word);
      regs.push_back(word);
    }
    return regs;
  }

  /// The 16-byte chunk of a K-contiguous row of `memref` at k; zeros past
  /// K when `masked`.
  Value loadKChunk(Value memref, Value row, Value k, bool masked) {
    Value valid = masked ? ult(k, p.k) : Value();
    if (valid)
      k = select(valid, k, c(p.k - 8));
    return loadChunk(memref, row, k, 8, valid);
  }

  /// Elements of K per step of a warp: four k-steps when B is stored
  /// N x K, two when it is stored K x N (its lanes then hold 8 rows of B
  /// per step in registers).
  int64_t stepK() const { return p.transposeB ? 64 : 32; }

  /// Everything one step at k0 loads, in one list: nt: the chunks at
  /// k0 + 8q and k0 + 32 + 8q of each row of B, then of A; nn: rows
  /// k0 + 8q + r (r < 8) of B at this lane's 2R columns, then the chunk at
  /// k0 + 8q of each row of A. `masked`: the step may pass K (zeros there).
  SmallVector<Value> loadStepChunks(Value k0, bool masked) {
    SmallVector<Value> chunks;
    if (p.transposeB) {
      for (Value row : bRows)
        for (int64_t half = 0; half < 2; ++half)
          chunks.push_back(
              loadKChunk(p.b, row, add(k0, add(quadK, 32 * half)), masked));
      for (Value row : aRows)
        for (int64_t half = 0; half < 2; ++half)
          chunks.push_back(
              loadKChunk(p.a, row, add(k0, add(quadK, 32 * half)), masked));
      return chunks;
    }
    for (int64_t r = 0; r < 8; ++r) {
      Value k = add(k0, add(quadK, r));
      Value valid = masked ? ult(k, p.k) : Value();
      if (valid)
        k = select(valid, k, c(p.k - 1));
      chunks.push_back(loadChunk(p.b, k, bCol, 2 * plan.rowTiles, valid));
    }
    for (Value row : aRows)
      chunks.push_back(loadKChunk(p.a, row, add(k0, quadK), masked));
    return chunks;
  }

  /// Two elements as one 32-bit mma operand register.
  Value pack(Value lo, Value hi) {
    Value pair = vector::FromElementsOp::create(
        b, VectorType::get({2}, p.aType), ValueRange{lo, hi});
    if (!bf16)
      return pair;
    Value word = vector::BitCastOp::create(
        b, VectorType::get({1}, b.getI32Type()), pair);
    return vector::ExtractOp::create(b, word, ArrayRef<int64_t>{0});
  }

  /// One step's fragments: B's, 4 registers per (k-step, 16-row tile), and
  /// A's, registers 2s and 2s + 1 of each 8-row tile for k-step s.
  struct StepFragments {
    SmallVector<SmallVector<Value, 4>> b; // [k-step * row_tiles + tile]
    SmallVector<SmallVector<Value, 8>> a; // [8-row tile of A]
  };

  /// The fragments of one step's chunks (loadStepChunks' order).
  StepFragments fragmentsOf(ArrayRef<Value> chunks) {
    StepFragments f;
    if (p.transposeB) {
      // Row i's registers: pairs 0-3 from its first chunk, 4-7 from the
      // second; k-step s takes pairs 2s and 2s + 1.
      SmallVector<SmallVector<Value, 8>> rows;
      for (size_t i = 0; i < chunks.size(); i += 2) {
        SmallVector<Value, 8> regs(registersOf(chunks[i]));
        llvm::append_range(regs, registersOf(chunks[i + 1]));
        rows.push_back(regs);
      }
      for (int64_t s = 0; s < 4; ++s)
        for (int64_t t = 0; t < plan.rowTiles; ++t) {
          const auto &lo = rows[2 * t], &hi = rows[2 * t + 1];
          f.b.push_back({lo[2 * s], hi[2 * s], lo[2 * s + 1], hi[2 * s + 1]});
        }
      f.a.assign(rows.begin() + 2 * plan.rowTiles, rows.end());
      return f;
    }
    auto at = [&](int64_t r, int64_t col) {
      return vector::ExtractOp::create(b, chunks[r], ArrayRef<int64_t>{col});
    };
    for (int64_t s = 0; s < 2; ++s)
      for (int64_t t = 0; t < plan.rowTiles; ++t) {
        int64_t r = 4 * s, lo = 2 * t, hi = 2 * t + 1;
        f.b.push_back({pack(at(r, lo), at(r + 1, lo)),
                       pack(at(r, hi), at(r + 1, hi)),
                       pack(at(r + 2, lo), at(r + 3, lo)),
                       pack(at(r + 2, hi), at(r + 3, hi))});
      }
    for (Value chunk : chunks.drop_front(8))
      f.a.push_back(SmallVector<Value, 8>(registersOf(chunk)));
    return f;
  }

  /// The chunks' products added to the accumulators.
  void multiply(ArrayRef<Value> chunks, MutableArrayRef<Value> acc) {
    StepFragments f = fragmentsOf(chunks);
    int64_t kSteps = stepK() / 16;
    for (int64_t s = 0; s < kSteps; ++s)
      for (int64_t t = 0; t < plan.rowTiles; ++t)
        for (int64_t j = 0; j < mTiles; ++j) {
          Value bFrag[2] = {f.a[j][2 * s], f.a[j][2 * s + 1]};
          createMmaSyncM16N8K16(b, p.aType, f.b[s * plan.rowTiles + t],
                                bFrag, acc.slice((t * mTiles + j) * 4, 4));
        }
  }

  /// This warp's full steps from k `from` in groups of `count` (fewer than
  /// `count` left: none); each iteration loads the group's chunks, then
  /// multiplies them. Returns the accumulators and the k after the last
  /// group. (Carrying the next group's chunks in the loop's registers does
  /// not keep them in flight longer: LLVM turns the loop-carried loads back
  /// into loads at the top of the body.)
  std::pair<SmallVector<Value>, Value> groupLoop(Value from, int64_t fullSteps,
                                                 int64_t count,
                                                 ArrayRef<Value> acc) {
    int64_t stride = plan.kWarps * stepK();
    int64_t end = (fullSteps - (count - 1) * plan.kWarps) * stepK();
    SmallVector<Value> init(acc.begin(), acc.end());
    init.push_back(from);
    auto loop = scf::ForOp::create(b, from, c(std::max<int64_t>(end, 0)),
                                   c(count * stride), init);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value k0 = loop.getInductionVar();
      SmallVector<SmallVector<Value>> group;
      for (int64_t u = 0; u < count; ++u)
        group.push_back(loadStepChunks(add(k0, u * stride), false));
      SmallVector<Value> next(loop.getRegionIterArgs().drop_back());
      for (ArrayRef<Value> chunks : group)
        multiply(chunks, next);
      next.push_back(add(k0, count * stride));
      scf::YieldOp::create(b, next);
    }
    SmallVector<Value> results(loop.getResults().drop_back());
    return {results, loop.getResults().back()};
  }

  /// The warp's accumulators over its steps of K: groups of `unroll`
  /// steps, its remaining full steps one at a time, then the masked last
  /// step where K is not a multiple of the step (taken by the warp whose
  /// turn it is).
  SmallVector<Value> kLoop() {
    Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0));
    SmallVector<Value> acc(plan.rowTiles * mTiles * 4, zero);
    int64_t fullSteps = p.k / stepK();
    if (fullSteps > 0) {
      Value k0 = mul(warp, stepK());
      if (plan.unroll > 1)
        std::tie(acc, k0) = groupLoop(k0, fullSteps, plan.unroll, acc);
      acc = groupLoop(k0, fullSteps, 1, acc).first;
    }
    if (p.k % stepK() == 0)
      return acc;
    auto ifOp = scf::IfOp::create(b, TypeRange(ValueRange(acc)),
                                  eq(warp, fullSteps % plan.kWarps),
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      SmallVector<Value> last(acc);
      multiply(loadStepChunks(c(fullSteps * stepK()), true), last);
      scf::YieldOp::create(b, last);
      b.setInsertionPointToStart(&ifOp.getElseRegion().front());
      scf::YieldOp::create(b, acc);
    }
    return SmallVector<Value>(ifOp.getResults());
  }

  /// Writes element `e` of accumulator (t, j), `v`, to C (transposed: B's
  /// row is C's column), where it falls inside C.
  void storeElement(Value t, Value j, Value e, Value v) {
    Value g = div(lane, 4);
    Value n = p.transposeB
                  ? add(nBase, add(add(g, mul(t, 16)), mul(div(e, 2), 8)))
                  : add(nBase, add(add(mul(g, 2 * plan.rowTiles), mul(t, 2)),
                                   div(e, 2)));
    Value m = add(mul(j, 8), add(mul(rem(lane, 4), 2), rem(e, 2)));
    ifThen(andi(ult(n, c(p.n)), ult(m, p.rowsBound(b, b.getLoc()))), [&] {
      Value out = v;
      if (p.accumulate)
        out = arith::AddFOp::create(b, b.loadF32(p.c, {m, n}), out);
      b.storeFromF32(applyEpilogue(b, p, m, n, out), p.c, {m, n});
    });
  }

  void storeOwn(ArrayRef<Value> acc) {
    for (int64_t t = 0; t < plan.rowTiles; ++t)
      for (int64_t j = 0; j < mTiles; ++j)
        for (int64_t e = 0; e < 4; ++e)
          storeElement(c(t), c(j), c(e), acc[(t * mTiles + j) * 4 + e]);
  }

  /// Every warp parks its accumulators in shared memory as [warp][i][lane];
  /// warp w then sums element i = w, w + k_warps, ... over the warps in
  /// order and stores it.
  void sumOverWarps(Value dyn, ArrayRef<Value> acc) {
    int64_t elems = static_cast<int64_t>(acc.size());
    auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                         gpu::AddressSpace::Workgroup);
    auto ty = MemRefType::get({plan.kWarps, elems, 32}, b.getF32Type(),
                              MemRefLayoutAttrInterface(), ws);
    Value parts = memref::ViewOp::create(b, ty, dyn, c(0), ValueRange{});
    for (int64_t i = 0; i < elems; ++i)
      memref::StoreOp::create(b, acc[i], parts, ValueRange{warp, c(i), lane});
    gpu::BarrierOp::create(b);
    auto loop = scf::ForOp::create(b, warp, c(elems), c(plan.kWarps));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value i = loop.getInductionVar();
    Value sum = memref::LoadOp::create(b, parts, ValueRange{c(0), i, lane});
    for (int64_t w = 1; w < plan.kWarps; ++w)
      sum = arith::AddFOp::create(
          b, sum, memref::LoadOp::create(b, parts, ValueRange{c(w), i, lane}));
    storeElement(div(i, mTiles * 4), rem(div(i, 4), mTiles), rem(i, 4), sum);
  }

  const GemmProblem &p;
  const SwapAbGemmPlan &plan;
  int64_t mTiles; // tiles of 8 rows of A
  bool bf16;
  Value warp, lane, quadK, nBase;
  Value bCol; // nn: the first of this lane's 2R columns of B
  SmallVector<Value> bRows, aRows;
};
} // namespace

gpu::LaunchOp mlir::gemm_opt::buildSwapAbGemmKernel(const GemmProblem &problem,
                                                    const SwapAbGemmPlan &plan,
                                                    Operation *before) {
  KernelBuilder b(before->getLoc(), before);
  return SwapAbEmitter(b, problem, plan).emit();
}
