// Attention's output transposed, then reshaped for the output projection
// (batch 2, 3 heads, 100 queries, 72 keys, head 40, bf16): P·V into f32
// (linalg.batch_matmul of the collapsed operands), expanded to (b, h, q,
// d), transposed to (b, q, h, d), a bias over d added and the sum cast to
// bf16 after the transpose, then (b, q, h, d) collapsed to (b, q, h * d).
// gemm-fold-result-transposes moves the bias and the cast above the
// transpose; they fuse as the kernel's epilogue, and the kernel writes
// entry z at (z / 3, 0, z % 3, 0) of the [2, 100, 120] result (rows of 120
// elements; the manifest's "c_heads": 3). Shared by test/GPU and
// test/Pipelines; not a test itself.
#id = affine_map<(b, q, h, d) -> (b, q, h, d)>
#d = affine_map<(b, q, h, d) -> (d)>
func.func @attention_output(%p: tensor<2x3x100x72xbf16>, %v: tensor<2x3x72x40xbf16>, %bias: tensor<40xf32>) -> tensor<2x100x120xbf16> {
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x100x72xbf16> into tensor<6x100x72xbf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x72x40xbf16> into tensor<6x72x40xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x100x40xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<6x100x40xf32>) -> tensor<6x100x40xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x100x72xbf16>, tensor<6x72x40xbf16>) outs(%c : tensor<6x100x40xf32>) -> tensor<6x100x40xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 100, 40] : tensor<6x100x40xf32> into tensor<2x3x100x40xf32>
  %te = tensor.empty() : tensor<2x100x3x40xf32>
  %t = linalg.transpose ins(%o : tensor<2x3x100x40xf32>) outs(%te : tensor<2x100x3x40xf32>) permutation = [0, 2, 1, 3]
  %eb = tensor.empty() : tensor<2x100x3x40xbf16>
  %r = linalg.generic {indexing_maps = [#id, #d, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %bias : tensor<2x100x3x40xf32>, tensor<40xf32>) outs(%eb : tensor<2x100x3x40xbf16>) {
  ^bb0(%x: f32, %b: f32, %out: bf16):
    %s = arith.addf %x, %b : f32
    %h = arith.truncf %s : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<2x100x3x40xbf16>
  %flat = tensor.collapse_shape %r [[0], [1], [2, 3]] : tensor<2x100x3x40xbf16> into tensor<2x100x120xbf16>
  return %flat : tensor<2x100x120xbf16>
}
