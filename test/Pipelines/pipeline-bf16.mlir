// REQUIRES: ptxas
// bf16 in and out (accumulating): C is loaded and widened, the sum is kept
// in f32 and narrowed with cvt.rn.bf16.f32 before a 16-bit store.

// RUN: rm -f %t.ptx %t.cubin
// RUN: gemm-opt %s --gemm-stage-coalesced="ptx-file=%t.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK: .visible .entry matmul_kernel(
// CHECK: ld.global.b16
// CHECK: cvt.f32.bf16
// CHECK: fma.rn.f32
// CHECK: cvt.rn.bf16.f32
// CHECK-NEXT: st.global.b16
// CHECK: ret;

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

func.func @matmul(%A: memref<33x17xbf16>, %B: memref<17x65xbf16>, %C: memref<33x65xbf16>) {
  linalg.matmul ins(%A, %B : memref<33x17xbf16>, memref<17x65xbf16>) outs(%C : memref<33x65xbf16>)
  return
}
