// C (f32) = A * B per entry over 70000 batch entries of 32x40x24 in f16:
// more entries than grid z's 65535, so every kernel's blocks go into grid
// x (gemm-linearize-launch-grids). Shared by test/Pipelines; not a test
// itself.
func.func @matmul(%A: tensor<70000x32x24xf16>, %B: tensor<70000x24x40xf16>) -> tensor<70000x32x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70000x32x40xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70000x32x40xf32>) -> tensor<70000x32x40xf32>
  %r = linalg.batch_matmul ins(%A, %B : tensor<70000x32x24xf16>, tensor<70000x24x40xf16>) outs(%c : tensor<70000x32x40xf32>) -> tensor<70000x32x40xf32>
  return %r : tensor<70000x32x40xf32>
}
