// RUN: gemm-opt %s -split-input-file --gemm-compile="stage=naive" -verify-diagnostics -o /dev/null

// --gemm-compile without ptx-file or manifest-file checks the compiled
// kernels as writing the manifest does. Before, these compiled with exit 0
// and only a compile writing a manifest failed: a buffer copy
// bufferization left on the host. (A launch past CUDA's grid y or z, the
// other case, now puts its blocks in grid x: large-grids-ptxas.mlir.)

// One tensor argument accumulated into by two matmuls: the first writes C
// in place, the second reads C as it was, so bufferization copies it
// first, on the host. The error says why, at the op the copy is for.
func.func @two_inits(%A: tensor<64x64xbf16>, %B: tensor<64x64xbf16>, %C: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  // expected-error @below {{needs a copy of a buffer on the host, which no kernel performs: bufferization copies a tensor that one op writes in place and another reads afterwards (e.g. one tensor argument as the init of two matmuls); give each op an init of its own}}
  %R = linalg.matmul ins(%A, %B : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  %S = linalg.matmul ins(%B, %A : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %R, %S : tensor<64x64xf32>, tensor<64x64xf32>
}
