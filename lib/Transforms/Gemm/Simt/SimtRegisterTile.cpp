//===- SimtRegisterTile.cpp - SIMT matmul: the register-tile inner loop ---===//
//
// The SIMT kernel's register tile: which fragments of the block tile a
// thread owns (warp and lane layout, B's swizzled columns), and the fully
// unrolled inner loop over a K slice that reads them from shared memory
// and accumulates with FMAs in registers.
//
//===----------------------------------------------------------------------===//

#include "SimtKernelEmitter.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::simt;

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
