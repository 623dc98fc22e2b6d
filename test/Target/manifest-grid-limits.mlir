// CUDA allows 2^31-1 blocks along x but only 65535 along y. With N = 2097153
// (= 65536 * 32 + 1) columns, stage 'naive' puts ceil(N/32) = 65537 blocks
// on y, and gemm-linearize-launch-grids then all of them on x; stage
// 'coalesced' puts them on x itself. With N = 2^36 + 1, naive's
// 2^31 + 1 blocks exceed even grid x: the compile fails with a clear error
// at the op and writes nothing.

// RUN: rm -f %t.naive.json %t.coalesced.json %t.huge.json %t.huge.ptx
// RUN: gemm-opt %s --gemm-stage-naive="manifest-file=%t.naive.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=NAIVE --input-file=%t.naive.json
// RUN: gemm-opt %s --gemm-stage-coalesced="manifest-file=%t.coalesced.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=COALESCED --input-file=%t.coalesced.json
// RUN: not gemm-opt %inputs/matmul-past-grid-x.mlir --gemm-stage-naive="ptx-file=%t.huge.ptx manifest-file=%t.huge.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not test -e %t.huge.json
// RUN: not test -e %t.huge.ptx

// NAIVE:          "problem": {"m": 2, "n": 2097153, "k": 3, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// NAIVE:          "grid": [65537, 1, 1],

// COALESCED:      "problem": {"m": 2, "n": 2097153, "k": 3, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// COALESCED:      "grid": [65537, 1, 1],
// COALESCED-NEXT: "block": [32, 32, 1],

// HUGE: matmul-past-grid-x.mlir:{{[0-9]+}}:{{[0-9]+}}: error: a grid of 1 x 2147483649 x 1 blocks exceeds the 2^31 - 1 blocks of one launch

func.func @wide(%A: memref<2x3xf32>, %B: memref<3x2097153xf32>, %C: memref<2x2097153xf32>) {
  linalg.matmul ins(%A, %B : memref<2x3xf32>, memref<3x2097153xf32>) outs(%C : memref<2x2097153xf32>)
  return
}
