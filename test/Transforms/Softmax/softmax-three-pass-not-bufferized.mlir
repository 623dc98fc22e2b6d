// RUN: gemm-opt %s --gemm-softmax-three-pass --verify-diagnostics

// The kernel generators need buffers (gemm-compile bufferizes first).
func.func @tensor(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %e = tensor.empty() : tensor<4x64xf32>
  // expected-error@+1 {{'linalg.softmax' op must be bufferized before kernel generation}}
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x64xf32>) outs(%e : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}
