//===- SimtSharedStaging.cpp - SIMT matmul: tiles into shared memory ------===//
//
// How the SIMT kernel stages a K tile of A and B into shared memory: the
// views of the one dynamic buffer, the tile's loads (128-bit where proven
// aligned; clamped into the matrices on edge blocks, and zero outside them
// in the K remainder) stored
// right away or held in registers for a prefetch, and the cp.async copies
// of the multi-stage pipeline.
//
//===----------------------------------------------------------------------===//

#include "SimtKernelEmitter.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::simt;

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
    TileBounds bounds, function_ref<void(bool, bool, Value, Value)> fn) {
  bool guard = bounds == TileBounds::All;
  // ---- A: BM x BK ----
  if (vecA && !guard) {
    int64_t perRow = plan.bk / 4;
    for (int64_t it = 0; it < plan.bm * plan.bk / 4 / threads; ++it) {
      Value flat = add(tid, it * threads);
      fn(/*isA=*/true, /*vector=*/true, div(flat, perRow),
         mul(rem(flat, perRow), 4));
    }
  } else {
    for (int64_t it = 0; it < plan.bm * plan.bk / threads; ++it) {
      Value flat = add(tid, it * threads);
      fn(/*isA=*/true, /*vector=*/false, div(flat, plan.bk),
         rem(flat, plan.bk));
    }
  }
  // ---- B: BK x BN ----
  if (vecB && !guard) {
    int64_t perRow = plan.bn / 4;
    for (int64_t it = 0; it < plan.bk * plan.bn / 4 / threads; ++it) {
      Value flat = add(tid, it * threads);
      fn(/*isA=*/false, /*vector=*/true, div(flat, perRow),
         mul(rem(flat, perRow), 4));
    }
  } else {
    for (int64_t it = 0; it < plan.bk * plan.bn / threads; ++it) {
      Value flat = add(tid, it * threads);
      fn(/*isA=*/false, /*vector=*/false, div(flat, plan.bn),
         rem(flat, plan.bn));
    }
  }
}

Value SimtKernelEmitter::lastEdgeStart(bool isA, int64_t elems) {
  // A chunk of B that starts inside N is whole: N % 4 == 0 (vecB), or B is
  // a staged copy whose padded columns are zeros.
  Value last = sub(isA ? mDim : nDim, c(1));
  return !isA && elems > 1 ? mul(div(last, elems), elems) : last;
}

Value SimtKernelEmitter::loadOne(bool isA, bool vector, Value r, Value col,
                                 Value k0, TileBounds bounds) {
  // A at (row of M, k), B at (k, column of N).
  Value mem = isA ? p.a : p.b;
  Value i = isA ? add(blockRow, r) : add(k0, r);
  Value j = isA ? add(k0, col) : add(blockCol, col);
  if (vector) {
    if (bounds == TileBounds::RowsCols && isA)
      i = minu(i, lastEdgeStart(/*isA=*/true, 4));
    else if (bounds == TileBounds::RowsCols)
      j = minu(j, lastEdgeStart(/*isA=*/false, 4));
    return loadVec4(mem, {i, j});
  }
  // Scalar loads of edge blocks stay guarded in every dimension: clamped
  // only, ptxas gave the dynamic-M warptile kernel with A stored K x M
  // 96 registers and 16 bytes of spills instead of 127 and none.
  if (bounds == TileBounds::None)
    return loadGlobalF32(mem, {i, j});
  Value iMax = isA ? mDim : kDim, jMax = isA ? kDim : nDim;
  Value ok = andi(ult(i, iMax), ult(j, jMax));
  Value v = loadGlobalF32(mem, {minu(i, sub(iMax, c(1))),
                                minu(j, sub(jMax, c(1)))});
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

void SimtKernelEmitter::loadTileSync(Value buf, Value k0, TileBounds bounds) {
  forEachTileLoad(bounds, [&](bool isA, bool vector, Value r, Value col) {
    storeOne(buf, isA, vector, r, col,
             loadOne(isA, vector, r, col, k0, bounds));
  });
}

SmallVector<Value> SimtKernelEmitter::fetchTile(Value k0, TileBounds bounds) {
  SmallVector<Value> values;
  forEachTileLoad(bounds, [&](bool isA, bool vector, Value r, Value col) {
    values.push_back(loadOne(isA, vector, r, col, k0, bounds));
  });
  return values;
}

void SimtKernelEmitter::depositTile(Value buf, ArrayRef<Value> values,
                                    TileBounds bounds) {
  const Value *next = values.begin();
  forEachTileLoad(bounds, [&](bool isA, bool vector, Value r, Value col) {
    storeOne(buf, isA, vector, r, col, *next++);
  });
  assert(next == values.end() && "one value per load of the tile");
}

SmallVector<Value> SimtKernelEmitter::loadTileAsync(Value buf, Value k0,
                                                    bool guard) {
  SmallVector<Value> tokens;
  // ---- A ----
  if (vecA && !plan.aTransposed && plan.aCols() % 4 == 0) {
    int64_t perRow = plan.bk / 4;
    for (int64_t it = 0; it < plan.bm * plan.bk / 4 / threads; ++it) {
      Value flat = add(tid, it * threads);
      Value r = div(flat, perRow), col = mul(rem(flat, perRow), 4);
      asyncCopy(tokens, guard, aSmem, {buf, r, col}, p.a,
                {add(blockRow, r), add(k0, col)}, 4);
    }
  } else {
    // 4-byte copies: each element lands where it belongs, transposed or not.
    for (int64_t it = 0; it < plan.bm * plan.bk / threads; ++it) {
      Value flat = add(tid, it * threads);
      Value r = div(flat, plan.bk), col = rem(flat, plan.bk);
      SmallVector<Value> idx = plan.aTransposed
                                   ? SmallVector<Value>{buf, col, r}
                                   : SmallVector<Value>{buf, r, col};
      asyncCopy(tokens, guard, aSmem, idx, p.a,
                {add(blockRow, r), add(k0, col)}, 1);
    }
  }
  // ---- B ----
  if (vecB) {
    int64_t perRow = plan.bn / 4;
    for (int64_t it = 0; it < plan.bk * plan.bn / 4 / threads; ++it) {
      Value flat = add(tid, it * threads);
      Value r = div(flat, perRow), col = mul(rem(flat, perRow), 4);
      asyncCopy(tokens, guard, bSmem, {buf, r, swizzleB(col)}, p.b,
                {add(k0, r), add(blockCol, col)}, 4);
    }
  } else {
    for (int64_t it = 0; it < plan.bk * plan.bn / threads; ++it) {
      Value flat = add(tid, it * threads);
      Value r = div(flat, plan.bn), col = rem(flat, plan.bn);
      asyncCopy(tokens, guard, bSmem, {buf, r, swizzleB(col)}, p.b,
                {add(k0, r), add(blockCol, col)}, 1);
    }
  }
  return tokens;
}

void SimtKernelEmitter::asyncCopy(SmallVector<Value> &tokens, bool guard,
                                  Value dst, ValueRange dstIdx, Value src,
                                  ValueRange srcIdx, int64_t elems) {
  UnitAttr bypass = elems == 4 ? b.getUnitAttr() : UnitAttr();
  SmallVector<Value> from(srcIdx);
  Value srcElems;
  if (guard) {
    // Full K tiles: only A's rows (M) and B's columns (N) can stick out.
    // Copies outside read from the last row or aligned chunk (cp.async
    // wants its source aligned to the copy size even when it copies
    // nothing) and copy nothing.
    bool isA = src == p.a;
    int64_t dim = isA ? 0 : 1;
    Value last = lastEdgeStart(isA, elems);
    Value ok = ult(from[dim], isA ? mDim : nDim);
    from[dim] = minu(from[dim], last);
    srcElems = b.createOrFold<arith::SelectOp>(ok, c(elems), c(0));
  }
  tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
      b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), dst,
      SmallVector<Value>(dstIdx), src, from, b.getIndexAttr(elems),
      srcElems, bypass));
}
