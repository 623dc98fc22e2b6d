// Attention's output at a realistic head size (batch 1, 8 heads, 256
// queries, 256 keys, head 128, bf16): P·V into f32, expanded to (b, h, q,
// d), transposed to (b, q, h, d), cast to bf16 and collapsed to (b, q,
// h * d) = [1, 256, 1024] for the output projection. The kernel writes each
// entry's 256 x 128 tile rows at (0, 0, z, 0), rows of 1024 elements
// (c_heads = 8), the cast its epilogue. Shared by test/Pipelines; not a
// test itself.
#id = affine_map<(b, q, h, d) -> (b, q, h, d)>
func.func @attention_output(%p: tensor<1x8x256x256xbf16>, %v: tensor<1x8x256x128xbf16>) -> tensor<1x256x1024xbf16> {
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x8x256x256xbf16> into tensor<8x256x256xbf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<1x8x256x128xbf16> into tensor<8x256x128xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x256x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x256x128xf32>) -> tensor<8x256x128xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<8x256x256xbf16>, tensor<8x256x128xbf16>) outs(%c : tensor<8x256x128xf32>) -> tensor<8x256x128xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [1, 8, 256, 128] : tensor<8x256x128xf32> into tensor<1x8x256x128xf32>
  %te = tensor.empty() : tensor<1x256x8x128xf32>
  %t = linalg.transpose ins(%o : tensor<1x8x256x128xf32>) outs(%te : tensor<1x256x8x128xf32>) permutation = [0, 2, 1, 3]
  %eb = tensor.empty() : tensor<1x256x8x128xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : tensor<1x256x8x128xf32>) outs(%eb : tensor<1x256x8x128xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %h = arith.truncf %x : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<1x256x8x128xbf16>
  %flat = tensor.collapse_shape %r [[0], [1], [2, 3]] : tensor<1x256x8x128xbf16> into tensor<1x256x1024xbf16>
  return %flat : tensor<1x256x1024xbf16>
}
