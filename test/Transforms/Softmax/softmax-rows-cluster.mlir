// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online --gemm-softmax-vector --gemm-softmax-rows=cluster-threads=1024 | FileCheck %s

// Rung softmax-rows, rows too long for one block's registers: a thread-block
// cluster of P blocks per row (grid = rows x P blocks, cluster P x 1 x 1),
// here with blocks of 1024 threads (cluster-threads=1024; one block per SM:
// the fewest blocks whose registers hold the row). The default blocks of
// 256 threads, three per SM: softmax-rows-cluster-shared-sm.mlir.
// Block r of a row (blockIdx.x mod P) keeps the slice starting at r x slice
// in registers; the block's (max, sum) pair goes to shared memory, a cluster
// barrier, every lane group reads the P pairs through nvvm.mapa and loads
// from !llvm.ptr<7> (shared::cluster), a butterfly combines them, an arrive
// ends the remote reads, the slice is written, and the final wait keeps
// every block's shared memory alive until the others are done.

// 131072 f32: 4 blocks of 1024 threads, 8 float4 each (128 KB a block).
// CHECK-LABEL: func.func @r131072(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c4, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c4096{{.*}}) threads({{.*}}) in ({{.*}} = %c1024{{.*}}) workgroup({{.*}} : memref<32xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<32xf32, #gpu.address_space<workgroup>>, %[[PUB:.*]] : memref<2xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: dynamic_shared_memory_size
// CHECK: %[[ROW:.*]] = arith.divui %{{.*}}, %c4
// CHECK: %[[RANK:.*]] = arith.remui %{{.*}}, %c4
// CHECK: arith.muli %[[RANK]], %c32768
// CHECK-COUNT-8: vector.load %{{.*}}[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<1024x131072xf32>, vector<4xf32>
// CHECK-NOT: arith.cmpi ult, %{{.*}}, %c131072
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[PUB]][%{{.*}}]
// CHECK: memref.store %{{.*}}, %[[PUB]][%{{.*}}]
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[PUB]]
// CHECK: %[[PTR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %[[PTR]], %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: llvm.getelementptr %[[REMOTE]][1] : (!llvm.ptr<7>) -> !llvm.ptr<7>, f32
// CHECK: llvm.load %[[REMOTE]] : !llvm.ptr<7> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<7> -> f32
// CHECK-NOT: arith.select %{{.*}}, %{{.*}}, %cst{{.*}} : f32
// CHECK-COUNT-2: gpu.shuffle  xor %{{.*}}, %c2_i32
// CHECK-COUNT-2: gpu.shuffle  xor %{{.*}}, %c1_i32
// CHECK-NOT: gpu.shuffle
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-COUNT-8: vector.store
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.terminator
// CHECK: chunks = 8, cluster = 4, {{.*}}storage = "registers", threads_per_row = 1024, vector = 4
func.func @r131072(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}

// -----

// 131072 f16: 2 blocks per row, packed f16 registers (8 vector<8xf16> per
// thread: a block holds 65536 elements).
// CHECK-LABEL: func.func @r131072h(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c2, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c2048{{.*}}) threads({{.*}}) in ({{.*}} = %c1024
// CHECK-COUNT-8: vector.load %{{.*}} : memref<1024x131072xf16>, vector<8xf16>
// CHECK: nvvm.mapa
// CHECK: chunks = 8, cluster = 2, {{.*}}packed = true, {{.*}}threads_per_row = 1024, vector = 8
func.func @r131072h(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}

// -----

// 131072 bf16 (not packed): 4 blocks per row, 4 vectors of 8 per thread.
// CHECK-LABEL: func.func @r131072b(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c4, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c4096
// CHECK-NOT: packed
// CHECK: chunks = 4, cluster = 4, {{.*}}threads_per_row = 1024, vector = 8
func.func @r131072b(%x: memref<1024x131072xbf16>, %y: memref<1024x131072xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xbf16>) outs(%y : memref<1024x131072xbf16>)
  return
}

// -----

// 262144 f32 (1 MB a row, 256K elements): 8 blocks, the portable maximum.
// CHECK-LABEL: func.func @r262144(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c512
// CHECK: chunks = 8, cluster = 8, {{.*}}threads_per_row = 1024
func.func @r262144(%x: memref<64x262144xf32>, %y: memref<64x262144xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x262144xf32>) outs(%y : memref<64x262144xf32>)
  return
}

// -----

// 3 x 200000 f32: 7 blocks would hold a row, but 3 rows leave SMs idle, so
// 8. Ragged slices of 7 x 1024 float4 (28672): columns are checked against
// the row (the 7th slice is partial, the 8th empty: -inf padding, no store).
// CHECK-LABEL: func.func @ragged(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c24{{.*}})
// CHECK: arith.muli %{{.*}}, %c28672
// CHECK: arith.minui %{{.*}}, %c199996
// CHECK: arith.cmpi ult, %{{.*}}, %c200000
// CHECK: chunks = 7, cluster = 8, {{.*}}threads_per_row = 1024
func.func @ragged(%x: memref<3x200000xf32>, %y: memref<3x200000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x200000xf32>) outs(%y : memref<3x200000xf32>)
  return
}

// -----

// 64 x 40000 f32: fits shared memory, but a cluster of 2 keeps it in
// registers; 64 rows x 2 blocks leave SMs idle, so 3 blocks (P not a power
// of two: the lane groups of 4 read ranks min(q, 2), and lane 3 of each
// group holds the identity pair (-inf, 0)), 2 float4 per thread.
// CHECK-LABEL: func.func @r40000(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c3, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c192{{.*}}) threads({{.*}}) in ({{.*}} = %c1024
// CHECK: nvvm.cluster.wait {aligned}
// CHECK: %[[Q:.*]] = arith.remui %{{.*}}, %c4
// CHECK: arith.minui %[[Q]], %c2
// CHECK: nvvm.mapa
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[Q]], %c3
// CHECK: arith.select %[[IN]], %{{.*}}, %cst{{.*}} : f32
// CHECK: arith.select %[[IN]], %{{.*}}, %cst{{.*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32
// CHECK: cluster = 3
func.func @r40000(%x: memref<64x40000xf32>, %y: memref<64x40000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x40000xf32>) outs(%y : memref<64x40000xf32>)
  return
}

