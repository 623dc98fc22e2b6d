// C (bf16) = A * B in bf16 with f32 accumulation: M = 16777216 rows, whose
// row tiles exceed grid y's 65535 on the tiled rungs, so their blocks go
// into grid x (gemm-linearize-launch-grids). Shared by test/Pipelines; not
// a test itself.
func.func @matmul(%A: tensor<16777216x40xbf16>, %B: tensor<40x72xbf16>) -> tensor<16777216x72xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<16777216x72xbf16>
  %c = linalg.fill ins(%zero : bf16) outs(%e : tensor<16777216x72xbf16>) -> tensor<16777216x72xbf16>
  %r = linalg.matmul ins(%A, %B : tensor<16777216x40xbf16>, tensor<40x72xbf16>) outs(%c : tensor<16777216x72xbf16>) -> tensor<16777216x72xbf16>
  return %r : tensor<16777216x72xbf16>
}
