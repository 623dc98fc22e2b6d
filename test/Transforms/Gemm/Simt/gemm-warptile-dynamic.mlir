// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling),canonicalize,cse)" | FileCheck %s

// A variant whose M, N and K are known at run time only (the symbol
// arguments of gemm-specialize-dynamic-dims): the grid derives from M and N
// on the host, the kernel reads A, B and C through views of their actual
// shapes (B stored N x K as a view with swapped strides, no copy) with
// 32-bit loads, decides interior blocks and the number of full K tiles at
// run time, and adds the K remainder as a whole zero-filled tile.

// CHECK-LABEL: func.func @nt_mmax(
// CHECK-SAME:      %[[A:[^:]*]]: memref<4096x4096xf32> {gemm_opt.role = "A"}, %[[B:[^:]*]]: memref<4096x4096xf32> {gemm_opt.role = "B"}, %[[C:[^:]*]]: memref<4096x4096xf32> {gemm_opt.role = "C"}, %[[M:[^:]*]]: index {gemm_opt.symbol = "M"}, %[[N:[^:]*]]: index {gemm_opt.symbol = "N"}, %[[K:[^:]*]]: index {gemm_opt.symbol = "K"})
// CHECK-DAG:     %[[GX:.*]] = arith.ceildivui %[[N]], %c128 : index
// CHECK-DAG:     %[[GY:.*]] = arith.ceildivui %[[M]], %c128 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[GX]], {{.*}} = %[[GY]], {{.*}} = %c1)
// CHECK-NEXT:      %[[VA:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%[[M]], %[[K]]], strides: [%[[K]], 1]
// CHECK-NEXT:      %[[VB:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [%[[K]], %[[N]]], strides: [1, %[[K]]]
// CHECK-NEXT:      %[[VC:.*]] = memref.reinterpret_cast %[[C]] to offset: [0], sizes: [%[[M]], %[[N]]], strides: [%[[N]], 1]
// CHECK:           %[[TILES:.*]] = arith.divui %[[K]], %c16 : index
// CHECK:           %[[ANY:.*]] = arith.cmpi ugt, %[[TILES]], %c0 : index
// CHECK:           scf.if %[[ANY]]
// CHECK:             scf.for %{{.*}} = %c0 to %[[TILES]] step %c1
// CHECK-NOT:           vector.load %[[VA]]
// CHECK:               memref.load %[[VA]]
// CHECK-NOT:           vector.load %[[VB]]
// CHECK:               memref.load %[[VB]]
// CHECK:           %[[REM:.*]] = arith.remui %[[K]], %c16 : index
// CHECK:           arith.cmpi ugt, %[[REM]], %c0 : index
// CHECK:           arith.subi %[[K]], %[[REM]] : index
// CHECK:           memref.store %{{.*}}, %[[VC]]
// CHECK:         } {gemm_opt.dynamic_extents, gemm_opt.dynamic_rows, gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt"
func.func @nt_mmax(%a: memref<4096x4096xf32>, %b: memref<4096x4096xf32>, %c: memref<4096x4096xf32>, %m: index {gemm_opt.symbol = "M"}, %n: index {gemm_opt.symbol = "N"}, %k: index {gemm_opt.symbol = "K"}) attributes {gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "nt", symbol = "M"}} {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// Only M at run time (K and N static): no views, 128-bit loads and the
// cp.async ring as for a static M, rows bounded by M and the grid's rows
// ceil(M / BM); no split-K (its partials would be sized by the planned M).
// CHECK-LABEL: func.func @nn_m64(
// CHECK-SAME:      %[[M:[^:]*]]: index {gemm_opt.symbol = "M"})
// CHECK:         %[[GY:.*]] = arith.ceildivui %[[M]], %c64 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}}, {{.*}} = %[[GY]], {{.*}} = %c1)
// CHECK-NOT:       memref.reinterpret_cast
// CHECK:           nvgpu.device_async_copy {{.*}} {bypassL1}
// CHECK:           arith.cmpi ult, %{{.*}}, %[[M]] : index
// CHECK:         } {gemm_opt.dynamic_rows, gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt"
// CHECK-SAME:      read_only = false, stages = 2, tm = 8
func.func @nn_m64(%a: memref<64x4096xf32>, %b: memref<4096x256xf32>, %c: memref<64x256xf32>, %m: index {gemm_opt.symbol = "M"}) attributes {gemm_opt.variant = {hi = 64 : i64, lo = 33 : i64, of = "nn", symbol = "M"}} {
  linalg.matmul ins(%a, %b : memref<64x4096xf32>, memref<4096x256xf32>) outs(%c : memref<64x256xf32>)
  return
}

// -----

// A batch_matmul with a dynamic batch count and M (one B for every
// entry): grid z is the count, and each block views its entry of A and C
// at offset z * M * K and z * M * N (the entries' offsets are known at run
// time only); B, shared, at offset 0.
// CHECK-LABEL: func.func @shared_batchmax(
// CHECK-SAME:      %[[A:[^:]*]]: memref<4096x4096x64xf32> {gemm_opt.role = "A"}, %[[B:[^:]*]]: memref<64x96xf32> {gemm_opt.role = "B"}, %[[C:[^:]*]]: memref<4096x4096x96xf32> {gemm_opt.role = "C"}, %[[COUNT:[^:]*]]: index {gemm_opt.symbol = "batch"}, %[[M:[^:]*]]: index {gemm_opt.symbol = "M"})
// CHECK:         %[[GY:.*]] = arith.ceildivui %[[M]], %c64 : index
// CHECK:         gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:[^)]*]]) in (%{{.*}} = %c2, %{{.*}} = %[[GY]], %{{.*}} = %[[COUNT]])
// CHECK-NEXT:      %[[AE:.*]] = arith.muli %[[M]], %c64 : index
// CHECK-NEXT:      %[[AO:.*]] = arith.muli %[[Z]], %[[AE]] : index
// CHECK-NEXT:      memref.reinterpret_cast %[[A]] to offset: [%[[AO]]], sizes: [%[[M]], 64], strides: [64, 1]
// CHECK:           memref.reinterpret_cast %[[B]] to offset: [0], sizes: [64, 96], strides: [96, 1]
// CHECK:           %[[CE:.*]] = arith.muli %[[M]], %c96 : index
// CHECK-NEXT:      %[[CO:.*]] = arith.muli %[[Z]], %[[CE]] : index
// CHECK-NEXT:      memref.reinterpret_cast %[[C]] to offset: [%[[CO]]], sizes: [%[[M]], 96], strides: [96, 1]
// CHECK:         } {gemm_opt.dynamic_rows, gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt"
func.func @shared_batchmax(%a: memref<4096x4096x64xf32>, %b: memref<64x96xf32>, %c: memref<4096x4096x96xf32>, %count: index {gemm_opt.symbol = "batch"}, %m: index {gemm_opt.symbol = "M"}) attributes {gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "shared", symbol = "batch"}} {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%a, %b : memref<4096x4096x64xf32>, memref<64x96xf32>) outs(%c : memref<4096x4096x96xf32>)
  return
}
