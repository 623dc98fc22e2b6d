// REQUIRES: ptxas
// f16 inputs accumulating into f32 through both stages: the PTX loads 16-bit
// values, widens them with cvt.f32.f16, accumulates with fma.rn.f32 and stores
// 32-bit results; it assembles for sm_90 without spills.

// RUN: rm -f %t.naive.ptx %t.coalesced.ptx
// RUN: gemm-opt %s --gemm-stage-naive="ptx-file=%t.naive.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.naive.ptx
// RUN: %ptxas -arch=sm_90 -v %t.naive.ptx -o %t.naive.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-coalesced="ptx-file=%t.coalesced.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.coalesced.ptx
// RUN: %ptxas -arch=sm_90 -v %t.coalesced.ptx -o %t.coalesced.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK: .visible .entry matmul_kernel(
// CHECK: ld.global.b16
// CHECK: cvt.f32.f16
// CHECK: fma.rn.f32
// CHECK: st.global.b32
// CHECK-NOT: cvt.rn.f16.f32
// CHECK: ret;

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

func.func @matmul(%A: tensor<96x64xf16>, %B: tensor<64x80xf16>) -> tensor<96x80xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<96x80xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<96x80xf32>) -> tensor<96x80xf32>
  %R = linalg.matmul ins(%A, %B : tensor<96x64xf16>, tensor<64x80xf16>) outs(%C : tensor<96x80xf32>) -> tensor<96x80xf32>
  return %R : tensor<96x80xf32>
}
