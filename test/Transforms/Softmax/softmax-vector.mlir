// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online --gemm-softmax-vector | FileCheck %s

// Rung softmax-vector: 16-byte aligned vector loads and stores (4 x f32),
// (max, sum) reduced by xor shuffles in the warp (offsets 16..1), then
// across the 4 warps of the row through one shared slot per warp and a
// single barrier, then shuffles again (offsets 2, 1).

// CHECK-LABEL: func.func @f32(
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}}) workgroup(%[[BM:.*]] : memref<4xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-4: vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<16x2048xf32>, vector<4xf32>
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c16_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c8_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c4_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c2_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c1_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK: memref.store {{.*}}, %[[BM]]
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[BM]]
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c2_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, {{%c1_i32[_0-9]*}}, {{%c32_i32[_0-9]*}} : f32
// CHECK-COUNT-4: vector.store {{.*}}, %arg1[{{.*}}] {alignment = 16 : i64} : memref<16x2048xf32>, vector<4xf32>
// CHECK: reduce = "shuffle"{{.*}}vector = 4
func.func @f32(%x: memref<16x2048xf32>, %y: memref<16x2048xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<16x2048xf32>) outs(%y : memref<16x2048xf32>)
  return
}

// -----

// f16: 8 elements per 16-byte access, widened to f32 and narrowed back.
// A single warp per row: no shared memory and no barrier at all.

// CHECK-LABEL: func.func @f16(
// CHECK: gpu.launch {{.*}} in ({{.*}} = %c32{{.*}}, {{.*}}) {
// CHECK: vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<4x1024xf16>, vector<8xf16>
// CHECK: arith.extf {{.*}} : vector<8xf16> to vector<8xf32>
// CHECK-NOT: gpu.barrier
// CHECK: arith.truncf {{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: vector.store {{.*}} {alignment = 16 : i64} : memref<4x1024xf16>, vector<8xf16>
func.func @f16(%x: memref<4x1024xf16>, %y: memref<4x1024xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4x1024xf16>) outs(%y : memref<4x1024xf16>)
  return
}

// -----

// Rows of 1000 f32: 4 divides 1000, so float4 still; the last accesses of
// a row are guarded (index clamped for the load, store under scf.if).
// Rows of 1001: no vector width divides it, scalar accesses.

// CHECK-LABEL: func.func @tail(
// CHECK: arith.minui
// CHECK: vector.load {{.*}} vector<4xf32>
// CHECK: arith.select
// CHECK: scf.if
// CHECK: vector.store
// CHECK-LABEL: func.func @odd(
// CHECK-NOT: vector.load
// CHECK: memref.load %arg0
// CHECK: vector = 1
func.func @tail(%x: memref<3x1000xf32>, %y: memref<3x1000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x1000xf32>) outs(%y : memref<3x1000xf32>)
  return
}
func.func @odd(%x: memref<3x1001xf32>, %y: memref<3x1001xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x1001xf32>) outs(%y : memref<3x1001xf32>)
  return
}
