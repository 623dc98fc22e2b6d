// REQUIRES: ptxas
// The smem stage (1024 threads a block: at most 64 registers a thread) at
// K = 32, 64 and 96 (one to three K tiles, the loop unrolled by LLVM) with
// a ragged M or N and a 16-bit C. The edge blocks' stores are predicated
// in inline PTX, as f32 ones are: under an scf.if LLVM sank the last FMA
// chain into the conditional store, every value read from shared memory
// then live at once (36 / 636 / 1164 bytes of spills). This file's own
// input accumulates into an f16 C, read at a clamped address.

// RUN: gemm-run --print-input --layout nn --dtype f16 --out-dtype f16 --shape 1000x1024x64 | gemm-opt --gemm-stage-smem="ptx-file=%t.k64.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.k64.ptx -o %t.k64.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: FileCheck %s --check-prefix=STORE < %t.k64.ptx
// RUN: gemm-run --print-input --layout tt --dtype bf16 --out-dtype bf16 --shape 1000x1024x32 | gemm-opt --gemm-stage-smem="ptx-file=%t.k32.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.k32.ptx -o %t.k32.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-input --layout nt --dtype f16 --out-dtype f16 --shape 999x1001x96 | gemm-opt --gemm-stage-smem="ptx-file=%t.k96.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.k96.ptx -o %t.k96.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-opt %s --gemm-stage-smem="ptx-file=%t.acc.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.acc.ptx -o %t.acc.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: FileCheck %s --check-prefix=ACC < %t.acc.ptx

// Interior blocks store directly; edge blocks through the predicated store.
// STORE-DAG: st.global.b16
// STORE-DAG: @p st.b16

// The old value of C read at a row clamped into M (in bounds for every
// thread; 1024 f16 a row), added before the predicated store.
// ACC:      min.u64 [[ROW:%rd[0-9]+]], {{%rd[0-9]+}}, 999;
// ACC:      shl.b64 {{%rd[0-9]+}}, [[ROW]], 11;
// ACC:      ld.global.b16 [[OLD:%rs[0-9]+]]
// ACC-NEXT: cvt.f32.f16 [[OLDF:%r[0-9]+]], [[OLD]];
// ACC-NEXT: add.rn.f32 [[SUM:%r[0-9]+]], {{%r[0-9]+}}, [[OLDF]];
// ACC:      cvt.rn.f16.f32 [[H:%rs[0-9]+]], [[SUM]];
// ACC:      @p st.b16 [{{%rd[0-9]+}}], [[H]];

func.func @matmul(%a: tensor<1000x64xf16>, %b: tensor<64x1024xf16>, %c: tensor<1000x1024xf16>) -> tensor<1000x1024xf16> {
  %r = linalg.matmul ins(%a, %b : tensor<1000x64xf16>, tensor<64x1024xf16>) outs(%c : tensor<1000x1024xf16>) -> tensor<1000x1024xf16>
  return %r : tensor<1000x1024xf16>
}
