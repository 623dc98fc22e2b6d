//===- SoftmaxEmitter.h - Softmax kernel-building helpers -------*- C++ -*-===//
//
// Private to lib/Transforms/Softmax: the f32 arithmetic, loads, stores and
// reductions every softmax kernel is written in, the plan's shared-memory
// layout, the launch they all create, and the entry of each kernel builder
// (one file per algorithm).
//
// The kernels are correct for any shape by construction:
//  - loads are never out of bounds: indices past the row or past the last
//    row are clamped to a valid element and the value replaced by -inf
//    (the identity of max, and exp(-inf) = 0), so every thread runs the same
//    straight-line code and reaches every barrier and every shuffle;
//  - stores are guarded by `scf.if`;
//  - each shared-memory buffer is written once per kernel except in the
//    tree reductions, where a barrier separates every level.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TRANSFORMS_SOFTMAX_SOFTMAXEMITTER_H
#define GEMM_OPT_LIB_TRANSFORMS_SOFTMAX_SOFTMAXEMITTER_H

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>
#include <utility>

namespace mlir::gemm_opt::softmax {

//===----------------------------------------------------------------------===//
// Shared-memory layout of a plan (SoftmaxKernels.cpp)
//===----------------------------------------------------------------------===//

inline int64_t elemBytes(Type t) { return t.isF32() ? 4 : 2; }

/// f32 slots per reduced value that the (max, sum) combination of an
/// online kernel needs in shared memory.
int64_t reductionSlots(const SoftmaxPlan &plan);

/// Bytes of the rows kept in shared memory, rounded up to 16 (the
/// reduction slots follow them in the same dynamic allocation).
int64_t sharedRowBytes(const SoftmaxPlan &plan, const SoftmaxProblem &p);

//===----------------------------------------------------------------------===//
// Kernel-building helpers (SoftmaxEmitter.cpp)
//===----------------------------------------------------------------------===//

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
  Value exp2(Value v);
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
  Value tree(SmallVector<Value> vals, function_ref<Value(Value, Value)> op);
  /// tree() with maxf / addf.
  Value treeMax(SmallVector<Value> vals) {
    return tree(std::move(vals), [&](Value x, Value y) { return maxf(x, y); });
  }
  Value treeSum(SmallVector<Value> vals) {
    return tree(std::move(vals), [&](Value x, Value y) { return addf(x, y); });
  }

  /// Loads `width` elements at [row, col] (col a multiple of width, so the
  /// access is `width * bytes`-aligned) and widens them to f32 scalars.
  SmallVector<Value> load(Value memref, ValueRange indices, int64_t width);
  /// Loads `width` (> 1) elements at [row, col] as one aligned vector of
  /// the memref's element type, without widening (packed registers).
  Value loadRaw(Value memref, ValueRange indices, int64_t width);
  /// A vector of `like`'s type with every element -inf.
  Value negInfLike(Value like);
  /// The elements of a 16-bit float vector, widened to f32 (arith.extf).
  SmallVector<Value> widen(Value vec);
  /// Like widen, but through inline PTX `cvt.f32.{f16,bf16}`, which the
  /// compiler cannot merge with the arith.extf of `widen`: a packed value
  /// widened before a barrier and again after it must not become one f32
  /// value live across the barrier (twice the registers).
  SmallVector<Value> widenAgain(Value vec);
  /// Narrows f32 scalars to the memref's element type and stores them as
  /// one aligned access.
  void store(ArrayRef<Value> vals, Value memref, ValueRange indices);

  void barrier() { gpu::BarrierOp::create(b); }

  /// Runs `body` under `cond` (or unconditionally when `cond` is null).
  void guarded(Value cond, function_ref<void()> body) { b.ifThen(cond, body); }

  /// A strided loop over [lb, ub) with one f32 accumulator; `body` returns
  /// the next accumulator from the induction variable and the current one.
  Value stridedLoop(Value lb, int64_t ub, int64_t step, Value init,
                    function_ref<Value(Value, Value)> body);
  /// A strided loop without results.
  void stridedLoop(Value lb, int64_t ub, int64_t step,
                   function_ref<void(Value)> body);
  void stridedLoop(Value lb, Value ub, int64_t step,
                   function_ref<void(Value)> body);
};

/// A 1-D f32 buffer of `n` elements in workgroup (shared) memory.
Type workgroupF32(MLIRContext *ctx, int64_t n);

/// A `gpu.launch` with a constant grid (x, y) and 1-D block, constant
/// dynamic shared memory (when > 0) and static shared buffers (workgroup
/// attributions); the builder is left at the start of the body.
gpu::LaunchOp createLaunch(KernelBuilder &b, int64_t gridX, int64_t gridY,
                           int64_t block, int64_t dynamicSmem,
                           TypeRange workgroup, const SoftmaxPlan &plan,
                           StringRef kernelRole, int64_t clusterX = 1);
/// The same with a grid's x computed on the host (a dynamic row count).
gpu::LaunchOp createLaunch(KernelBuilder &b, Value gridX, int64_t gridY,
                           int64_t block, int64_t dynamicSmem,
                           TypeRange workgroup, const SoftmaxPlan &plan,
                           StringRef kernelRole, int64_t clusterX = 1);

/// Tree reduction through shared memory over the `threads` consecutive
/// threads of each row segment of the block; every thread of the segment
/// gets the result. `bufs` hold one slot per thread; `vals` are combined
/// by `op` (several values reduce together, e.g. (max, sum) pairs).
SmallVector<Value>
treeReduceShared(Emitter &e, ArrayRef<Value> bufs, SmallVector<Value> vals,
                 Value tid, Value lane, Value segmentBase, int64_t threads,
                 function_ref<SmallVector<Value>(ArrayRef<Value>,
                                                 ArrayRef<Value>)> op);

/// Butterfly over the lanes of a warp: after it, every lane of each aligned
/// group of `groupLanes` lanes (a power of two <= 32) holds the group's
/// (max, sum) pair.
std::pair<Value, Value> shuffleCombine(Emitter &e, Value m, Value s,
                                       int64_t groupLanes);

//===----------------------------------------------------------------------===//
// The kernel builders, one per algorithm
//===----------------------------------------------------------------------===//

/// softmax-3pass (SoftmaxMultiReadKernels.cpp).
void buildThreePass(KernelBuilder &b, const SoftmaxProblem &p,
                    const SoftmaxPlan &plan);
/// softmax-fused (SoftmaxMultiReadKernels.cpp).
void buildFused(KernelBuilder &b, const SoftmaxProblem &p,
                const SoftmaxPlan &plan);
/// softmax-online, -vector, -rows (SoftmaxOnlineKernel.cpp).
void buildOnline(KernelBuilder &b, const SoftmaxProblem &p,
                 const SoftmaxPlan &plan);

} // namespace mlir::gemm_opt::softmax

#endif // GEMM_OPT_LIB_TRANSFORMS_SOFTMAX_SOFTMAXEMITTER_H
