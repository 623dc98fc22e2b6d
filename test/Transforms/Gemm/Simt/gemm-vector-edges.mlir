// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize),canonicalize,cse)" | FileCheck %s

// Edge blocks' full K tiles keep the interior's 128-bit loads: a row of A
// past M (1000) is clamped to row 999 and a 4-wide chunk of B past N to the
// last aligned chunk (996), and loaded as it is, with no zeros selected in:
// those values only reach rows and columns of C that are never stored. K
// (128) is whole tiles, so nothing is guarded along K.

// CHECK:       scf.if
// CHECK:         scf.for
// CHECK-NOT:       arith.minui
// CHECK:           vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<1000x128xf32>, vector<4xf32>
// CHECK:           vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<128x1000xf32>, vector<4xf32>
// CHECK:       } else {
// CHECK:         scf.for
// CHECK:           %[[ROW:.*]] = arith.minui %{{.*}}, %c999 : index
// CHECK-NEXT:      vector.load %arg0[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<1000x128xf32>, vector<4xf32>
// CHECK:           %[[COL:.*]] = arith.minui %{{.*}}, %c996 : index
// CHECK-NEXT:      vector.load %arg1[%{{.*}}, %[[COL]]] {alignment = 16 : i64} : memref<128x1000xf32>, vector<4xf32>
// CHECK-NOT:   arith.select
// CHECK:       gemm_opt.simt_plan

func.func @matmul(%A: memref<1000x128xf32>, %B: memref<128x1000xf32>, %C: memref<1000x1000xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x128xf32>, memref<128x1000xf32>) outs(%C : memref<1000x1000xf32>)
  return
}
