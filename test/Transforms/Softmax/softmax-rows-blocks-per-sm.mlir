// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=4 cluster-threads=256 cluster-blocks-per-sm=2" | FileCheck %s

// cluster-blocks-per-sm forces the register cap: two blocks of 256 threads
// per SM allow 128 registers, still too few for 16 vectors of 8 f32 per
// thread (128 of data), so the f16 slice stays packed (64).
// CHECK-LABEL: func.func @f16(
// CHECK: nvvm.maxnreg = 128 : i32
// CHECK: chunks = 16, cluster = 4, {{.*}}max_registers = 128, packed = true, {{.*}}threads_per_row = 256
func.func @f16(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}

// -----

// A slice that fits unpacked stays f32: 8 vectors of 8 bf16 per thread
// (64 registers of data under the 128 cap).
// CHECK-LABEL: func.func @bf16(
// CHECK: nvvm.maxnreg = 128 : i32
// CHECK-NOT: packed
// CHECK: chunks = 8, cluster = 4, {{.*}}max_registers = 128, {{.*}}threads_per_row = 256
func.func @bf16(%x: memref<1024x65536xbf16>, %y: memref<1024x65536xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x65536xbf16>) outs(%y : memref<1024x65536xbf16>)
  return
}
