// Hugging Face's softmax(x, dim=-1, dtype=torch.float32) as torch-mlir
// writes it: the f16 input extended to f32, an f32 linalg.softmax; folded by
// gemm-fold-softmax-casts into one softmax reading f16 and writing f32
// (3-D: the softmax of 132 rows).
func.func @softmax(%x: tensor<4x33x100xf16>) -> tensor<4x33x100xf32> {
  %xf_e = tensor.empty() : tensor<4x33x100xf32>
  %xf = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x33x100xf16>) outs(%xf_e : tensor<4x33x100xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<4x33x100xf32>
  %ye = tensor.empty() : tensor<4x33x100xf32>
  %y = linalg.softmax dimension(2) ins(%xf : tensor<4x33x100xf32>) outs(%ye : tensor<4x33x100xf32>) -> tensor<4x33x100xf32>
  return %y : tensor<4x33x100xf32>
}
