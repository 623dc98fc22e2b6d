// Hugging Face's softmax(x, dim=-1, dtype=torch.float32) as torch-mlir
// writes it: the f16 input extended to f32, an f32 linalg.softmax; folded by
// gemm-fold-softmax-casts into one softmax reading f16 and writing f32
// (8-element f16 loads, each written as two 16-byte f32 stores).
func.func @softmax(%x: tensor<7x1000xf16>) -> tensor<7x1000xf32> {
  %xf_e = tensor.empty() : tensor<7x1000xf32>
  %xf = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<7x1000xf16>) outs(%xf_e : tensor<7x1000xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<7x1000xf32>
  %ye = tensor.empty() : tensor<7x1000xf32>
  %y = linalg.softmax dimension(1) ins(%xf : tensor<7x1000xf32>) outs(%ye : tensor<7x1000xf32>) -> tensor<7x1000xf32>
  return %y : tensor<7x1000xf32>
}
