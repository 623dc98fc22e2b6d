//===- SimtGemmBuilder.cpp - Emit a SIMT matmul kernel from a plan --------===//
//
// One kernel generator for every SIMT rung. The kernel it writes:
//
//   block (bx, by) owns C[by*BM .. +BM, bx*BN .. +BN]
//   acc[TM][TN] = 0
//   if the block is interior (whole tile inside M x N):
//     full K tiles, unguarded loads (128-bit where alignment is proven),
//     either load -> barrier -> compute -> barrier (stages = 1), or an
//     N-stage cp.async pipeline with one async group per stage
//   else:
//     full K tiles with clamped loads that read zero outside M x N
//   the K remainder (K % BK), guarded in every dimension
//   store: vector stores for interior blocks, guarded scalars on edges
//
// With plan.stageA / stageB a copy kernel launched before it writes A or B
// into scratch with rows padded to 16 bytes (PaddedStaging.h), and the
// kernel reads that copy: the 128-bit paths then hold on K or N that are
// not multiples of 4.
//
// The inner loop over the BK slice of a tile is fully unrolled and all
// register-tile indices are constants, so the accumulators stay in
// registers. Shared memory is one `gpu.dynamic_shared_memory` buffer viewed
// as A[stages][..][..] and B[stages][BK][BN + pad]; it needs no symbols and
// may exceed 48 KB.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

class SimtKernelEmitter : KernelEmitterBase {
public:
  SimtKernelEmitter(KernelBuilder &b, const GemmProblem &p,
                    const SimtGemmPlan &plan)
      : KernelEmitterBase(b), p(p), plan(plan) {
    threads = plan.threads();
    bool f32In = p.aType.isF32() && p.bType.isF32();
    // Row strides of A and B in elements: K and N, or the padded ones of
    // staged copies (the bounds stay p.k and p.n).
    int64_t ldA = cast<MemRefType>(p.a.getType()).getDimSize(1);
    int64_t ldB = cast<MemRefType>(p.b.getType()).getDimSize(1);
    vecA = plan.vectorWidth == 4 && f32In && ldA % 4 == 0 && plan.bk % 4 == 0 &&
           (plan.bm * plan.bk / 4) % threads == 0;
    vecB = plan.vectorWidth == 4 && f32In && ldB % 4 == 0 &&
           plan.bn % 4 == 0 && (plan.bk * plan.bn / 4) % threads == 0;
    // Split-K kernels store f32 partials to scratch, whose rows are padded
    // to 16 bytes: interior blocks store them in 128-bit stores and the
    // reduction reads them 4 at a time whatever N.
    outF32 = plan.splitK > 1 || p.cType.isF32();
    ldOut = plan.splitK > 1 ? ceilDiv(p.n, 4) * 4 : p.n;
    vecC = plan.vectorWidth == 4 && outF32 && ldOut % 4 == 0 &&
           plan.fragN % 4 == 0;
    smemVecA = plan.vectorWidth == 4 && plan.aTransposed &&
               plan.fragM % 4 == 0 && plan.aCols() % 4 == 0;
    smemVecB = plan.vectorWidth == 4 && plan.fragN % 4 == 0 &&
               plan.bCols() % 4 == 0;
    asyncCopies = plan.stages > 1 && f32In;
  }

  gpu::LaunchOp emit();

private:
  /// Physical column of logical column `col` in B's shared rows.
  Value swizzleB(Value col) {
    if (!plan.bXorMask)
      return col;
    Value group = b.createOrFold<arith::ShRUIOp>(col, c(5));
    group = b.createOrFold<arith::AndIOp>(group, c(plan.bXorMask));
    group = b.createOrFold<arith::ShLIOp>(group, c(2));
    return b.createOrFold<arith::XOrIOp>(col, group);
  }

  Value loadGlobalF32(Value mem, ValueRange idx) { return b.loadF32(mem, idx); }
  Value loadVec4(Value mem, ValueRange idx) {
    return vector::LoadOp::create(b, VectorType::get({4}, b.getF32Type()), mem,
                                  idx, /*nontemporal=*/false,
                                  llvm::MaybeAlign(16));
  }
  void storeVec4(Value v, Value mem, ValueRange idx) {
    vector::StoreOp::create(b, v, mem, idx, /*nontemporal=*/false,
                            llvm::MaybeAlign(16));
  }
  Value extract(Value v, int64_t i) {
    return vector::ExtractOp::create(b, v, ArrayRef<int64_t>{i});
  }

  // --- kernel pieces -------------------------------------------------------
  void setUpThreadLayout();
  void setUpSharedMemory(Value dynSmem);
  /// Loads K tile starting at `k0` into stage `buf` through registers.
  /// `guard` clamps every index and reads zeros outside the matrices.
  /// Each value is stored right after its load, so few are live at once.
  void loadTileSync(Value buf, Value k0, bool guard);
  /// The global loads of K tile `k0` (as loadTileSync), in the order
  /// depositTile stores them to shared memory.
  SmallVector<Value> fetchTile(Value k0, bool guard);
  void depositTile(Value buf, ArrayRef<Value> values, bool guard);
  /// One load of forEachTileLoad from global memory, and its store to
  /// shared memory.
  Value loadOne(bool isA, bool vector, Value r, Value col, Value k0,
                bool guard);
  void storeOne(Value buf, bool isA, bool vector, Value r, Value col,
                Value v);
  /// Calls `fn(isA, vector, row, col)` for every load of a K tile, in
  /// order: row and column relative to the tile (A: row of M, column of K;
  /// B: row of K, column of N), `vector` for 4-wide loads.
  void forEachTileLoad(
      bool guard, function_ref<void(bool, bool, Value, Value)> fn);
  /// Issues cp.async copies of the K tile `k0` into stage `buf` and returns
  /// the tokens (full K tiles only). `guard`: rows of A past M and columns
  /// of B past N are zero-filled (src-size 0) from clamped addresses.
  SmallVector<Value> loadTileAsync(Value buf, Value k0, bool guard);
  /// acc += A_s[buf][:, 0..dots) * B_s[buf][0..dots, :].
  void compute(Value buf, int64_t dots, SmallVector<Value> &acc);
  /// A rows x cols window of stage `buf` of a shared tile at (i, j).
  Value threadView(Value mem, Value buf, Value i, Value j, int64_t rows,
                   int64_t cols);
  /// Full K tiles tileStart .. tileStart + tileCount; returns the
  /// accumulators.
  SmallVector<Value> mainLoopSync(ValueRange acc, bool guard);
  SmallVector<Value> mainLoopPipelined(ValueRange acc, bool guard);
  /// The kernel that sums the split-K partials into C (after the main one).
  void emitSplitKReduction();
  void storeC(ArrayRef<Value> acc, bool guard);
  /// C[row, col] (+)= v when (row, col) lies inside C.
  void guardedStore(Value v, Value row, Value col);
  /// Emits `then` or `else` under a condition that may be static.
  SmallVector<Value>
  branch(std::optional<bool> known, Value cond, TypeRange types,
         function_ref<SmallVector<Value>()> thenFn,
         function_ref<SmallVector<Value>()> elseFn);

  const GemmProblem &p;
  const SimtGemmPlan &plan;
  int64_t threads;
  /// Row stride of the output: N for C, N rounded up to 4 for partials.
  int64_t ldOut;
  bool vecA, vecB, vecC, smemVecA, smemVecB, asyncCopies, outF32;

  /// The block's range of full K tiles (static without split-K).
  Value tileStart, tileCount;
  /// Where the block's results go: C, or its split's rows of the scratch
  /// buffer of partials (rows z*M .. z*M + M).
  Value out, outRowOffset, scratch;
  bool outAccumulate = false;

  Value tid, blockRow, blockCol;
  Value aSmem, bSmem;
  Value cBase;
  /// Per thread, relative to the block tile: first row of each A fragment,
  /// logical first column of each B fragment, and B columns (physical) of
  /// every 4-group (vector reads) or element (scalar reads).
  SmallVector<Value> rowFrag, colFrag;
  SmallVector<SmallVector<Value>> colPhys;
};

} // namespace

void SimtKernelEmitter::setUpThreadLayout() {
  int64_t lanesN = plan.wn / plan.tn;
  int64_t warpsN = plan.bn / plan.wn;
  Value warp = div(tid, 32), lane = rem(tid, 32);
  Value warpRow = div(warp, warpsN), warpCol = rem(warp, warpsN);
  Value laneRow = div(lane, lanesN), laneCol = rem(lane, lanesN);
  int64_t lanesM = plan.wm / plan.tm;
  // Fragment f of a thread starts at
  //   warp origin + f * (lanes * frag) + lane * frag.
  Value rowBase = add(mul(warpRow, plan.wm), mul(laneRow, plan.fragM));
  for (int64_t f = 0; f < plan.tm / plan.fragM; ++f)
    rowFrag.push_back(add(rowBase, f * lanesM * plan.fragM));
  Value colBase = add(mul(warpCol, plan.wn), mul(laneCol, plan.fragN));
  for (int64_t f = 0; f < plan.tn / plan.fragN; ++f) {
    colFrag.push_back(add(colBase, f * lanesN * plan.fragN));
    SmallVector<Value> phys;
    int64_t step = smemVecB ? 4 : 1;
    for (int64_t e = 0; e < plan.fragN; e += step)
      phys.push_back(swizzleB(add(colFrag.back(), e)));
    colPhys.push_back(phys);
  }
}

void SimtKernelEmitter::setUpSharedMemory(Value dynSmem) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto aTy = MemRefType::get({plan.stages, plan.aRows(), plan.aCols()},
                             b.getF32Type(), MemRefLayoutAttrInterface(), ws);
  auto bTy = MemRefType::get({plan.stages, plan.bk, plan.bCols()},
                             b.getF32Type(), MemRefLayoutAttrInterface(), ws);
  int64_t aBytes = plan.stages * plan.aStageElems() * 4;
  int64_t bOffset = ceilDiv(aBytes, 16) * 16;
  aSmem = memref::ViewOp::create(b, aTy, dynSmem, c(0), ValueRange{});
  bSmem = memref::ViewOp::create(b, bTy, dynSmem, c(bOffset), ValueRange{});
}

void SimtKernelEmitter::forEachTileLoad(
    bool guard, function_ref<void(bool, bool, Value, Value)> fn) {
  // ---- A: BM x BK ----
  if (vecA && !guard) {
    int64_t perRow = plan.bk / 4;
    for (int64_t it = 0; it < plan.bm * plan.bk / 4 / threads; ++it) {
      Value e = add(tid, it * threads);
      fn(/*isA=*/true, /*vector=*/true, div(e, perRow),
         mul(rem(e, perRow), 4));
    }
  } else {
    for (int64_t it = 0; it < plan.bm * plan.bk / threads; ++it) {
      Value e = add(tid, it * threads);
      fn(/*isA=*/true, /*vector=*/false, div(e, plan.bk), rem(e, plan.bk));
    }
  }
  // ---- B: BK x BN ----
  if (vecB && !guard) {
    int64_t perRow = plan.bn / 4;
    for (int64_t it = 0; it < plan.bk * plan.bn / 4 / threads; ++it) {
      Value e = add(tid, it * threads);
      fn(/*isA=*/false, /*vector=*/true, div(e, perRow),
         mul(rem(e, perRow), 4));
    }
  } else {
    for (int64_t it = 0; it < plan.bk * plan.bn / threads; ++it) {
      Value e = add(tid, it * threads);
      fn(/*isA=*/false, /*vector=*/false, div(e, plan.bn), rem(e, plan.bn));
    }
  }
}

Value SimtKernelEmitter::loadOne(bool isA, bool vector, Value r, Value col,
                                 Value k0, bool guard) {
  // A at (row of M, k), B at (k, column of N); with `guard`, clamped and
  // zero outside the matrix.
  Value mem = isA ? p.a : p.b;
  Value i = isA ? add(blockRow, r) : add(k0, r);
  Value j = isA ? add(k0, col) : add(blockCol, col);
  if (vector)
    return loadVec4(mem, {i, j});
  if (!guard)
    return loadGlobalF32(mem, {i, j});
  int64_t iMax = isA ? p.m : p.k, jMax = isA ? p.k : p.n;
  Value ok = andi(ult(i, iMax), ult(j, jMax));
  Value v = loadGlobalF32(mem, {minu(i, iMax - 1), minu(j, jMax - 1)});
  return b.createOrFold<arith::SelectOp>(ok, v, b.f32(0.0));
}

void SimtKernelEmitter::storeOne(Value buf, bool isA, bool vector, Value r,
                                 Value col, Value v) {
  if (!isA) {
    if (vector)
      storeVec4(v, bSmem, {buf, r, swizzleB(col)});
    else
      memref::StoreOp::create(b, v, bSmem, ValueRange{buf, r, swizzleB(col)});
    return;
  }
  if (!vector) {
    SmallVector<Value> idx = plan.aTransposed
                                 ? SmallVector<Value>{buf, col, r}
                                 : SmallVector<Value>{buf, r, col};
    memref::StoreOp::create(b, v, aSmem, idx);
  } else if (plan.aTransposed) {
    for (int64_t q = 0; q < 4; ++q)
      memref::StoreOp::create(b, extract(v, q), aSmem,
                              ValueRange{buf, add(col, q), r});
  } else if (plan.aCols() % 4 == 0) {
    storeVec4(v, aSmem, {buf, r, col});
  } else {
    for (int64_t q = 0; q < 4; ++q)
      memref::StoreOp::create(b, extract(v, q), aSmem,
                              ValueRange{buf, r, add(col, q)});
  }
}

void SimtKernelEmitter::loadTileSync(Value buf, Value k0, bool guard) {
  forEachTileLoad(guard, [&](bool isA, bool vector, Value r, Value col) {
    storeOne(buf, isA, vector, r, col, loadOne(isA, vector, r, col, k0, guard));
  });
}

SmallVector<Value> SimtKernelEmitter::fetchTile(Value k0, bool guard) {
  SmallVector<Value> values;
  forEachTileLoad(guard, [&](bool isA, bool vector, Value r, Value col) {
    values.push_back(loadOne(isA, vector, r, col, k0, guard));
  });
  return values;
}

void SimtKernelEmitter::depositTile(Value buf, ArrayRef<Value> values,
                                    bool guard) {
  const Value *next = values.begin();
  forEachTileLoad(guard, [&](bool isA, bool vector, Value r, Value col) {
    storeOne(buf, isA, vector, r, col, *next++);
  });
  assert(next == values.end() && "one value per load of the tile");
}

SmallVector<Value> SimtKernelEmitter::loadTileAsync(Value buf, Value k0,
                                                    bool guard) {
  SmallVector<Value> tokens;
  auto copy = [&](Value dst, ValueRange dstIdx, Value src, ValueRange srcIdx,
                  int64_t elems) {
    UnitAttr bypass = elems == 4 ? b.getUnitAttr() : UnitAttr();
    SmallVector<Value> from(srcIdx);
    Value srcElems;
    if (guard) {
      // Full K tiles: only A's rows (M) and B's columns (N) can stick out.
      // A 4-wide B chunk that starts inside N is whole: N % 4 == 0, or B
      // is a staged copy whose padded columns are zeros. Chunks outside
      // read from the last aligned chunk (cp.async wants its source
      // aligned to the copy size even when it copies nothing).
      bool isA = src == p.a;
      int64_t dim = isA ? 0 : 1, limit = isA ? p.m : p.n;
      int64_t last = isA ? limit - 1 : (limit - 1) / elems * elems;
      Value ok = ult(from[dim], limit);
      from[dim] = minu(from[dim], last);
      srcElems = b.createOrFold<arith::SelectOp>(ok, c(elems), c(0));
    }
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), dst,
        SmallVector<Value>(dstIdx), src, from, b.getIndexAttr(elems),
        srcElems, bypass));
  };
  // ---- A ----
  if (vecA && !plan.aTransposed && plan.aCols() % 4 == 0) {
    int64_t perRow = plan.bk / 4;
    for (int64_t it = 0; it < plan.bm * plan.bk / 4 / threads; ++it) {
      Value e = add(tid, it * threads);
      Value r = div(e, perRow), col = mul(rem(e, perRow), 4);
      copy(aSmem, {buf, r, col}, p.a, {add(blockRow, r), add(k0, col)}, 4);
    }
  } else {
    // 4-byte copies: each element lands where it belongs, transposed or not.
    for (int64_t it = 0; it < plan.bm * plan.bk / threads; ++it) {
      Value e = add(tid, it * threads);
      Value r = div(e, plan.bk), col = rem(e, plan.bk);
      SmallVector<Value> idx = plan.aTransposed
                                   ? SmallVector<Value>{buf, col, r}
                                   : SmallVector<Value>{buf, r, col};
      copy(aSmem, idx, p.a,
           {add(blockRow, r), add(k0, col)}, 1);
    }
  }
  // ---- B ----
  if (vecB) {
    int64_t perRow = plan.bn / 4;
    for (int64_t it = 0; it < plan.bk * plan.bn / 4 / threads; ++it) {
      Value e = add(tid, it * threads);
      Value r = div(e, perRow), col = mul(rem(e, perRow), 4);
      copy(bSmem, {buf, r, swizzleB(col)}, p.b, {add(k0, r), add(blockCol, col)},
           4);
    }
  } else {
    for (int64_t it = 0; it < plan.bk * plan.bn / threads; ++it) {
      Value e = add(tid, it * threads);
      Value r = div(e, plan.bn), col = rem(e, plan.bn);
      copy(bSmem, {buf, r, swizzleB(col)}, p.b, {add(k0, r), add(blockCol, col)},
           1);
    }
  }
  return tokens;
}

Value SimtKernelEmitter::threadView(Value mem, Value buf, Value i, Value j,
                                    int64_t rows, int64_t cols) {
  SmallVector<OpFoldResult> offsets = {buf, i, j};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), b.getIndexAttr(rows),
                                     b.getIndexAttr(cols)};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto type = memref::SubViewOp::inferRankReducedResultType(
      {rows, cols}, cast<MemRefType>(mem.getType()), offsets, sizes, strides);
  return memref::SubViewOp::create(b, cast<MemRefType>(type), mem, offsets,
                                   sizes, strides);
}

void SimtKernelEmitter::compute(Value buf, int64_t dots,
                                SmallVector<Value> &acc) {
  // Each thread reads its fragments through views whose offsets are
  // computed once per tile: every read below is then a base pointer plus a
  // constant, which keeps the number of live addresses down.
  SmallVector<Value> aViews, bViews;
  for (Value base : rowFrag)
    aViews.push_back(plan.aTransposed
                         ? threadView(aSmem, buf, c(0), base, plan.bk, plan.fragM)
                         : threadView(aSmem, buf, base, c(0), plan.fragM, plan.bk));
  for (ArrayRef<Value> phys : colPhys)
    for (Value col : phys)
      bViews.push_back(threadView(bSmem, buf, c(0), col, plan.bk,
                                  smemVecB ? 4 : 1));
  for (int64_t dot = 0; dot < dots; ++dot) {
    Value d = c(dot);
    SmallVector<Value> aVals, bVals;
    for (Value view : aViews) {
      if (smemVecA) {
        for (int64_t q = 0; q < plan.fragM; q += 4) {
          Value v = loadVec4(view, {d, c(q)});
          for (int64_t e = 0; e < 4; ++e)
            aVals.push_back(extract(v, e));
        }
        continue;
      }
      for (int64_t r = 0; r < plan.fragM; ++r) {
        SmallVector<Value> idx = plan.aTransposed ? SmallVector<Value>{d, c(r)}
                                                  : SmallVector<Value>{c(r), d};
        aVals.push_back(memref::LoadOp::create(b, view, idx));
      }
    }
    for (Value view : bViews) {
      if (smemVecB) {
        Value v = loadVec4(view, {d, c(0)});
        for (int64_t e = 0; e < 4; ++e)
          bVals.push_back(extract(v, e));
      } else {
        bVals.push_back(memref::LoadOp::create(b, view, ValueRange{d, c(0)}));
      }
    }
    for (int64_t i = 0; i < plan.tm; ++i)
      for (int64_t j = 0; j < plan.tn; ++j) {
        Value &a = acc[i * plan.tn + j];
        a = math::FmaOp::create(b, aVals[i], bVals[j], a);
      }
  }
}

SmallVector<Value> SimtKernelEmitter::mainLoopSync(ValueRange init,
                                                   bool guard) {
  // Without register prefetch, each K step loads its tile into shared
  // memory, synchronizes, computes and synchronizes again. With it, tile
  // kt + 1's global loads are issued before tile kt's inner loop and land
  // in registers (loop-carried after the accumulators) while it runs; they
  // go to shared memory after the second barrier (still one stage, two
  // barriers per K step). The last iteration reloads the last tile
  // (clamped: in bounds, unused) so that the loop body stays branch-free.
  const bool prefetch = plan.registerPrefetch;
  const int64_t numAcc = init.size();
  Value buf = c(0);
  SmallVector<Value> iterArgs(init);
  if (prefetch)
    llvm::append_range(iterArgs, fetchTile(mul(tileStart, plan.bk), guard));
  auto loop = scf::ForOp::create(b, c(0), tileCount, c(1), iterArgs);
  keepRolled(loop);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(loop.getBody());
  ValueRange args = loop.getRegionIterArgs();
  if (prefetch)
    depositTile(buf, SmallVector<Value>(args.drop_front(numAcc)), guard);
  else
    loadTileSync(buf, mul(add(loop.getInductionVar(), tileStart), plan.bk),
                 guard);
  gpu::BarrierOp::create(b);
  SmallVector<Value> next;
  if (prefetch)
    next = fetchTile(mul(add(minu(add(loop.getInductionVar(), c(1)),
                                  sub(tileCount, c(1))),
                             tileStart),
                         plan.bk),
                     guard);
  SmallVector<Value> acc(args.take_front(numAcc));
  compute(buf, plan.bk, acc);
  gpu::BarrierOp::create(b);
  acc.append(next.begin(), next.end());
  scf::YieldOp::create(b, acc);
  return SmallVector<Value>(loop.getResults().take_front(numAcc));
}

SmallVector<Value> SimtKernelEmitter::mainLoopPipelined(ValueRange init,
                                                        bool guard) {
  Value lastTile = sub(tileCount, c(1));
  int64_t s = plan.stages;
  auto commit = [&](ArrayRef<Value> tokens) {
    return nvgpu::DeviceAsyncCreateGroupOp::create(
        b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), tokens);
  };
  // Prologue: stages 0 .. s-2. Tiles past the end are clamped to the last
  // one: the copy is redundant but lands in a free stage, and every
  // iteration commits exactly one group, so the wait counts stay static.
  Value lastGroup;
  for (int64_t st = 0; st + 1 < s; ++st) {
    Value tile = add(minu(c(st), lastTile), tileStart);
    lastGroup = commit(loadTileAsync(c(st), mul(tile, plan.bk), guard));
  }
  auto loop = scf::ForOp::create(b, c(0), tileCount, c(1), init);
  keepRolled(loop);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    // Tile kt has landed once at most s-2 younger groups are pending.
    nvgpu::DeviceAsyncWaitOp::create(b, lastGroup,
                                     b.getI32IntegerAttr(s - 2));
    // Everyone's copies of tile kt are visible, and everyone is done with
    // stage (kt-1) % s, which the next copy overwrites.
    gpu::BarrierOp::create(b);
    Value next = add(minu(add(kt, s - 1), lastTile), tileStart);
    commit(loadTileAsync(rem(add(kt, s - 1), s), mul(next, plan.bk), guard));
    SmallVector<Value> acc(loop.getRegionIterArgs());
    compute(rem(kt, s), plan.bk, acc);
    scf::YieldOp::create(b, acc);
  }
  // Drain the (redundant) trailing copies before stage 0 is reused.
  nvgpu::DeviceAsyncWaitOp::create(b, lastGroup, b.getI32IntegerAttr(0));
  gpu::BarrierOp::create(b);
  return SmallVector<Value>(loop.getResults());
}

void SimtKernelEmitter::storeC(ArrayRef<Value> acc, bool guard) {
  for (int64_t fi = 0; fi < (int64_t)rowFrag.size(); ++fi) {
    for (int64_t r = 0; r < plan.fragM; ++r) {
      int64_t i = fi * plan.fragM + r;
      Value row = add(blockRow, add(rowFrag[fi], r));
      Value outRow = add(outRowOffset, row);
      for (int64_t fj = 0; fj < (int64_t)colFrag.size(); ++fj) {
        Value col0 = add(blockCol, colFrag[fj]);
        if (vecC && !guard) {
          for (int64_t q = 0; q < plan.fragN; q += 4) {
            Value col = add(col0, q);
            SmallVector<Value> vals;
            for (int64_t e = 0; e < 4; ++e)
              vals.push_back(acc[i * plan.tn + fj * plan.fragN + q + e]);
            Value v = vector::FromElementsOp::create(
                b, VectorType::get({4}, b.getF32Type()), vals);
            if (outAccumulate)
              v = arith::AddFOp::create(b, loadVec4(out, {outRow, col}), v);
            storeVec4(v, out, {outRow, col});
          }
          continue;
        }
        for (int64_t e = 0; e < plan.fragN; ++e) {
          Value col = add(col0, e);
          Value v = acc[i * plan.tn + fj * plan.fragN + e];
          if (!guard) {
            if (outAccumulate)
              v = arith::AddFOp::create(b, b.loadF32(out, {outRow, col}), v);
            b.storeFromF32(v, out, {outRow, col});
            continue;
          }
          guardedStore(v, row, col);
        }
      }
    }
  }
}

void SimtKernelEmitter::guardedStore(Value v, Value row, Value col) {
  Value ok = andi(ult(row, p.m), ult(col, p.n));
  Value outRow = add(outRowOffset, row);
  if (!outF32) {
    auto ifOp = scf::IfOp::create(b, ok, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    if (outAccumulate)
      v = arith::AddFOp::create(b, b.loadF32(out, {outRow, col}), v);
    b.storeFromF32(v, out, {outRow, col});
    return;
  }
  // A predicated store in inline PTX rather than an scf.if: LLVM's machine
  // sinking would otherwise move a fully unrolled FMA chain into the
  // conditional block, keeping every value read from shared memory alive
  // until the end of the kernel (spills at small K).
  if (!cBase)
    cBase = memref::ExtractAlignedPointerAsIndexOp::create(b, out);
  Value offset = mul(add(mul(outRow, ldOut), col), 4);
  Value addr = arith::IndexCastOp::create(b, b.getI64Type(), add(cBase, offset));
  Value pred = arith::ExtUIOp::create(b, b.getI32Type(), ok);
  auto asmOp = [&](Type res, ValueRange operands, StringRef text,
                   StringRef constraints) {
    return LLVM::InlineAsmOp::create(
        b, res, operands, b.getStringAttr(text), b.getStringAttr(constraints),
        b.getUnitAttr(), UnitAttr(),
        LLVM::TailCallKindAttr::get(b.getContext(), LLVM::tailcallkind::TailCallKind::None),
        LLVM::AsmDialectAttr(), ArrayAttr());
  };
  // One asm per element (the read-modify-write of C included) keeps the
  // epilogue from holding extra values.
  StringRef text =
      outAccumulate
          ? "{\n .reg .pred p;\n .reg .f32 t;\n setp.ne.b32 p, $2, 0;\n "
            "@p ld.f32 t, [$0];\n @p add.rn.f32 t, t, $1;\n "
            "@p st.f32 [$0], t;\n}"
          : "{\n .reg .pred p;\n setp.ne.b32 p, $2, 0;\n @p st.f32 [$0], $1;\n}";
  asmOp(Type(), {addr, v, pred}, text, "l,f,r");
}

SmallVector<Value> SimtKernelEmitter::branch(
    std::optional<bool> known, Value cond, TypeRange types,
    function_ref<SmallVector<Value>()> thenFn,
    function_ref<SmallVector<Value>()> elseFn) {
  if (known)
    return *known ? thenFn() : elseFn();
  auto ifOp = scf::IfOp::create(b, types, cond, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard g(b);
    // Without results the builder already terminated both blocks.
    auto fill = [&](Region &region, function_ref<SmallVector<Value>()> fn) {
      Block &block = region.front();
      if (types.empty()) {
        b.setInsertionPoint(block.getTerminator());
        fn();
      } else {
        b.setInsertionPointToStart(&block);
        scf::YieldOp::create(b, fn());
      }
    };
    fill(ifOp.getThenRegion(), thenFn);
    fill(ifOp.getElseRegion(), elseFn);
  }
  return SmallVector<Value>(ifOp.getResults());
}

gpu::LaunchOp SimtKernelEmitter::emit() {
  int64_t gridX = ceilDiv(p.n, plan.bn), gridY = ceilDiv(p.m, plan.bm);
  int64_t splits = plan.splitK;
  if (splits > 1)
    scratch = memref::AllocOp::create(
        b, MemRefType::get({splits * p.m, ldOut}, b.getF32Type()));
  auto launch = createBlockTiledMatmulLaunch(
      b, gridX, gridY, threads, plan.sharedBytes(), "simt",
      kSimtPlanAttr, plan.toAttr(b.getContext()), splits);

  // Split-K: the reduction kernel may be scheduled once every block of
  // this grid has started; it takes SM slots as this grid's blocks leave
  // and waits for the partials itself (griddepcontrol.wait). Triggering at
  // the end of the K loop instead made ptxas spill the 1000x999x777 kernel.
  if (splits > 1 && plan.programmaticReduction)
    NVVM::GriddepcontrolOp::create(b,
                                   NVVM::GridDepActionKind::launch_dependents);
  tid = launch.getThreadIds().x;
  auto [bx, by] = groupBlockOrder(b, launch.getBlockIds().x,
                                  launch.getBlockIds().y, gridX, gridY,
                                  plan.groupM);
  blockRow = mul(by, plan.bm);
  blockCol = mul(bx, plan.bn);
  Value dyn = createKernelDynamicSharedMemory(b, plan.maxRegs, plan.readOnly);
  setUpSharedMemory(dyn);
  setUpThreadLayout();

  // Interior blocks: the whole tile lies inside M x N.
  int64_t fullX = p.n / plan.bn, fullY = p.m / plan.bm;
  std::optional<bool> known;
  if (fullX == gridX && fullY == gridY)
    known = true;
  else if (fullX == 0 || fullY == 0)
    known = false;
  Value interior;
  if (!known)
    interior = andi(ult(bx, fullX), ult(by, fullY));

  // Full K tiles of this block: all of them, or split z's share
  // [z*F/S, (z+1)*F/S) (every split gets at least one: S <= F).
  int64_t fullTiles = p.k / plan.bk;
  Value z, lastSplit;
  if (splits > 1) {
    z = launch.getBlockIds().z;
    tileStart = div(mul(z, fullTiles), splits);
    tileCount = sub(div(mul(add(z, 1), fullTiles), splits), tileStart);
    lastSplit = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::eq, z,
                                              c(splits - 1));
    out = scratch;
    outRowOffset = mul(z, p.m);
    outAccumulate = false;
  } else {
    tileStart = c(0);
    tileCount = c(fullTiles);
    out = p.c;
    outRowOffset = c(0);
    outAccumulate = p.accumulate;
  }

  SmallVector<Value> acc(plan.tm * plan.tn, b.f32(0.0));
  SmallVector<Type> accTypes(acc.size(), b.getF32Type());
  if (fullTiles > 0) {
    acc = branch(
        known, interior, accTypes,
        [&] {
          return asyncCopies ? mainLoopPipelined(acc, /*guard=*/false)
                             : mainLoopSync(acc, /*guard=*/false);
        },
        [&] {
          return asyncCopies && plan.pipelineEdges
                     ? mainLoopPipelined(acc, /*guard=*/true)
                     : mainLoopSync(acc, /*guard=*/true);
        });
  }
  if (int64_t kRem = p.k % plan.bk) {
    // The K remainder, in the last split.
    auto tail = [&] {
      SmallVector<Value> a(acc);
      Value buf = c(0);
      loadTileSync(buf, c(p.k - kRem), /*guard=*/true);
      gpu::BarrierOp::create(b);
      compute(buf, kRem, a);
      return a;
    };
    acc = branch(splits > 1 ? std::nullopt : std::optional<bool>(true),
                 lastSplit, accTypes, tail, [&] { return acc; });
  }
  branch(
      known, interior, {},
      [&] {
        storeC(acc, /*guard=*/false);
        return SmallVector<Value>();
      },
      [&] {
        storeC(acc, /*guard=*/true);
        return SmallVector<Value>();
      });
  if (splits > 1) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointAfter(launch);
    emitSplitKReduction();
  }
  return launch;
}

void SimtKernelEmitter::emitSplitKReduction() {
  // One thread per 4 consecutive elements of a padded row of partials; the
  // partials are summed in split order, then added to C when accumulating:
  // deterministic. C is written in one 128-bit store when its rows are
  // 16-byte aligned f32, else element by element (those inside N).
  int64_t items = p.m * ldOut / 4, blockThreads = 256;
  auto launch = createStaticLaunch(
      b, {ceilDiv(items, blockThreads), 1, 1}, {blockThreads, 1, 1});
  launch->setAttr(kKernelAttr, b.getStringAttr(kSplitKReduceKind));
  // Launched as a programmatic dependent launch (sm_90 on): its blocks may
  // start while the matmul kernel drains, and wait here for its partials.
  // Otherwise the stream orders the two launches.
  if (plan.programmaticReduction)
    NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  Value item = add(mul(launch.getBlockIds().x, blockThreads),
                   launch.getThreadIds().x);
  auto inside = scf::IfOp::create(b, ult(item, items), /*withElse=*/false);
  b.setInsertionPoint(inside.getThenRegion().front().getTerminator());
  Value flat = mul(item, 4);
  Value row = div(flat, ldOut), col = rem(flat, ldOut);
  Value sum = loadVec4(scratch, {row, col});
  for (int64_t z = 1; z < plan.splitK; ++z)
    sum = arith::AddFOp::create(b, sum, loadVec4(scratch, {add(row, z * p.m), col}));
  if (p.cType.isF32() && p.n % 4 == 0) {
    if (p.accumulate)
      sum = arith::AddFOp::create(b, loadVec4(p.c, {row, col}), sum);
    storeVec4(sum, p.c, {row, col});
    return;
  }
  for (int64_t q = 0; q < 4; ++q) {
    Value cq = add(col, q);
    // col is a multiple of 4 below N rounded up: only elements q >= N % 4
    // of the last chunk of a row can lie past N.
    Value ok = p.n % 4 == 0 || q < p.n % 4 ? Value() : ult(cq, p.n);
    ifThen(ok, [&] {
      Value v = extract(sum, q);
      if (p.accumulate)
        v = arith::AddFOp::create(b, b.loadF32(p.c, {row, cq}), v);
      b.storeFromF32(v, p.c, {row, cq});
    });
  }
}

gpu::LaunchOp mlir::gemm_opt::buildSimtGemmKernel(const GemmProblem &problem,
                                                  const SimtGemmPlan &plan,
                                                  Operation *before) {
  KernelBuilder b(before->getLoc(), before);
  if (!plan.stageA && !plan.stageB)
    return SimtKernelEmitter(b, problem, plan).emit();
  // Padded staging: the copy kernel first, then this kernel on the padded
  // buffers themselves (identity layout, row stride Kp or Np: plain bare
  // pointers), indexed within the logical bounds of the problem.
  GemmProblem staged =
      stageGemmOperands(b, problem, plan.stageA, plan.stageB);
  for (Value *operand : {&staged.a, &staged.b}) {
    if (auto view = operand->getDefiningOp<memref::SubViewOp>()) {
      *operand = view.getSource();
      view.erase();
    }
  }
  return SimtKernelEmitter(b, staged, plan).emit();
}
