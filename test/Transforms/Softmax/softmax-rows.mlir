// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online --gemm-softmax-vector --gemm-softmax-rows | FileCheck %s

// Rung softmax-rows: the mapping follows the row length. Plans of the four
// benchmark shapes (f32) and of short and odd rows.

// 1024 f32: a warp per row (8 float4 per lane), 8 rows per 256-thread block.
// CHECK-LABEL: func.func @r1024(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c8192{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK-COUNT-8: vector.load
// CHECK-NOT: gpu.barrier
// CHECK: chunks = 8, {{.*}}rows_per_block = 8, {{.*}}threads_per_row = 32, vector = 4
func.func @r1024(%x: memref<65536x1024xf32>, %y: memref<65536x1024xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<65536x1024xf32>) outs(%y : memref<65536x1024xf32>)
  return
}

// -----

// 4096 f32: 4 warps per row, 2 rows per block.
// CHECK-LABEL: func.func @r4096(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c8192{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) workgroup({{.*}} : memref<8xf32, {{.*}}>, {{.*}} : memref<8xf32, {{.*}}>)
// CHECK: rows_per_block = 2, {{.*}}threads_per_row = 128
func.func @r4096(%x: memref<16384x4096xf32>, %y: memref<16384x4096xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<16384x4096xf32>) outs(%y : memref<16384x4096xf32>)
  return
}

// -----

// 32768 f32: a block of 1024 per row, 8 float4 per thread in registers.
// CHECK-LABEL: func.func @r32768(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4096{{.*}}) threads({{.*}}) in ({{.*}} = %c1024
// CHECK: chunks = 8, {{.*}}rows_per_block = 1, storage = "registers", threads_per_row = 1024
func.func @r32768(%x: memref<4096x32768xf32>, %y: memref<4096x32768xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf32>) outs(%y : memref<4096x32768xf32>)
  return
}

// -----

// 32768 f16: packed registers: 8 raw vector<8xf16> per thread (64 f16 in 32
// registers), 512 threads per row; the chunk maximum in f16, widened again
// through inline PTX after the reduction.
// CHECK-LABEL: func.func @r32768h(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4096{{.*}}) threads({{.*}}) in ({{.*}} = %c512
// CHECK-COUNT-8: vector.load %{{.*}} : memref<4096x32768xf16>, vector<8xf16>
// CHECK: arith.maximumf %{{.*}} : vector<8xf16>
// CHECK: gpu.barrier
// CHECK: llvm.inline_asm "cvt.f32.f16 $0, $1;", "=f,h"
// CHECK: chunks = 8, {{.*}}packed = true, {{.*}}rows_per_block = 1, storage = "registers", threads_per_row = 512, vector = 8
func.func @r32768h(%x: memref<4096x32768xf16>, %y: memref<4096x32768xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf16>) outs(%y : memref<4096x32768xf16>)
  return
}

// -----

// 64 f16 = 8 vectors of 8: 2 lanes per row hold 4 vectors each; 16 rows
// per warp, one xor shuffle (offset 1) per reduced value, no barrier; 32
// rows per 64-thread block keep 1024 blocks for the 132 SMs.
// CHECK-LABEL: func.func @short(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1024{{.*}}) threads({{.*}}) in ({{.*}} = %c64
// CHECK: arith.remui %{{.*}}, %c2
// CHECK: arith.divui %{{.*}}, %c2
// CHECK-NOT: gpu.shuffle  xor %{{.*}}, {{%c2_i32[_0-9]*}}
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c1_i32[_0-9]*}}, {{%c32_i32[_0-9]*}}
// CHECK-NOT: gpu.barrier
// CHECK: rows_per_block = 32, {{.*}}threads_per_row = 2, vector = 8
func.func @short(%x: memref<32768x64xf16>, %y: memref<32768x64xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<32768x64xf16>) outs(%y : memref<32768x64xf16>)
  return
}

// -----

// 3 x 5: a lane per row; rows past the end of the last block are clamped
// for loads and skipped for stores.
// CHECK-LABEL: func.func @tiny(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c32
// CHECK: arith.cmpi ult, %{{.*}}, %c3
// CHECK: arith.minui %{{.*}}, %c2
// CHECK: threads_per_row = 1
func.func @tiny(%x: memref<3x5xf32>, %y: memref<3x5xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf32>) outs(%y : memref<3x5xf32>)
  return
}
