//===- SimtEpilogue.cpp - SIMT matmul: storing C --------------------------===//
//
// How the SIMT kernel writes its register tile: 128-bit stores on
// interior blocks where C's rows allow them, scalar stores otherwise, and
// on edge blocks a store per element guarded by the bounds of C (a
// predicated store in inline PTX).
//
//===----------------------------------------------------------------------===//

#include "SimtKernelEmitter.h"

#include "gemm-opt/Transforms/Emit/Epilogue.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::simt;

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
            if (out == p.c)
              v = applyEpilogueVector(b, p, row, col, v);
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
            if (out == p.c)
              v = applyEpilogue(b, p, row, col, v);
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
  Value ok = andi(ult(row, mDim), ult(col, nDim));
  Value outRow = add(outRowOffset, row);
  // A predicated store in inline PTX rather than an scf.if: LLVM's machine
  // sinking would otherwise move a fully unrolled FMA chain into the
  // conditional block, keeping every value read from shared memory alive
  // until the end of the kernel (spills at small K: 36-1164 bytes for f16
  // and bf16 C at K = 32-96 on the smem rung). Every thread computes v, so
  // what it reads is clamped into C and the epilogue's operands.
  bool half = !outF32;
  if (half && outAccumulate) {
    Value lastRow = add(outRowOffset, p.lastRow(b, b.getLoc()));
    Value lastCol = p.lastCol(b, b.getLoc());
    v = arith::AddFOp::create(
        b, b.loadF32(out, {minu(outRow, lastRow), minu(col, lastCol)}), v);
  }
  if (out == p.c)
    v = applyEpilogue(b, p, row, col, v, /*clamp=*/true);
  int64_t bytes = half ? 2 : 4;
  // A batch entry's view of C starts at its offset (BatchedLaunches.h).
  if (!cBase)
    cBase = elementZeroAddress(b, out);
  Value offset = mul(
      add(b.createOrFold<arith::MulIOp>(outRow, p.nRuntime ? nDim : c(ldOut)),
          col),
      bytes);
  Value addr = arith::IndexCastOp::create(b, b.getI64Type(), add(cBase, offset));
  Value pred = arith::ExtUIOp::create(b, b.getI32Type(), ok);
  if (half) {
    Type cTy = cast<MemRefType>(out.getType()).getElementType();
    Value bits = arith::BitcastOp::create(b, b.getI16Type(),
                                          arith::TruncFOp::create(b, cTy, v));
    b.inlinePtx({}, {addr, bits, pred},
                "{\n .reg .pred p;\n setp.ne.b32 p, $2, 0;\n "
                "@p st.b16 [$0], $1;\n}",
                "l,h,r", /*sideEffects=*/true);
    return;
  }
  // One asm per element (the read-modify-write of C included) keeps the
  // epilogue from holding extra values.
  StringRef text =
      outAccumulate
          ? "{\n .reg .pred p;\n .reg .f32 t;\n setp.ne.b32 p, $2, 0;\n "
            "@p ld.f32 t, [$0];\n @p add.rn.f32 t, t, $1;\n "
            "@p st.f32 [$0], t;\n}"
          : "{\n .reg .pred p;\n setp.ne.b32 p, $2, 0;\n @p st.f32 [$0], $1;\n}";
  b.inlinePtx({}, {addr, v, pred}, text, "l,f,r", /*sideEffects=*/true);
}
