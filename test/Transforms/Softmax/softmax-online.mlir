// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online | FileCheck %s

// Rung softmax-online, row in registers: 4096 f32 per row, 1024 threads,
// 4 scalar loads per thread issued before any arithmetic, a local max, a
// local sum of exp, then one shared-memory tree over (max, sum) pairs that
// rescales the sums (the online combination), and 4 stores.

// CHECK-LABEL: func.func @registers(
// CHECK: gpu.launch {{.*}} in ({{.*}} = %c1024{{.*}}, {{.*}}) workgroup(%[[BM:.*]] : memref<1024xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<1024xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: scf.for
// CHECK-COUNT-4: memref.load %arg0
// CHECK-NOT: memref.load %arg0
// CHECK: arith.maximumf
// CHECK: llvm.inline_asm "ex2.approx.f32
// CHECK: memref.store {{.*}}, %[[BM]]
// CHECK: memref.store {{.*}}, %[[BS]]
// CHECK: gpu.barrier
// The online combination of two pairs: m = max(m1, m2);
// s = s1 * scale(m1, m) + s2 * scale(m2, m), scale(a, m) = a == m ? 1 : 2^((a-m) log2 e).
// CHECK: scf.if
// CHECK: %[[M:.*]] = arith.maximumf %[[M1:.*]], %[[M2:.*]] : f32
// CHECK: arith.cmpf oeq, %[[M1]], %[[M]]
// CHECK: arith.subf %[[M1]], %[[M]]
// CHECK: llvm.inline_asm "ex2.approx.f32
// CHECK: arith.select
// CHECK: arith.mulf
// CHECK: arith.cmpf oeq, %[[M2]], %[[M]]
// CHECK: arith.addf
// CHECK: gpu.barrier
// An all -inf row gives NaN.
// CHECK: arith.cmpf oeq, {{.*}}, %cst{{.*}} : f32
// CHECK: arith.select {{.*}} : f32
// CHECK-COUNT-4: memref.store {{.*}}, %arg1
// CHECK: algo = "online"{{.*}}reduce = "smem-tree"{{.*}}storage = "registers"
func.func @registers(%x: memref<64x4096xf32>, %y: memref<64x4096xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x4096xf32>) outs(%y : memref<64x4096xf32>)
  return
}

// -----

// A row too long for registers (40000 f32 = 160000 bytes) is kept in
// dynamic shared memory, followed by the 2 x 1024 f32 slots of the tree
// (one allocation: 160000 + 8192 bytes): a streaming loop updates (max,
// sum) online and stores the row, a second loop reads it back.

// CHECK-LABEL: func.func @shared(
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %c168192_i32 {
// CHECK: gpu.dynamic_shared_memory
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {{.*}} to memref<1x40000xf32, #gpu.address_space<workgroup>>
// CHECK: memref.view %{{.*}}[%c160000{{.*}}][] {{.*}} to memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK: memref.view %{{.*}}[%c164096{{.*}}][] {{.*}} to memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) -> (f32, f32)
// CHECK: memref.load %arg0
// CHECK: memref.store {{.*}} : memref<1x40000xf32, #gpu.address_space<workgroup>>
// CHECK: %[[MNEW:.*]] = arith.maximumf %[[M]], {{.*}}
// CHECK: arith.cmpf oeq, %[[M]], %[[MNEW]]
// CHECK: arith.mulf %[[S]], {{.*}}
// CHECK: scf.yield %[[MNEW]], {{.*}} : f32, f32
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: memref.load {{.*}} : memref<1x40000xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store {{.*}}, %arg1
// CHECK: storage = "shared"
func.func @shared(%x: memref<8x40000xf32>, %y: memref<8x40000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<8x40000xf32>) outs(%y : memref<8x40000xf32>)
  return
}

// -----

// Longer than shared memory: the write sweep reads the row again.

// CHECK-LABEL: func.func @reread(
// CHECK-NOT: dynamic_shared_memory_size
// CHECK: scf.for {{.*}} -> (f32, f32)
// CHECK: memref.load %arg0
// CHECK: scf.for
// CHECK: memref.load %arg0
// CHECK: memref.store {{.*}}, %arg1
// CHECK: storage = "reread"
func.func @reread(%x: memref<2x131072xf32>, %y: memref<2x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<2x131072xf32>) outs(%y : memref<2x131072xf32>)
  return
}
