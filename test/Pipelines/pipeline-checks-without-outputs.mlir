// RUN: gemm-opt %s -split-input-file --gemm-compile="stage=naive" -verify-diagnostics -o /dev/null

// --gemm-compile without ptx-file or manifest-file checks the compiled
// kernels as writing the manifest does. Before, these compiled with exit 0
// and only a compile writing a manifest failed: a launch beyond CUDA's grid
// limits, or a buffer copy bufferization left on the host.

// N = 2097153 columns put 65537 blocks of 32 on the naive kernel's grid y.
// expected-error @below {{cannot describe the compiled kernels: manifest: kernels[0] ("wide_kernel"): grid exceeds the CUDA limits [2^31-1, 65535, 65535]}}
func.func @wide(%A: memref<2x3xf32>, %B: memref<3x2097153xf32>, %C: memref<2x2097153xf32>) {
  linalg.matmul ins(%A, %B : memref<2x3xf32>, memref<3x2097153xf32>) outs(%C : memref<2x2097153xf32>)
  return
}
