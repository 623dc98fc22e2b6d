// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online --gemm-softmax-vector --gemm-softmax-rows=cluster-size=1 | FileCheck %s

// Rung softmax-rows without thread-block clusters (cluster-size=1, as on
// chips below sm_90): rows too long for one block's registers go to shared
// memory whole, or keep registers and shared memory full and re-read only
// the rest (hybrid). The default plans of these shapes use a cluster
// (softmax-rows-cluster.mlir).

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
// CHECK: chunks = 8, {{.*}}shared_chunks = 10, storage = "hybrid", stream_chunks = 2, threads_per_row = 1024, vector = 4
func.func @r131072(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
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
// CHECK: chunks = 8, {{.*}}packed = true, {{.*}}shared_chunks = 8, storage = "hybrid", stream_chunks = 2, threads_per_row = 1024, vector = 8
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
// CHECK: chunks = 4, {{.*}}shared_chunks = 10, storage = "hybrid", stream_chunks = 2, threads_per_row = 1024, vector = 8
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
