// Attention's output of 32 heads (2048 queries and keys, head 128, bf16): P V, transpose(1, 2),
// the cast to bf16 and the collapse to [1, 2048, 4096] (test/Inputs/attention-output-bf16-1x8x256x128x256.mlir
// at the size of h200-anchors' batched P V).
#id = affine_map<(b, q, h, d) -> (b, q, h, d)>
func.func @attention_output(%p: tensor<1x32x2048x2048xbf16>, %v: tensor<1x32x2048x128xbf16>) -> tensor<1x2048x4096xbf16> {
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x32x2048x2048xbf16> into tensor<32x2048x2048xbf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<1x32x2048x128xbf16> into tensor<32x2048x128xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x2048x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<32x2048x128xf32>) -> tensor<32x2048x128xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<32x2048x2048xbf16>, tensor<32x2048x128xbf16>) outs(%c : tensor<32x2048x128xf32>) -> tensor<32x2048x128xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [1, 32, 2048, 128] : tensor<32x2048x128xf32> into tensor<1x32x2048x128xf32>
  %te = tensor.empty() : tensor<1x2048x32x128xf32>
  %t = linalg.transpose ins(%o : tensor<1x32x2048x128xf32>) outs(%te : tensor<1x2048x32x128xf32>) permutation = [0, 2, 1, 3]
  %eb = tensor.empty() : tensor<1x2048x32x128xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : tensor<1x2048x32x128xf32>) outs(%eb : tensor<1x2048x32x128xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %h = arith.truncf %x : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<1x2048x32x128xbf16>
  %flat = tensor.collapse_shape %r [[0], [1], [2, 3]] : tensor<1x2048x32x128xbf16> into tensor<1x2048x4096xbf16>
  return %flat : tensor<1x2048x4096xbf16>
}
