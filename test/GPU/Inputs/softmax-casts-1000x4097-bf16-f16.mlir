// torch's softmax(x.float(), dim=-1).to(f16) as torch-mlir writes it: the
// casts around an f32 linalg.softmax, folded by gemm-fold-softmax-casts into
// one softmax reading bf16 and writing f16: an odd row length (scalar
// accesses), both casts, two 16-bit types.
func.func @softmax(%x: tensor<1000x4097xbf16>) -> tensor<1000x4097xf16> {
  %xf_e = tensor.empty() : tensor<1000x4097xf32>
  %xf = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1000x4097xbf16>) outs(%xf_e : tensor<1000x4097xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<1000x4097xf32>
  %ye = tensor.empty() : tensor<1000x4097xf32>
  %yf = linalg.softmax dimension(1) ins(%xf : tensor<1000x4097xf32>) outs(%ye : tensor<1000x4097xf32>) -> tensor<1000x4097xf32>
  %y_e = tensor.empty() : tensor<1000x4097xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%yf : tensor<1000x4097xf32>) outs(%y_e : tensor<1000x4097xf16>) {
  ^bb0(%in: f32, %out: f16):
    %v = arith.truncf %in : f32 to f16
    linalg.yield %v : f16
  } -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
