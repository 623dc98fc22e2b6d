// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize))" | FileCheck %s --check-prefix=RAGGED

// Rung 'vector' (seed 000 v5): 128-bit loads of A and B and 128-bit loads
// and stores of C with alignment = 16, A stored K-major ([BK][BM]) in shared
// memory, fragments read from shared memory as vector<4xf32>. The K tile
// goes from reg2d's 8 to 16 (GemmHeuristics), the block tile stays.
// CHECK:     memref.view {{.*}} to memref<1x16x128xf32, #gpu.address_space<workgroup>>
// CHECK:     memref.view {{.*}} to memref<1x16x128xf32, #gpu.address_space<workgroup>>
// CHECK:     scf.for
// CHECK:       vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<256x128xf32>, vector<4xf32>
// CHECK:       memref.store {{.*}} : memref<1x16x128xf32, #gpu.address_space<workgroup>>
// CHECK:       vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<128x256xf32>, vector<4xf32>
// CHECK:       vector.store {{.*}} {alignment = 16 : i64} : memref<1x16x128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:       gpu.barrier
// CHECK:       vector.load {{.*}} {alignment = 16 : i64} : memref<16x4xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:       math.fma
// CHECK:     vector.load %arg2[{{.*}}] {alignment = 16 : i64} : memref<256x256xf32>, vector<4xf32>
// CHECK:     vector.store {{.*}}, %arg2[{{.*}}] {alignment = 16 : i64} : memref<256x256xf32>, vector<4xf32>
// CHECK:     bk = 16, bm = 128, bn = 128{{.*}}max_regs = 0{{.*}}vector = 4

// 1000 x 999 x 777: no row of A, B or C is 16-byte aligned, so every global
// access stays scalar (shared-memory fragments are still 128-bit).
// RAGGED-NOT: vector.load %arg0
// RAGGED-NOT: vector.load %arg1
// RAGGED-NOT: vector.store {{.*}} %arg2
// RAGGED:     vector = 4

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
