// torch's softmax(x, dim=-1).to(bf16) on an f32 x as torch-mlir writes it:
// an f32 linalg.softmax and the cast of its result, folded by
// gemm-fold-softmax-casts into one softmax reading f32 and writing bf16
// (4-element f32 loads, 8-byte bf16 stores).
func.func @softmax(%x: tensor<7x1000xf32>) -> tensor<7x1000xbf16> {
  %ye = tensor.empty() : tensor<7x1000xf32>
  %yf = linalg.softmax dimension(1) ins(%x : tensor<7x1000xf32>) outs(%ye : tensor<7x1000xf32>) -> tensor<7x1000xf32>
  %y_e = tensor.empty() : tensor<7x1000xbf16>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%yf : tensor<7x1000xf32>) outs(%y_e : tensor<7x1000xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %v = arith.truncf %in : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<7x1000xbf16>
  return %y : tensor<7x1000xbf16>
}
