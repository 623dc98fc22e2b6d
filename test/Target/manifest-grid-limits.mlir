// CUDA allows 2^31-1 blocks along x but only 65535 along y. With N = 2097153
// (= 65536 * 32 + 1) columns, stage 'naive' puts ceil(N/32) = 65537 blocks
// on y: the compile fails with a clear error and writes nothing. Stage
// 'coalesced' puts them on x, which is fine.

// RUN: rm -f %t.naive.json %t.naive.ptx %t.coalesced.json
// RUN: not gemm-opt %s --gemm-stage-naive="ptx-file=%t.naive.ptx manifest-file=%t.naive.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAIVE
// RUN: not test -e %t.naive.json
// RUN: not test -e %t.naive.ptx
// RUN: gemm-opt %s --gemm-stage-coalesced="manifest-file=%t.coalesced.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=COALESCED --input-file=%t.coalesced.json

// NAIVE: error: cannot describe the compiled kernels: manifest: kernels[0] ("wide_kernel"): grid exceeds the CUDA limits [2^31-1, 65535, 65535]

// COALESCED:      "problem": {"m": 2, "n": 2097153, "k": 3, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// COALESCED:      "grid": [65537, 1, 1],
// COALESCED-NEXT: "block": [32, 32, 1],

func.func @wide(%A: memref<2x3xf32>, %B: memref<3x2097153xf32>, %C: memref<2x2097153xf32>) {
  linalg.matmul ins(%A, %B : memref<2x3xf32>, memref<3x2097153xf32>) outs(%C : memref<2x2097153xf32>)
  return
}
