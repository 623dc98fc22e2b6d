// A decode step's attention scores with a key-padding mask as torch-mlir
// writes it (batch 2, 3 heads, one query, 48 keys, head 32, f16): Q K^T
// in a batch of 6, expanded to [2, 3, 1, 48], scaled and added to the
// mask [1, 1, 1, 48] read through (b, h, i, j) -> (0, 0, 0, j). The mask
// is one value per key for every row and batch entry (broadcast "col",
// stored as the function has it). Shared by test/GPU and test/Pipelines;
// not a test itself.
#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
#mask = affine_map<(b, h, i, j) -> (0, 0, 0, j)>
func.func @scores(%q: tensor<6x1x32xf16>, %k: tensor<6x32x48xf16>, %m: tensor<1x1x1x48xf16>) -> tensor<2x3x1x48xf16> {
  %zero = arith.constant 0.0 : f16
  %es = tensor.empty() : tensor<6x1x48xf16>
  %fs = linalg.fill ins(%zero : f16) outs(%es : tensor<6x1x48xf16>) -> tensor<6x1x48xf16>
  %s3 = linalg.batch_matmul ins(%q, %k : tensor<6x1x32xf16>, tensor<6x32x48xf16>) outs(%fs : tensor<6x1x48xf16>) -> tensor<6x1x48xf16>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 3, 1, 48] : tensor<6x1x48xf16> into tensor<2x3x1x48xf16>
  %em = tensor.empty() : tensor<2x3x1x48xf16>
  %sm = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %m : tensor<2x3x1x48xf16>, tensor<1x1x1x48xf16>) outs(%em : tensor<2x3x1x48xf16>) {
  ^bb0(%x: f16, %mv: f16, %o: f16):
    %xf = arith.extf %x : f16 to f32
    %sc = arith.constant 0.125 : f32
    %xs = arith.mulf %xf, %sc : f32
    %mf = arith.extf %mv : f16 to f32
    %r = arith.addf %xs, %mf : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<2x3x1x48xf16>
  return %sm : tensor<2x3x1x48xf16>
}
