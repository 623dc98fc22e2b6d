//===- SoftmaxKernels.cpp - Kernel builders for the softmax ladder --------===//
//
// One builder per algorithm; every later rung only changes the plan. The
// kernels are correct for any shape by construction:
//  - loads are never out of bounds: indices past the row or past the last
//    row are clamped to a valid element and the value replaced by -inf
//    (the identity of max, and exp(-inf) = 0), so every thread runs the same
//    straight-line code and reaches every barrier and every shuffle;
//  - stores are guarded by `scf.if`;
//  - each shared-memory buffer is written once per kernel except in the
//    tree reductions, where a barrier separates every level.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Shared-memory layout of a plan
//===----------------------------------------------------------------------===//

static int64_t elemBytes(Type t) { return t.isF32() ? 4 : 2; }

/// f32 slots per reduced value that the (max, sum) combination of an
/// online kernel needs in shared memory.
static int64_t reductionSlots(const SoftmaxPlan &plan) {
  if (plan.reduce == SoftmaxReduce::SharedTree)
    return plan.blockThreads();
  return plan.threadsPerRow > 32
             ? plan.rowsPerBlock * (plan.threadsPerRow / 32)
             : 0;
}

/// Bytes of the rows kept in shared memory, rounded up to 16 (the
/// reduction slots follow them in the same dynamic allocation).
static int64_t sharedRowBytes(const SoftmaxPlan &plan,
                              const SoftmaxProblem &p) {
  // Hybrid: only the shared chunks of the (one) row.
  int64_t elems = plan.storage == SoftmaxStorage::Hybrid
                      ? plan.sharedChunks * plan.threadsPerRow *
                            plan.vectorWidth
                      : plan.rowsPerBlock * p.cols;
  int64_t bytes = elems * elemBytes(p.xType);
  return (bytes + 15) / 16 * 16;
}

int64_t SoftmaxPlan::dynamicSharedBytes(const SoftmaxProblem &p) const {
  if (algo != SoftmaxAlgo::Online)
    return 0;
  if (storage != SoftmaxStorage::Shared &&
      !(storage == SoftmaxStorage::Hybrid && sharedChunks > 0))
    return 0;
  // Everything in one dynamic allocation: static shared variables would be
  // placed by ptxas where the dynamic symbol's accesses could overlap them.
  return sharedRowBytes(*this, p) + 2 * 4 * reductionSlots(*this);
}

//===----------------------------------------------------------------------===//
// Kernel-building helpers
//===----------------------------------------------------------------------===//

namespace {

/// f32 arithmetic and the softmax-specific pieces, at one insertion point.
struct Emitter {
  KernelBuilder &b;
  /// exp2 through ex2.approx.ftz.f32 (SoftmaxPlan::ftzExp).
  bool ftz = false;

  Value f(double v) { return b.f32(v); }
  Value negInf() { return f(-INFINITY); }
  Value addf(Value x, Value y) { return arith::AddFOp::create(b, x, y); }
  Value subf(Value x, Value y) { return arith::SubFOp::create(b, x, y); }
  Value mulf(Value x, Value y) { return arith::MulFOp::create(b, x, y); }
  Value divf(Value x, Value y) { return arith::DivFOp::create(b, x, y); }
  /// NaN-propagating max, like PyTorch.
  Value maxf(Value x, Value y) { return arith::MaximumFOp::create(b, x, y); }
  Value select(Value c, Value t, Value e) {
    return arith::SelectOp::create(b, c, t, e);
  }
  Value oeq(Value x, Value y) {
    return arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, x, y);
  }
  Value divui(Value x, int64_t y) {
    return arith::DivUIOp::create(b, x, b.index(y));
  }
  Value remui(Value x, int64_t y) {
    return arith::RemUIOp::create(b, x, b.index(y));
  }
  Value minui(Value x, int64_t y) {
    return arith::MinUIOp::create(b, x, b.index(y));
  }

  /// 2^v with the PTX `ex2.approx.f32` instruction (a few ulp; 2^-inf = 0,
  /// 2^NaN = NaN). Inline PTX keeps libdevice out of the build.
  Value exp2(Value v) {
    return LLVM::InlineAsmOp::create(
               b, TypeRange{b.getF32Type()}, ValueRange{v},
               ftz ? "ex2.approx.ftz.f32 $0, $1;" : "ex2.approx.f32 $0, $1;",
               "=f,f", /*has_side_effects=*/false,
               /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
               LLVM::AsmDialectAttr(), ArrayAttr())
        .getResult(0);
  }
  /// exp(x - m), the difference taken first (exact for close values), then
  /// scaled by log2(e): the relative error stays ~1e-7 * |x - m|.
  Value expDiff(Value x, Value m) {
    return exp2(mulf(subf(x, m), f(M_LOG2E)));
  }
  /// x * y + z with one rounding.
  Value fma(Value x, Value y, Value z) {
    return LLVM::FMAOp::create(b, x, y, z);
  }
  /// m * log2(e) as hi + lo: hi rounded, lo its rounding error (exact, by
  /// a fused multiply-add).
  std::pair<Value, Value> log2eSplit(Value m) {
    Value hi = mulf(m, f(M_LOG2E));
    return {hi, fma(m, f(M_LOG2E), arith::NegFOp::create(b, hi))};
  }
  /// exp(x - m) * exp2(lo) = exp2(x * log2(e) - hi) for (hi, lo) =
  /// log2eSplit(m), given negHi = -hi: one fused multiply-add per element
  /// instead of a subtraction and a multiplication; the caller multiplies
  /// by exp2(-lo) once. As exact as `expDiff`: x * log2(e) - hi is rounded
  /// once, and hi + lo is m * log2(e) exactly.
  Value expShifted(Value x, Value negHi) {
    return exp2(fma(x, f(M_LOG2E), negHi));
  }
  /// exp2(-lo) for the (hi, lo) of log2eSplit: 1 + O(2^-24 |m|).
  Value loCorrection(Value lo) {
    return exp2(arith::NegFOp::create(b, lo));
  }
  /// The maximum to subtract from a thread's own elements: m itself, or 0
  /// when m is -inf (all of them -inf), so that exp(x - m) is exp(-inf) = 0
  /// without the per-element test of `scale`.
  Value subtrahend(Value m) { return select(oeq(m, negInf()), f(0.0), m); }
  /// exp(x - m) where x == m gives 1 even for x = m = -inf. Used where `m`
  /// is a running or partial maximum, so that a -inf partial maximum does
  /// not poison sums with NaN (its weight becomes 0 once a finite maximum
  /// is seen; a row that stays all -inf is made NaN at the end).
  Value scale(Value x, Value m) { return select(oeq(x, m), f(1.0), expDiff(x, m)); }

  /// Online combination of two (max, sum-of-exp relative to max) pairs
  /// (seed 002): m = max(m1, m2), s = s1 e^(m1 - m) + s2 e^(m2 - m).
  std::pair<Value, Value> combine(Value m1, Value s1, Value m2, Value s2) {
    Value m = maxf(m1, m2);
    Value s = addf(mulf(s1, scale(m1, m)), mulf(s2, scale(m2, m)));
    return {m, s};
  }

  /// Pairwise reduction of many values (a shallow tree: independent ops for
  /// the scheduler, unlike a chain).
  Value tree(SmallVector<Value> vals, function_ref<Value(Value, Value)> op) {
    assert(!vals.empty());
    while (vals.size() > 1) {
      SmallVector<Value> next;
      for (size_t i = 0; i + 1 < vals.size(); i += 2)
        next.push_back(op(vals[i], vals[i + 1]));
      if (vals.size() % 2)
        next.push_back(vals.back());
      vals = std::move(next);
    }
    return vals.front();
  }

  /// Loads `width` elements at [row, col] (col a multiple of width, so the
  /// access is `width * bytes`-aligned) and widens them to f32 scalars.
  SmallVector<Value> load(Value memref, ValueRange indices, int64_t width) {
    auto type = cast<MemRefType>(memref.getType());
    Type elem = type.getElementType();
    SmallVector<Value> out;
    if (width == 1) {
      Value v = memref::LoadOp::create(b, memref, indices);
      if (!elem.isF32())
        v = arith::ExtFOp::create(b, b.getF32Type(), v);
      out.push_back(v);
      return out;
    }
    auto vecType = VectorType::get({width}, elem);
    Value v = vector::LoadOp::create(
        b, vecType, memref, indices, /*nontemporal=*/false,
        llvm::MaybeAlign(width * elemBytes(elem)));
    if (!elem.isF32())
      v = arith::ExtFOp::create(b, VectorType::get({width}, b.getF32Type()), v);
    for (int64_t i = 0; i < width; ++i)
      out.push_back(vector::ExtractOp::create(b, v, i));
    return out;
  }

  /// Loads `width` (> 1) elements at [row, col] as one aligned vector of
  /// the memref's element type, without widening (packed registers).
  Value loadRaw(Value memref, ValueRange indices, int64_t width) {
    Type elem = cast<MemRefType>(memref.getType()).getElementType();
    return vector::LoadOp::create(b, VectorType::get({width}, elem), memref,
                                  indices, /*nontemporal=*/false,
                                  llvm::MaybeAlign(width * elemBytes(elem)));
  }

  /// A vector of `like`'s type with every element -inf.
  Value negInfLike(Value like) {
    auto type = cast<VectorType>(like.getType());
    return arith::ConstantOp::create(
        b, DenseElementsAttr::get(
               type, b.getFloatAttr(type.getElementType(), -INFINITY)));
  }

  /// The elements of a 16-bit float vector, widened to f32 (arith.extf).
  SmallVector<Value> widen(Value vec) {
    auto type = cast<VectorType>(vec.getType());
    int64_t width = type.getNumElements();
    Value v = arith::ExtFOp::create(
        b, VectorType::get({width}, b.getF32Type()), vec);
    SmallVector<Value> out;
    for (int64_t i = 0; i < width; ++i)
      out.push_back(vector::ExtractOp::create(b, v, i));
    return out;
  }

  /// Like widen, but through inline PTX `cvt.f32.{f16,bf16}`, which the
  /// compiler cannot merge with the arith.extf of `widen`: a packed value
  /// widened before a barrier and again after it must not become one f32
  /// value live across the barrier (twice the registers).
  SmallVector<Value> widenAgain(Value vec) {
    auto type = cast<VectorType>(vec.getType());
    Type elem = type.getElementType();
    StringRef asmText = elem.isBF16() ? "cvt.f32.bf16 $0, $1;"
                                      : "cvt.f32.f16 $0, $1;";
    SmallVector<Value> out;
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      Value x = vector::ExtractOp::create(b, vec, i);
      Value bits = arith::BitcastOp::create(b, b.getI16Type(), x);
      out.push_back(LLVM::InlineAsmOp::create(
                        b, TypeRange{b.getF32Type()}, ValueRange{bits},
                        asmText, "=f,h", /*has_side_effects=*/false,
                        /*is_align_stack=*/false,
                        LLVM::tailcallkind::TailCallKind::None,
                        LLVM::AsmDialectAttr(), ArrayAttr())
                        .getResult(0));
    }
    return out;
  }

  /// Narrows f32 scalars to the memref's element type and stores them as
  /// one aligned access.
  void store(ArrayRef<Value> vals, Value memref, ValueRange indices) {
    auto type = cast<MemRefType>(memref.getType());
    Type elem = type.getElementType();
    int64_t width = vals.size();
    if (width == 1) {
      b.storeFromF32(vals.front(), memref, indices);
      return;
    }
    Value v = vector::FromElementsOp::create(
        b, VectorType::get({width}, b.getF32Type()), vals);
    if (!elem.isF32())
      v = arith::TruncFOp::create(b, VectorType::get({width}, elem), v);
    vector::StoreOp::create(b, v, memref, indices, /*nontemporal=*/false,
                            llvm::MaybeAlign(width * elemBytes(elem)));
  }

  void barrier() { gpu::BarrierOp::create(b); }

  /// Runs `body` under `cond` (or unconditionally when `cond` is null).
  void guarded(Value cond, function_ref<void()> body) { b.ifThen(cond, body); }

  /// A strided loop over [lb, ub) with one f32 accumulator; `body` returns
  /// the next accumulator from the induction variable and the current one.
  Value stridedLoop(Value lb, int64_t ub, int64_t step, Value init,
                    function_ref<Value(Value, Value)> body) {
    auto loop = scf::ForOp::create(b, lb, b.index(ub), b.index(step),
                                   ValueRange{init});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value next = body(loop.getInductionVar(), loop.getRegionIterArgs()[0]);
    scf::YieldOp::create(b, next);
    return loop.getResult(0);
  }

  /// A strided loop without results.
  void stridedLoop(Value lb, int64_t ub, int64_t step,
                   function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, lb, b.index(ub), b.index(step));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  }
};

Type workgroupF32(MLIRContext *ctx, int64_t n) {
  auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  return MemRefType::get({n}, Float32Type::get(ctx), MemRefLayoutAttrInterface(),
                         space);
}

/// A `gpu.launch` with a constant grid (x, y) and 1-D block, constant
/// dynamic shared memory (when > 0) and static shared buffers (workgroup
/// attributions); the builder is left at the start of the body.
gpu::LaunchOp createLaunch(KernelBuilder &b, int64_t gridX, int64_t gridY,
                           int64_t block, int64_t dynamicSmem,
                           TypeRange workgroup, const SoftmaxPlan &plan,
                           StringRef kernelRole, int64_t clusterX = 1) {
  Value smem;
  if (dynamicSmem > 0)
    smem = arith::ConstantOp::create(
        b, b.getI32IntegerAttr(static_cast<int32_t>(dynamicSmem)));
  // A cluster of clusterX x 1 x 1 blocks; the grid stays counted in blocks.
  Value cx, cy, cz;
  if (clusterX > 1) {
    cx = b.index(clusterX);
    cy = cz = b.index(1);
  }
  auto launch = gpu::LaunchOp::create(
      b, b.index(gridX), b.index(gridY), b.index(1), b.index(block),
      b.index(1), b.index(1), smem, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/ValueRange(), workgroup,
      /*privateAttributions=*/TypeRange(), cx, cy, cz);
  if (clusterX > 1) {
    // MLIR 22's builder gives the body only the 12 block/thread id and size
    // arguments, even with cluster operands: add the 6 cluster ones (ids,
    // then sizes) in front of the workgroup attributions, where
    // getClusterIds() / getWorkgroupAttributions() expect them.
    Block &body = launch.getBody().front();
    for (unsigned i = 0; i < 6; ++i)
      body.insertArgument(gpu::LaunchOp::kNumConfigRegionAttributes + i,
                          b.getIndexType(), launch.getLoc());
  }
  launch->setAttr(kSoftmaxPlanAttr, plan.toAttr(b.getContext(), kernelRole));
  launch->setAttr(kKernelAttr, b.getStringAttr("softmax"));
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(&body);
  return launch;
}

/// Tree reduction through shared memory over the `threads` consecutive
/// threads of each row segment of the block; every thread of the segment
/// gets the result. `bufs` hold one slot per thread; `vals` are combined
/// by `op` (several values reduce together, e.g. (max, sum) pairs).
SmallVector<Value>
treeReduceShared(Emitter &e, ArrayRef<Value> bufs, SmallVector<Value> vals,
                 Value tid, Value lane, Value segmentBase, int64_t threads,
                 function_ref<SmallVector<Value>(ArrayRef<Value>,
                                                 ArrayRef<Value>)> op) {
  KernelBuilder &b = e.b;
  for (auto [buf, v] : llvm::zip(bufs, vals))
    memref::StoreOp::create(b, v, buf, ValueRange{tid});
  e.barrier();
  for (int64_t stride = threads / 2; stride >= 1; stride /= 2) {
    e.guarded(b.ult(lane, stride), [&] {
      Value other = b.add(tid, b.index(stride));
      SmallVector<Value> mine, theirs;
      for (Value buf : bufs) {
        mine.push_back(memref::LoadOp::create(b, buf, ValueRange{tid}));
        theirs.push_back(memref::LoadOp::create(b, buf, ValueRange{other}));
      }
      SmallVector<Value> r = op(mine, theirs);
      for (auto [buf, v] : llvm::zip(bufs, r))
        memref::StoreOp::create(b, v, buf, ValueRange{tid});
    });
    e.barrier();
  }
  SmallVector<Value> out;
  for (Value buf : bufs)
    out.push_back(memref::LoadOp::create(b, buf, ValueRange{segmentBase}));
  return out;
}

/// Butterfly over the lanes of a warp: after it, every lane of each aligned
/// group of `groupLanes` lanes (a power of two <= 32) holds the group's
/// (max, sum) pair.
std::pair<Value, Value> shuffleCombine(Emitter &e, Value m, Value s,
                                       int64_t groupLanes) {
  KernelBuilder &b = e.b;
  Value width = arith::ConstantOp::create(b, b.getI32IntegerAttr(32));
  for (int64_t off = groupLanes / 2; off >= 1; off /= 2) {
    Value offset = arith::ConstantOp::create(
        b, b.getI32IntegerAttr(static_cast<int32_t>(off)));
    Value m2 = gpu::ShuffleOp::create(b, m, offset, width,
                                      gpu::ShuffleMode::XOR)
                   .getShuffleResult();
    Value s2 = gpu::ShuffleOp::create(b, s, offset, width,
                                      gpu::ShuffleMode::XOR)
                   .getShuffleResult();
    std::tie(m, s) = e.combine(m, s, m2, s2);
  }
  return {m, s};
}

//===----------------------------------------------------------------------===//
// Rung softmax-3pass: three kernels, three reads of X, one write of Y
//===----------------------------------------------------------------------===//

/// Expected speed: every element is read three times and written once, and
/// the row statistics make a round trip through global memory: at best
/// ~50% of copy bandwidth (copy moves 2 bytes per byte; this moves 4).
void buildThreePass(KernelBuilder &b, const SoftmaxProblem &p,
                    const SoftmaxPlan &plan) {
  MLIRContext *ctx = b.getContext();
  int64_t T = plan.threadsPerRow;
  auto scratchType = MemRefType::get({p.rows}, b.getF32Type());
  Value maxBuf = memref::AllocOp::create(b, scratchType);
  Value sumBuf = memref::AllocOp::create(b, scratchType);
  OpBuilder::InsertionGuard hostGuard(b);
  Operation *hostPoint = &*b.getInsertionPoint();

  // Kernel 1: row maxima, a block per row.
  {
    gpu::LaunchOp launch = createLaunch(b, p.rows, 1, T, 0,
                                        {workgroupF32(ctx, T)}, plan, "max");
    Emitter e{b};
    Value row = launch.getBlockIds().x, tid = launch.getThreadIds().x;
    Value m = e.stridedLoop(tid, p.cols, T, e.negInf(), [&](Value c, Value m) {
      return e.maxf(m, e.load(p.x, {row, c}, 1).front());
    });
    Value rowMax =
        treeReduceShared(e, launch.getWorkgroupAttributions()[0], {m}, tid,
                         tid, b.index(0), T,
                         [&](ArrayRef<Value> x, ArrayRef<Value> y) {
                           return SmallVector<Value>{e.maxf(x[0], y[0])};
                         })
            .front();
    e.guarded(b.ult(tid, 1), [&] {
      memref::StoreOp::create(b, rowMax, maxBuf, ValueRange{row});
    });
  }
  // Kernel 2: row sums of exp(x - max), a block per row.
  b.setInsertionPoint(hostPoint);
  {
    gpu::LaunchOp launch = createLaunch(b, p.rows, 1, T, 0,
                                        {workgroupF32(ctx, T)}, plan, "sum");
    Emitter e{b};
    Value row = launch.getBlockIds().x, tid = launch.getThreadIds().x;
    Value rowMax = memref::LoadOp::create(b, maxBuf, ValueRange{row});
    Value s = e.stridedLoop(tid, p.cols, T, e.f(0.0), [&](Value c, Value s) {
      return e.addf(s, e.expDiff(e.load(p.x, {row, c}, 1).front(), rowMax));
    });
    Value rowSum =
        treeReduceShared(e, launch.getWorkgroupAttributions()[0], {s}, tid,
                         tid, b.index(0), T,
                         [&](ArrayRef<Value> x, ArrayRef<Value> y) {
                           return SmallVector<Value>{e.addf(x[0], y[0])};
                         })
            .front();
    e.guarded(b.ult(tid, 1), [&] {
      memref::StoreOp::create(b, rowSum, sumBuf, ValueRange{row});
    });
  }
  // Kernel 3: y = exp(x - max) / sum, a thread per element, blocks of T
  // columns (grid: rows x column tiles).
  b.setInsertionPoint(hostPoint);
  {
    gpu::LaunchOp launch = createLaunch(b, p.rows, ceilDiv(p.cols, T), T, 0,
                                        {}, plan, "normalize");
    Emitter e{b};
    Value row = launch.getBlockIds().x;
    Value col = b.add(b.mul(launch.getBlockIds().y, T), launch.getThreadIds().x);
    e.guarded(b.ult(col, p.cols), [&] {
      Value rowMax = memref::LoadOp::create(b, maxBuf, ValueRange{row});
      Value rowSum = memref::LoadOp::create(b, sumBuf, ValueRange{row});
      Value x = e.load(p.x, {row, col}, 1).front();
      e.store({e.divf(e.expDiff(x, rowMax), rowSum)}, p.y, {row, col});
    });
  }
}

//===----------------------------------------------------------------------===//
// Rung softmax-fused: one kernel, three sweeps over the row
//===----------------------------------------------------------------------===//

/// Expected speed: one launch and no statistics in global memory, but the
/// row is still swept three times. Rows up to a few hundred KB are re-read
/// mostly from L1/L2, so DRAM traffic approaches 1 read + 1 write; the
/// scalar accesses and two barrier-heavy tree reductions per row keep it
/// well below copy bandwidth (roughly 50-70%).
void buildFused(KernelBuilder &b, const SoftmaxProblem &p,
                const SoftmaxPlan &plan) {
  MLIRContext *ctx = b.getContext();
  int64_t T = plan.threadsPerRow;
  gpu::LaunchOp launch =
      createLaunch(b, p.rows, 1, T, 0,
                   {workgroupF32(ctx, T), workgroupF32(ctx, T)}, plan, "fused");
  Emitter e{b};
  Value row = launch.getBlockIds().x, tid = launch.getThreadIds().x;
  auto wg = launch.getWorkgroupAttributions();
  Value m = e.stridedLoop(tid, p.cols, T, e.negInf(), [&](Value c, Value m) {
    return e.maxf(m, e.load(p.x, {row, c}, 1).front());
  });
  // Separate buffers for the two reductions: no reuse, no extra barrier.
  Value rowMax = treeReduceShared(e, wg[0], {m}, tid, tid, b.index(0), T,
                                  [&](ArrayRef<Value> x, ArrayRef<Value> y) {
                                    return SmallVector<Value>{
                                        e.maxf(x[0], y[0])};
                                  })
                     .front();
  Value s = e.stridedLoop(tid, p.cols, T, e.f(0.0), [&](Value c, Value s) {
    return e.addf(s, e.expDiff(e.load(p.x, {row, c}, 1).front(), rowMax));
  });
  Value rowSum = treeReduceShared(e, wg[1], {s}, tid, tid, b.index(0), T,
                                  [&](ArrayRef<Value> x, ArrayRef<Value> y) {
                                    return SmallVector<Value>{
                                        e.addf(x[0], y[0])};
                                  })
                     .front();
  Value inv = e.divf(e.f(1.0), rowSum);
  e.stridedLoop(tid, p.cols, T, [&](Value c) {
    Value x = e.load(p.x, {row, c}, 1).front();
    e.store({e.mulf(e.expDiff(x, rowMax), inv)}, p.y, {row, c});
  });
}

//===----------------------------------------------------------------------===//
// Rungs softmax-online, softmax-vector, softmax-rows: one read, one write
//===----------------------------------------------------------------------===//

/// The online kernel. Each thread computes a (max, sum) pair over its share
/// of the row, the pairs of a row are combined online (rescaling sums to the
/// larger max), and the row is written from where it was kept:
///  - Registers: the share is `chunks` vectors, loaded up front (all loads
///    in flight at once), reduced as max then sum of exp(x - local max);
///    y = e * exp(local max - M) / S needs one exp per element in all.
///  - Shared / Reread: a streaming loop updates the pair per iteration with
///    seed 002's rescaling, keeping the raw row in dynamic shared memory
///    (or nowhere, reading it again for the write).
/// Element j of a thread is vector (j * threadsPerRow + lane) of the row,
/// so each access instruction of a warp covers contiguous memory.
void buildOnline(KernelBuilder &b, const SoftmaxProblem &p,
                 const SoftmaxPlan &plan) {
  MLIRContext *ctx = b.getContext();
  const int64_t TR = plan.threadsPerRow, RB = plan.rowsPerBlock;
  const int64_t V = plan.vectorWidth, C = plan.chunks;
  const int64_t BT = plan.blockThreads();
  assert(p.cols % V == 0 && "vector width must divide the row");
  const bool shuffle = plan.reduce == SoftmaxReduce::Shuffle;
  const int64_t warpsPerRow = TR > 32 ? TR / 32 : 1;

  const bool sharedRow =
      plan.storage == SoftmaxStorage::Shared ||
      (plan.storage == SoftmaxStorage::Hybrid && plan.sharedChunks > 0);
  const int64_t slots = reductionSlots(plan);
  // A cluster of P blocks per row (registers only, one row per cluster).
  const int64_t P = plan.clusterSize;
  assert((P == 1 || (plan.storage == SoftmaxStorage::Registers && RB == 1 &&
                     TR >= 32 && !sharedRow)) &&
         "a cluster plan keeps one row per cluster in registers");
  // Pipelined cluster plans: R rows per cluster; the shared slots come in
  // two copies used by alternate rows (see the pipelined kernel below).
  const int64_t R = plan.pipelineRows;
  assert((R == 1 || P > 1) && "only cluster plans are pipelined");
  const int64_t copies = R > 1 ? 2 : 1;
  SmallVector<Type> workgroup;
  if (slots > 0 && !sharedRow)
    workgroup.assign(2, workgroupF32(ctx, copies * slots));
  // The block's (max, sum) pair, published to the cluster.
  if (P > 1)
    workgroup.push_back(workgroupF32(ctx, 2 * copies));
  int64_t dynSmem = plan.dynamicSharedBytes(p);
  gpu::LaunchOp launch = createLaunch(b, plan.gridBlocks(p.rows), 1, BT,
                                      dynSmem, workgroup, plan, "online", P);
  Emitter e{b, plan.ftzExp};
  // Shared memory: the reduction slots are workgroup attributions, except
  // with a shared-memory row, where the row and then the slots are views of
  // the one dynamic allocation.
  SmallVector<Value> slotBufs(launch.getWorkgroupAttributions().begin(),
                              launch.getWorkgroupAttributions().end());
  Value published;
  if (P > 1)
    published = slotBufs.pop_back_val();
  Value rowSmem;
  if (sharedRow) {
    auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    Value raw = gpu::DynamicSharedMemoryOp::create(
        b, MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                           MemRefLayoutAttrInterface(), space));
    // Rows of the block one after the other, in X's element type.
    rowSmem = memref::ViewOp::create(
        b,
        MemRefType::get({RB, plan.storage == SoftmaxStorage::Hybrid
                                 ? plan.sharedChunks * TR * V
                                 : p.cols},
                        p.xType, MemRefLayoutAttrInterface(), space),
        raw, b.index(0), ValueRange());
    int64_t offset = sharedRowBytes(plan, p);
    for (int i = 0; i < 2 && slots > 0; ++i, offset += 4 * slots)
      slotBufs.push_back(memref::ViewOp::create(
          b, cast<MemRefType>(workgroupF32(ctx, slots)), raw,
          b.index(offset), ValueRange()));
  }
  Value tid = launch.getThreadIds().x;
  Value lane = RB == 1 ? tid : e.remui(tid, TR);
  Value rowInBlock = RB == 1 ? b.index(0) : e.divui(tid, TR);
  Value blockId = launch.getBlockIds().x;
  Value row = P > 1 ? e.divui(blockId, P)
                    : b.add(b.mul(blockId, RB), rowInBlock);
  // Rows past the end (last block only): clamp loads, skip stores.
  Value rowValid, rowC = row;
  if (p.rows % RB != 0) {
    rowValid = b.ult(row, p.rows);
    rowC = e.minui(row, p.rows - 1);
  }
  auto both = [&](Value a, Value c) -> Value {
    if (!a)
      return c;
    if (!c)
      return a;
    return b.andi(a, c);
  };
  Value laneCol = b.mul(lane, V);
  // Cluster: block r of a row's cluster (its rank: the x dimension of the
  // grid is the cluster's) covers the slice starting at r * slice.
  const int64_t slice = plan.sliceElems();
  if (P > 1)
    laneCol = b.add(b.mul(e.remui(blockId, P), slice), laneCol);

  /// Column of access `j` (a chunk index, static or dynamic) and whether
  /// it is in the row (null: statically always).
  auto column = [&](Value chunk, int64_t staticChunk)
      -> std::tuple<Value, Value, Value> {
    Value col = chunk ? b.add(b.mul(chunk, TR * V), laneCol)
                      : b.add(b.index(staticChunk * TR * V), laneCol);
    bool alwaysIn = P > 1    ? P * slice <= p.cols
                    : !chunk ? (staticChunk + 1) * TR * V <= p.cols
                             : p.cols % (TR * V) == 0;
    if (alwaysIn)
      return {col, col, Value()};
    return {col, e.minui(col, p.cols - V), b.ult(col, p.cols)};
  };
  /// Loads a vector of X, -inf where outside the problem.
  auto loadX = [&](Value colC, Value valid) {
    SmallVector<Value> v = e.load(p.x, {rowC, colC}, V);
    if (valid)
      for (Value &x : v)
        x = e.select(valid, x, e.negInf());
    return v;
  };

  /// Combines the pairs of the TR threads of each row (with shuffles, the
  /// slots used start at `slotOffset` when given).
  auto rowCombine = [&](Value m, Value s,
                        Value slotOffset = Value()) -> std::pair<Value, Value> {
    ArrayRef<Value> wg = slotBufs;
    if (!shuffle) {
      SmallVector<Value> r = treeReduceShared(
          e, {wg[0], wg[1]}, {m, s}, tid, lane, b.mul(rowInBlock, TR), TR,
          [&](ArrayRef<Value> x, ArrayRef<Value> y) {
            auto [mm, ss] = e.combine(x[0], x[1], y[0], y[1]);
            return SmallVector<Value>{mm, ss};
          });
      return {r[0], r[1]};
    }
    // Warp first: a butterfly over the row's lanes (all of them when the
    // row has at most 32 threads: no shared memory, no barrier).
    std::tie(m, s) = shuffleCombine(e, m, s, std::min<int64_t>(TR, 32));
    if (TR <= 32)
      return {m, s};
    // Then across the row's warps: lane 0 of each warp publishes its pair,
    // one barrier, and in every warp each aligned group of warpsPerRow
    // lanes loads the row's warpsPerRow slots (one each) and combines them
    // by a butterfly inside the group, so every lane ends with the row's
    // pair. Each slot is written once per kernel: no second barrier.
    Value laneInWarp = e.remui(tid, 32);
    Value warpInRow = e.divui(lane, 32);
    Value rowBase = b.mul(rowInBlock, warpsPerRow);
    if (slotOffset)
      rowBase = b.add(rowBase, slotOffset);
    e.guarded(b.ult(laneInWarp, 1), [&] {
      Value slot = b.add(rowBase, warpInRow);
      memref::StoreOp::create(b, m, wg[0], ValueRange{slot});
      memref::StoreOp::create(b, s, wg[1], ValueRange{slot});
    });
    e.barrier();
    Value slot = b.add(rowBase, e.remui(laneInWarp, warpsPerRow));
    m = memref::LoadOp::create(b, wg[0], ValueRange{slot});
    s = memref::LoadOp::create(b, wg[1], ValueRange{slot});
    return shuffleCombine(e, m, s, warpsPerRow);
  };

  // The register chunks [0, C): loaded up front, all in flight at once.
  // Packed: raw 16-bit vectors; else widened f32 scalars.
  const bool packed = plan.packed;
  assert((!packed || (V > 1 && !p.xType.isF32())) &&
         "packed registers need 16-bit vectors");
  SmallVector<SmallVector<Value>> xs; // not packed
  SmallVector<Value> raws;            // packed
  SmallVector<Value> regCols, regValids;
  auto loadRegisters = [&] {
    for (int64_t j = 0; j < C; ++j) {
      Value col, colC, valid;
      std::tie(col, colC, valid) = column(Value(), j);
      if (packed) {
        Value v = e.loadRaw(p.x, {rowC, colC}, V);
        if (valid)
          v = e.select(valid, v, e.negInfLike(v));
        raws.push_back(v);
      } else {
        xs.push_back(loadX(colC, valid));
      }
      regCols.push_back(col);
      regValids.push_back(both(rowValid, valid));
    }
  };
  /// (max, sum of exp(x - max)) of the register chunks. Not packed: the
  /// values are replaced by their exp(x - max), kept for the write.
  auto registerStats = [&]() -> std::pair<Value, Value> {
    if (packed) {
      // The max in the 16-bit type (exact), then one vector widened; the
      // sum widens each vector again, transiently (no f32 copy of the
      // chunks stays live).
      Value vmax = e.tree(raws, [&](Value x, Value y) { return e.maxf(x, y); });
      Value mLocal = e.tree(e.widen(vmax),
                            [&](Value x, Value y) { return e.maxf(x, y); });
      SmallVector<Value> es;
      auto [hi, lo] = e.log2eSplit(e.subtrahend(mLocal));
      Value negHi = arith::NegFOp::create(b, hi);
      for (Value v : raws)
        for (Value x : e.widen(v))
          es.push_back(e.expShifted(x, negHi));
      Value sum = e.tree(es, [&](Value x, Value y) { return e.addf(x, y); });
      return {mLocal, e.mulf(sum, e.loCorrection(lo))};
    }
    SmallVector<Value> flat;
    for (auto &v : xs)
      flat.append(v.begin(), v.end());
    Value mLocal = e.tree(flat, [&](Value x, Value y) { return e.maxf(x, y); });
    for (auto &v : xs)
      for (Value &x : v)
        x = e.scale(x, mLocal);
    flat.clear();
    for (auto &v : xs)
      flat.append(v.begin(), v.end());
    Value sLocal = e.tree(flat, [&](Value x, Value y) { return e.addf(x, y); });
    return {mLocal, sLocal};
  };
  /// Writes the register chunks to row `rowV` given the row's (max, sum).
  auto writeRegisters = [&](Value mLocal, Value rowMax, Value rowSum,
                            Value rowV) {
    if (packed) {
      // y = exp(x - M) / S; an all -inf row (M = -inf) gives lo = NaN.
      auto [hi, lo] = e.log2eSplit(rowMax);
      Value negHi = arith::NegFOp::create(b, hi);
      Value factor = e.divf(e.loCorrection(lo), rowSum);
      for (int64_t j = 0; j < C; ++j)
        e.guarded(regValids[j], [&] {
          SmallVector<Value> ys;
          for (Value x : e.widenAgain(raws[j]))
            ys.push_back(e.mulf(e.expShifted(x, negHi), factor));
          e.store(ys, p.y, {rowV, regCols[j]});
        });
      return;
    }
    // y = e^(x - mLocal) * e^(mLocal - M) / S; an all -inf row gives NaN.
    Value factor = e.divf(e.scale(mLocal, rowMax), rowSum);
    factor = e.select(e.oeq(rowMax, e.negInf()), e.f(NAN), factor);
    for (int64_t j = 0; j < C; ++j) {
      e.guarded(regValids[j], [&] {
        SmallVector<Value> ys;
        for (Value x : xs[j])
          ys.push_back(e.mulf(x, factor));
        e.store(ys, p.y, {rowV, regCols[j]});
      });
    }
  };

  /// Combines the pairs of the P blocks of a row's cluster through
  /// distributed shared memory: thread 0 publishes its block's pair in its
  /// shared memory; a cluster barrier (arrive: release, wait: acquire at
  /// cluster scope) makes every block's pair visible; each aligned group of
  /// pow2Ceil(P) lanes of every warp reads the P pairs (one each, through
  /// mapa + ld.shared::cluster) and combines them by a butterfly. Then this
  /// block arrives on the cluster barrier again: it is done reading the
  /// others' shared memory; the matching wait, before the kernel ends,
  /// keeps every block (and its shared memory) alive until then.
  /// Pipelined plans publish at `pubOffset` (alternate rows use alternate
  /// pairs) and leave out the arrive after the remote reads (arriveAfter):
  /// the next row's barrier orders them before the pair is written again.
  auto clusterCombine = [&](Value m, Value s, Value pubOffset = Value(),
                            bool arriveAfter = true)
      -> std::pair<Value, Value> {
    auto aligned = b.getUnitAttr();
    e.guarded(b.ult(tid, 1), [&] {
      Value i0 = pubOffset ? pubOffset : b.index(0);
      Value i1 = pubOffset ? b.add(pubOffset, b.index(1)) : b.index(1);
      memref::StoreOp::create(b, m, published, ValueRange{i0});
      memref::StoreOp::create(b, s, published, ValueRange{i1});
    });
    NVVM::ClusterArriveOp::create(b, aligned);
    NVVM::ClusterWaitOp::create(b, aligned);
    Value addr = memref::ExtractAlignedPointerAsIndexOp::create(b, published);
    addr = arith::IndexCastOp::create(b, b.getI64Type(), addr);
    auto sharedPtr = LLVM::LLVMPointerType::get(
        ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
    auto clusterPtr = LLVM::LLVMPointerType::get(
        ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    Value local = LLVM::IntToPtrOp::create(b, sharedPtr, addr);
    if (pubOffset) {
      Value index = arith::IndexCastOp::create(b, b.getI32Type(), pubOffset);
      local = LLVM::GEPOp::create(b, sharedPtr, b.getF32Type(), local,
                                  ArrayRef<LLVM::GEPArg>{index});
    }
    const int64_t group = static_cast<int64_t>(llvm::PowerOf2Ceil(P));
    Value q = e.remui(tid, group); // group divides 32: the lane's place
    Value rank = group == P ? q : e.minui(q, P - 1);
    rank = arith::IndexCastOp::create(b, b.getI32Type(), rank);
    Value remote = NVVM::MapaOp::create(b, clusterPtr, local, rank);
    Value remoteSum = LLVM::GEPOp::create(b, clusterPtr, b.getF32Type(),
                                          remote, ArrayRef<LLVM::GEPArg>{1});
    m = LLVM::LoadOp::create(b, b.getF32Type(), remote);
    s = LLVM::LoadOp::create(b, b.getF32Type(), remoteSum);
    if (group != P) {
      // Lanes past the P blocks hold the identity pair.
      Value in = b.ult(q, P);
      m = e.select(in, m, e.negInf());
      s = e.select(in, s, e.f(0.0));
    }
    std::tie(m, s) = shuffleCombine(e, m, s, group);
    if (arriveAfter)
      NVVM::ClusterArriveOp::create(b, aligned);
    return {m, s};
  };

  if (plan.storage == SoftmaxStorage::Registers && R > 1) {
    // The pipelined cluster kernel: cluster c (`row` here) processes rows
    // [c * R, (c + 1) * R). The slice of the next row is loaded (raw
    // vectors, loop-carried) before the current row's reduction, its block
    // barrier, its cluster barrier and its stores, so those loads are in
    // flight all that time. Rows past the end (last cluster only) load
    // the last row again and store nothing.
    //
    // Shared memory is reused from row to row without extra barriers: row
    // k writes slot copy k mod 2 (block slots and the published pair), and
    // before row k + 2 writes that copy again, every thread of the cluster
    // has passed row k + 1's cluster barrier, which it reached after its
    // reads of row k's copy (cluster arrive: release; wait: acquire).
    const bool ragged = p.rows % R != 0;
    Value firstRow = b.mul(row, R);
    SmallVector<Value> sliceCols, sliceColsC, sliceValids;
    for (int64_t j = 0; j < C; ++j) {
      Value col, colC, valid;
      std::tie(col, colC, valid) = column(Value(), j);
      sliceCols.push_back(col);
      sliceColsC.push_back(colC);
      sliceValids.push_back(valid);
    }
    Type elem = p.xType;
    auto loadSlice = [&](Value r) {
      Value rC = ragged ? e.minui(r, p.rows - 1) : r;
      SmallVector<Value> out;
      for (int64_t j = 0; j < C; ++j) {
        Value v;
        if (V == 1) {
          v = memref::LoadOp::create(b, p.x, ValueRange{rC, sliceColsC[j]});
          if (sliceValids[j])
            v = e.select(sliceValids[j], v,
                         arith::ConstantOp::create(
                             b, b.getFloatAttr(elem, -INFINITY)));
        } else {
          v = e.loadRaw(p.x, {rC, sliceColsC[j]}, V);
          if (sliceValids[j])
            v = e.select(sliceValids[j], v, e.negInfLike(v));
        }
        out.push_back(v);
      }
      return out;
    };
    /// The f32 elements of a raw vector (or scalar) of X.
    auto unpack = [&](Value v) -> SmallVector<Value> {
      if (V == 1) {
        if (!elem.isF32())
          v = arith::ExtFOp::create(b, b.getF32Type(), v);
        return {v};
      }
      if (!elem.isF32())
        return e.widen(v);
      SmallVector<Value> out;
      for (int64_t i = 0; i < V; ++i)
        out.push_back(vector::ExtractOp::create(b, v, i));
      return out;
    };
    auto process = [&](ValueRange vals, Value r, Value parity) {
      Value valid = ragged ? b.ult(r, p.rows) : Value();
      xs.clear();
      raws.clear();
      regCols.assign(sliceCols.begin(), sliceCols.end());
      regValids.clear();
      for (Value v : sliceValids)
        regValids.push_back(both(valid, v));
      for (Value v : vals) {
        if (packed)
          raws.push_back(v);
        else
          xs.push_back(unpack(v));
      }
      auto [mLocal, sLocal] = registerStats();
      Value rowMax, rowSum;
      std::tie(rowMax, rowSum) = rowCombine(
          mLocal, sLocal, slots > 0 ? b.mul(parity, slots) : Value());
      std::tie(rowMax, rowSum) = clusterCombine(
          rowMax, rowSum, b.mul(parity, 2), /*arriveAfter=*/false);
      writeRegisters(mLocal, rowMax, rowSum, r);
    };
    SmallVector<Value> firstSlice = loadSlice(firstRow);
    auto loop = scf::ForOp::create(b, b.index(0), b.index(R - 1), b.index(1),
                                   firstSlice);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value i = loop.getInductionVar();
      Value r = b.add(firstRow, i);
      SmallVector<Value> next = loadSlice(b.add(r, b.index(1)));
      process(loop.getRegionIterArgs(), r, e.remui(i, 2));
      scf::YieldOp::create(b, next);
    }
    process(loop.getResults(), b.add(firstRow, b.index(R - 1)),
            b.index((R - 1) % 2));
    // No block leaves while others may still read its published pairs.
    NVVM::ClusterArriveOp::create(b, b.getUnitAttr());
    auto wait = NVVM::ClusterWaitOp::create(b, b.getUnitAttr());
    parkKernelFnAttrs(wait, plan.maxRegisters, /*readOnlyInputs=*/false);
    return;
  }

  if (plan.storage == SoftmaxStorage::Registers) {
    loadRegisters();
    auto [mLocal, sLocal] = registerStats();
    Value rowMax, rowSum;
    std::tie(rowMax, rowSum) = rowCombine(mLocal, sLocal);
    if (P > 1)
      std::tie(rowMax, rowSum) = clusterCombine(rowMax, rowSum);
    writeRegisters(mLocal, rowMax, rowSum, row);
    if (P > 1) {
      auto wait = NVVM::ClusterWaitOp::create(b, b.getUnitAttr());
      parkKernelFnAttrs(wait, plan.maxRegisters, /*readOnlyInputs=*/false);
    }
    return;
  }

  /// Chunk `first + k * per + j` of a streaming loop (k its induction
  /// variable, counted down from iters - 1 when `reverse`).
  auto streamChunk = [&](int64_t first, Value k, int64_t iters, int64_t per,
                         int64_t j, bool reverse) -> Value {
    if (reverse)
      k = arith::SubIOp::create(b, b.index(iters - 1), k);
    Value chunk = b.add(b.mul(k, per), b.index(j));
    return first == 0 ? chunk : b.add(chunk, b.index(first));
  };
  /// The read sweep over chunks [first, first + iters * per): updates the
  /// pair (m, s) per iteration with seed 002's rescaling, storing the raw
  /// values into `smem` (column col - smemCol0) when given.
  auto streamRead = [&](int64_t first, int64_t iters, int64_t per, Value smem,
                        int64_t smemCol0, Value m0,
                        Value s0) -> std::pair<Value, Value> {
    auto loop = scf::ForOp::create(b, b.index(0), b.index(iters), b.index(1),
                                   ValueRange{m0, s0});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value m = loop.getRegionIterArgs()[0], s = loop.getRegionIterArgs()[1];
    SmallVector<Value> vals;
    for (int64_t j = 0; j < per; ++j) {
      Value chunk = streamChunk(first, k, iters, per, j, /*reverse=*/false);
      Value col, colC, valid;
      std::tie(col, colC, valid) = column(chunk, 0);
      SmallVector<Value> v = loadX(colC, valid);
      if (smem)
        e.guarded(valid, [&] {
          Value c = smemCol0 == 0 ? col : b.add(col, b.index(-smemCol0));
          e.store(v, smem, {rowInBlock, c});
        });
      vals.append(v.begin(), v.end());
    }
    // Seed 002's online update: rescale the running sum to the new max.
    Value mNew = e.maxf(m, e.tree(vals, [&](Value x, Value y) {
      return e.maxf(x, y);
    }));
    for (Value &x : vals)
      x = e.scale(x, mNew);
    Value sNew = e.addf(e.mulf(s, e.scale(m, mNew)),
                        e.tree(vals, [&](Value x, Value y) {
                          return e.addf(x, y);
                        }));
    scf::YieldOp::create(b, ValueRange{mNew, sNew});
    return {loop.getResult(0), loop.getResult(1)};
  };
  /// The write sweep over the same chunks, from `smem` or re-reading X.
  /// It reads back exactly the elements this thread stored (same mapping),
  /// so shared memory needs no barrier in between.
  auto streamWrite = [&](int64_t first, int64_t iters, int64_t per,
                         Value smem, int64_t smemCol0, bool reverse,
                         Value rowMax, Value inv) {
    e.stridedLoop(b.index(0), iters, 1, [&](Value k) {
      for (int64_t j = 0; j < per; ++j) {
        Value chunk = streamChunk(first, k, iters, per, j, reverse);
        Value col, colC, valid;
        std::tie(col, colC, valid) = column(chunk, 0);
        e.guarded(both(rowValid, valid), [&] {
          SmallVector<Value> x;
          if (smem) {
            Value c = smemCol0 == 0 ? col : b.add(col, b.index(-smemCol0));
            x = e.load(smem, {rowInBlock, c}, V);
          } else {
            x = e.load(p.x, {row, col}, V);
          }
          for (Value &v : x)
            v = e.mulf(e.expDiff(v, rowMax), inv);
          e.store(x, p.y, {row, col});
        });
      }
    });
  };

  if (plan.storage == SoftmaxStorage::Hybrid) {
    // Chunks [0, C) in registers, [C, C + S) through shared memory,
    // [C + S, total) streamed and re-read. Every chunk is whole.
    const int64_t chunkElems = TR * V;
    assert(RB == 1 && p.cols % chunkElems == 0 && "hybrid needs whole chunks");
    const int64_t total = p.cols / chunkElems, S = plan.sharedChunks;
    const int64_t per = plan.streamChunks, rest = total - C - S;
    assert(C >= 1 && S >= 0 && rest >= 0 && per >= 1 && S % per == 0 &&
           rest % per == 0 && "hybrid chunks must split the row");
    // The register loads go first and are consumed last: they stay in
    // flight under the streaming loops.
    loadRegisters();
    Value m = e.negInf(), s = e.f(0.0);
    if (S > 0)
      std::tie(m, s) =
          streamRead(C, S / per, per, rowSmem, C * chunkElems, m, s);
    if (rest > 0)
      std::tie(m, s) = streamRead(C + S, rest / per, per, Value(), 0, m, s);
    auto [mLocal, sLocal] = registerStats();
    std::tie(m, s) = e.combine(m, s, mLocal, sLocal);
    Value rowMax, rowSum;
    std::tie(rowMax, rowSum) = rowCombine(m, s);
    // exp(x - M) with M = -inf (an all -inf row) is NaN by itself.
    Value inv = e.divf(e.f(1.0), rowSum);
    // The re-read part first and backwards: the chunks read last are the
    // likeliest still in L2.
    if (rest > 0)
      streamWrite(C + S, rest / per, per, Value(), 0, /*reverse=*/true,
                  rowMax, inv);
    if (S > 0)
      streamWrite(C, S / per, per, rowSmem, C * chunkElems,
                  /*reverse=*/false, rowMax, inv);
    writeRegisters(mLocal, rowMax, rowSum, row);
    return;
  }

  // Streaming: iterations of C accesses per thread.
  const int64_t perIter = C * TR * V;
  const int64_t iters = ceilDiv(p.cols, perIter);
  Value loopMax, loopSum;
  std::tie(loopMax, loopSum) =
      streamRead(0, iters, C, rowSmem, 0, e.negInf(), e.f(0.0));
  Value rowMax, rowSum;
  std::tie(rowMax, rowSum) = rowCombine(loopMax, loopSum);
  // exp(x - M) with M = -inf (an all -inf row) is NaN by itself.
  Value inv = e.divf(e.f(1.0), rowSum);
  streamWrite(0, iters, C, rowSmem, 0, /*reverse=*/false, rowMax, inv);
}

} // namespace

void mlir::gemm_opt::buildSoftmaxKernels(OpBuilder &builder, Location loc,
                                         const SoftmaxProblem &p,
                                         const SoftmaxPlan &plan) {
  KernelBuilder b(loc, builder.getContext());
  b.setInsertionPoint(builder.getInsertionBlock(), builder.getInsertionPoint());
  switch (plan.algo) {
  case SoftmaxAlgo::ThreePass:
    return buildThreePass(b, p, plan);
  case SoftmaxAlgo::Fused:
    return buildFused(b, p, plan);
  case SoftmaxAlgo::Online:
    return buildOnline(b, p, plan);
  }
}

LogicalResult mlir::gemm_opt::rewriteSoftmaxLaunches(
    func::FuncOp func, StringRef pass,
    const std::function<FailureOr<SoftmaxPlan>(const SoftmaxProblem &)>
        &choose) {
  SmallVector<gpu::LaunchOp> launches;
  func.walk([&](gpu::LaunchOp launch) {
    if (launch->hasAttr(kSoftmaxPlanAttr))
      launches.push_back(launch);
  });
  if (launches.empty())
    return checkNothingLeftFor(func, pass,
                               "the softmax kernels built by "
                               "gemm-softmax-three-pass (a "
                               "gemm_opt.softmax_plan)");
  FailureOr<SoftmaxProblem> problem = findRecordedSoftmaxProblem(func);
  if (failed(problem))
    return launches.front().emitError(
        "softmax kernel without a recorded softmax problem (roles X and Y "
        "and the gemm_opt.problem attribute)");
  FailureOr<SoftmaxPlan> plan = choose(*problem);
  if (failed(plan))
    return failure();

  // Scratch buffers (allocations without a role) the old kernels used.
  SetVector<Operation *> scratch = collectScratchBuffers(launches);

  OpBuilder builder(launches.front());
  buildSoftmaxKernels(builder, launches.front().getLoc(), *problem, *plan);
  for (gpu::LaunchOp launch : launches) {
    // Constants that only fed the launch configuration go too.
    SetVector<Operation *> operandDefs;
    for (Value v : launch->getOperands())
      if (Operation *def = v.getDefiningOp())
        operandDefs.insert(def);
    launch.erase();
    for (Operation *def : operandDefs)
      if (def->use_empty() && isa<arith::ConstantOp>(def))
        def->erase();
  }
  eraseUnusedScratchBuffers(scratch.getArrayRef());
  return success();
}
