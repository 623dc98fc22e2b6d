// Attention probabilities kept in f32 (Hugging Face's output_attentions
// with softmax(w, dim=-1, dtype=torch.float32)): the f16 scores of 3 heads
// Q K^T (130 queries, 67 keys, head 72), then the softmax of their f32
// extension, returned. gemm-fold-softmax-casts makes it one softmax reading
// the f16 scores and writing the f32 P (X f16, Y f32) beside the scores'
// batch matmul: a function of two ops whose softmax has two element types.
// Shared by test/GPU and test/Pipelines; not a test itself.
#id = affine_map<(h, i, j) -> (h, i, j)>
func.func @scores(%q: tensor<3x130x72xf16>, %k: tensor<3x67x72xf16>) -> tensor<3x130x67xf32> {
  %zero = arith.constant 0.0 : f16
  %es = tensor.empty() : tensor<3x130x67xf16>
  %fs = linalg.fill ins(%zero : f16) outs(%es : tensor<3x130x67xf16>) -> tensor<3x130x67xf16>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %k : tensor<3x130x72xf16>, tensor<3x67x72xf16>) outs(%fs : tensor<3x130x67xf16>) -> tensor<3x130x67xf16>
  %ef = tensor.empty() : tensor<3x130x67xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<3x130x67xf16>) outs(%ef : tensor<3x130x67xf32>) {
  ^bb0(%x: f16, %o: f32):
    %w = arith.extf %x : f16 to f32
    linalg.yield %w : f32
  } -> tensor<3x130x67xf32>
  %ep = tensor.empty() : tensor<3x130x67xf32>
  %p = linalg.softmax dimension(2) ins(%sf : tensor<3x130x67xf32>) outs(%ep : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  return %p : tensor<3x130x67xf32>
}
