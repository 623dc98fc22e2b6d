// Split-K in the warptile rung: the K tiles of each output tile are shared
// out over grid z; every split writes its f32 partial tile to a scratch
// buffer (S*M x N, N rounded up to a multiple of 4 so its rows are 16-byte
// aligned; a host memref.alloc: a manifest "scratch" buffer) and a
// second launch sums the partials in split order into C (+ C when
// accumulating): deterministic, no atomics. The reduction is a
// programmatic dependent launch: the split kernel lets it be scheduled once
// all its blocks have started (griddepcontrol.launch_dependents), and it
// waits for the partials (griddepcontrol.wait) before reading them.
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=2}))" | FileCheck %s --check-prefix=SPLIT2
// RUN: gemm-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling))" | FileCheck %s --check-prefix=TALL
// Rebuilding a split kernel drops its old reduction and scratch buffer.
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=2},gemm-warp-tiling{split-k=1}))" | FileCheck %s --check-prefix=UNSPLIT
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=2},gemm-warp-tiling{split-k=3}))" | FileCheck %s --check-prefix=RESPLIT

// 1000x999x777 (accumulating), 64x64 tiles, 2 splits of the 48 full K
// tiles (24 each); the last split also takes the K remainder (777 % 16).
// SPLIT2-LABEL: func.func @matmul
// SPLIT2:       %[[P:.*]] = memref.alloc() : memref<2000x1000xf32>
// SPLIT2:       gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %c16{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c2{{.*}}) threads
// SPLIT2-NEXT:  nvvm.griddepcontrol launch_dependents
// Split z starts at tile z*48/2 and the remainder is taken when z == 1;
// partials go to rows z*1000.. of the scratch buffer, not to C.
// SPLIT2:       arith.muli %[[Z]], %c48
// SPLIT2:       arith.cmpi eq, %[[Z]], %c1
// SPLIT2:       arith.muli %[[Z]], %c1000
// Edge blocks: zero-filling cp.async (a source element count operand).
// SPLIT2:       nvgpu.device_async_copy {{.*}}, 1, %{{.*}} :
// SPLIT2-NOT:   memref.store {{.*}}, %arg2
// Interior blocks store their partials in 128-bit stores (padded rows).
// SPLIT2:       vector.store {{.*}}, %[[P]]
// SPLIT2:       gemm_opt.kernel = "matmul"
// SPLIT2-SAME:  split_k = 2
// The reduction: one thread per 4 elements of a padded row, partial 0 +
// partial 1 in 128-bit loads, then C + that (beta = 1) element by element
// (rows of 999 are not 16-byte aligned); only the 4th element of a chunk
// can lie past N = 999.
// SPLIT2:       gpu.launch
// SPLIT2-NEXT:  nvvm.griddepcontrol wait
// SPLIT2:       vector.load %[[P]]{{.*}} : memref<2000x1000xf32>, vector<4xf32>
// SPLIT2:       vector.load %[[P]]{{.*}} : memref<2000x1000xf32>, vector<4xf32>
// SPLIT2:       arith.addf {{.*}} : vector<4xf32>
// SPLIT2-NOT:   scf.if
// SPLIT2:       memref.load %arg2
// SPLIT2:       arith.addf
// SPLIT2:       memref.store %{{.*}}, %arg2
// SPLIT2-COUNT-2: memref.store %{{.*}}, %arg2
// SPLIT2:       arith.cmpi ult, %{{.*}}, %c999
// SPLIT2-NEXT:  scf.if
// SPLIT2:       memref.store %{{.*}}, %arg2
// SPLIT2:       gemm_opt.kernel = "matmul-splitk-reduce"

// 16x4096x4096: 64 tiles of 64x64 leave SMs idle, the heuristic splits K
// in 3 (192 blocks); the reduction reads 128-bit groups.
// TALL-LABEL:   func.func @matmul
// TALL:         memref.alloc() : memref<48x4096xf32>
// TALL:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c64{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c3{{.*}})
// TALL:         split_k = 3
// TALL:         gpu.launch
// TALL-COUNT-3: vector.load {{.*}} : memref<48x4096xf32>, vector<4xf32>
// TALL:         vector.store
// TALL:         gemm_opt.kernel = "matmul-splitk-reduce"

// UNSPLIT-LABEL: func.func @matmul
// UNSPLIT-NOT:   memref.alloc
// UNSPLIT-NOT:   matmul-splitk-reduce
// UNSPLIT-NOT:   split_k

// RESPLIT-LABEL: func.func @matmul
// RESPLIT:       memref.alloc() : memref<3000x1000xf32>
// RESPLIT-NOT:   memref.alloc
// RESPLIT:       split_k = 3
// RESPLIT:       gemm_opt.kernel = "matmul-splitk-reduce"
// RESPLIT-NOT:   gemm_opt.kernel = "matmul-splitk-reduce"

func.func @matmul(%A: tensor<16x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<16x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x4096xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x4096xf32>) -> tensor<16x4096xf32>
  %R = linalg.matmul ins(%A, %B : tensor<16x4096xf32>, tensor<4096x4096xf32>)
                     outs(%C : tensor<16x4096xf32>) -> tensor<16x4096xf32>
  return %R : tensor<16x4096xf32>
}
