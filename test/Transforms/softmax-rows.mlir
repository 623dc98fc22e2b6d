// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online --gemm-softmax-vector --gemm-softmax-rows | FileCheck %s

// Rung softmax-rows: the mapping follows the row length. Plans of the four
// benchmark shapes (f32) and of short and odd rows.

// 1024 f32: a warp per row (8 float4 per lane), 8 rows per 256-thread block.
// CHECK-LABEL: func.func @r1024(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c8192{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK-COUNT-8: vector.load
// CHECK-NOT: gpu.barrier
// CHECK: chunks = 8 : i64, {{.*}}rows_per_block = 8 : i64, {{.*}}threads_per_row = 32 : i64, vector = 4 : i64
func.func @r1024(%x: memref<65536x1024xf32>, %y: memref<65536x1024xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<65536x1024xf32>) outs(%y : memref<65536x1024xf32>)
  return
}

// -----

// 4096 f32: 4 warps per row, 2 rows per block.
// CHECK-LABEL: func.func @r4096(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c8192{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) workgroup({{.*}} : memref<8xf32, {{.*}}>, {{.*}} : memref<8xf32, {{.*}}>)
// CHECK: rows_per_block = 2 : i64, {{.*}}threads_per_row = 128 : i64
func.func @r4096(%x: memref<16384x4096xf32>, %y: memref<16384x4096xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<16384x4096xf32>) outs(%y : memref<16384x4096xf32>)
  return
}

// -----

// 32768 f32: a block of 1024 per row, 8 float4 per thread in registers.
// CHECK-LABEL: func.func @r32768(
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4096{{.*}}) threads({{.*}}) in ({{.*}} = %c1024
// CHECK: chunks = 8 : i64, {{.*}}rows_per_block = 1 : i64, storage = "registers", threads_per_row = 1024 : i64
func.func @r32768(%x: memref<4096x32768xf32>, %y: memref<4096x32768xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf32>) outs(%y : memref<4096x32768xf32>)
  return
}

// -----

// 131072 f32 (512 KB a row): too long for a block's registers and shared
// memory. Hybrid: 8 float4 chunks per thread in registers (128 KB), 10 in
// dynamic shared memory (160 KB, + 256 bytes of reduction slots), and only
// the last 14 (224 KB) re-read, backwards (the write reads them first).
// CHECK-LABEL: func.func @r131072(
// CHECK: %[[SMEM:.*]] = arith.constant 164096 : i32
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1024{{.*}}) threads({{.*}}) in ({{.*}} = %c1024{{.*}}) dynamic_shared_memory_size %[[SMEM]]
// CHECK-COUNT-8: vector.load %{{.*}} : memref<1024x131072xf32>, vector<4xf32>
// CHECK: scf.for
// CHECK: vector.store %{{.*}} : memref<1x40960xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: arith.subi
// CHECK: scf.for
// CHECK: vector.load %{{.*}} : memref<1x40960xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: chunks = 8 : i64, {{.*}}shared_chunks = 10 : i64, storage = "hybrid", stream_chunks = 2 : i64, threads_per_row = 1024 : i64, vector = 4 : i64
func.func @r131072(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
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
// CHECK: chunks = 8 : i64, {{.*}}packed = true, {{.*}}rows_per_block = 1 : i64, storage = "registers", threads_per_row = 512 : i64, vector = 8 : i64
func.func @r32768h(%x: memref<4096x32768xf16>, %y: memref<4096x32768xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf16>) outs(%y : memref<4096x32768xf16>)
  return
}

// -----

// 131072 f16 (256 KB a row): packed registers hold half (8 chunks of 1024 x
// 8 f16), dynamic shared memory the other half (128 KB): one read, nothing
// re-read.
// CHECK-LABEL: func.func @r131072h(
// CHECK: %[[SMEM:.*]] = arith.constant 131328 : i32
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1024{{.*}}) threads({{.*}}) in ({{.*}} = %c1024{{.*}}) dynamic_shared_memory_size %[[SMEM]]
// CHECK-COUNT-8: vector.load %{{.*}} : memref<1024x131072xf16>, vector<8xf16>
// CHECK: scf.for
// CHECK: vector.store %{{.*}} : memref<1x65536xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: gpu.barrier
// CHECK-NOT: arith.subi
// CHECK: scf.for
// CHECK: vector.load %{{.*}} : memref<1x65536xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: llvm.inline_asm "cvt.f32.f16 $0, $1;"
// CHECK: chunks = 8 : i64, {{.*}}packed = true, {{.*}}shared_chunks = 8 : i64, storage = "hybrid", stream_chunks = 2 : i64, threads_per_row = 1024 : i64, vector = 8 : i64
func.func @r131072h(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}

// -----

// 131072 bf16: not packed (see SoftmaxHeuristics.cpp): 4 vectors of 8 per
// thread in registers (64 KB), 10 chunks in shared memory (160 KB), the last
// 2 chunks (32 KB) re-read.
// CHECK-LABEL: func.func @r131072b(
// CHECK-NOT: packed
// CHECK: chunks = 4 : i64, {{.*}}shared_chunks = 10 : i64, storage = "hybrid", stream_chunks = 2 : i64, threads_per_row = 1024 : i64, vector = 8 : i64
func.func @r131072b(%x: memref<1024x131072xbf16>, %y: memref<1024x131072xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xbf16>) outs(%y : memref<1024x131072xbf16>)
  return
}

// -----

// 40000 f32 (160000 bytes) fits in shared memory whole: the older shared
// plan, not hybrid (40000 is no whole number of 4096-element chunks anyway).
// CHECK-LABEL: func.func @r40000(
// CHECK: storage = "shared"
func.func @r40000(%x: memref<64x40000xf32>, %y: memref<64x40000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x40000xf32>) outs(%y : memref<64x40000xf32>)
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
// CHECK: rows_per_block = 32 : i64, {{.*}}threads_per_row = 2 : i64, vector = 8 : i64
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
// CHECK: threads_per_row = 1 : i64
func.func @tiny(%x: memref<3x5xf32>, %y: memref<3x5xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf32>) outs(%y : memref<3x5xf32>)
  return
}
