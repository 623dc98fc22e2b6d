// Hugging Face's eager attention as torch-mlir writes it (batch 2, 3
// heads, 130 queries, 67 keys, head 72, f16): the scores Q K^T in f16
// (K transposed by a linalg.transpose) scaled and added to a mask
// [1, 1, 130, 67] in one generic, then `softmax(w, dim=-1,
// dtype=torch.float32).to(q.dtype)`: a generic extending the f16 scores
// to f32, the softmax on f32, a generic truncating P back to f16, and
// P V. gemm-fold-softmax-casts makes the softmax read the f16 scores and
// write the f16 P (torch's values: f32 arithmetic on the f16 scores, one
// rounding of P); the scale and the mask stay the scores kernel's
// epilogue, which writes f16. Shared by test/GPU and test/Pipelines; not
// a test itself.
#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
#mask = affine_map<(b, h, i, j) -> (0, 0, i, j)>
func.func @attention(%q: tensor<2x3x130x72xf16>, %k: tensor<2x3x67x72xf16>, %v: tensor<2x3x67x72xf16>, %m: tensor<1x1x130x67xf16>) -> tensor<2x3x130x72xf16> {
  %zero = arith.constant 0.0 : f16
  %et = tensor.empty() : tensor<2x3x72x67xf16>
  %kt = linalg.transpose ins(%k : tensor<2x3x67x72xf16>) outs(%et : tensor<2x3x72x67xf16>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x3x130x72xf16> into tensor<6x130x72xf16>
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x3x72x67xf16> into tensor<6x72x67xf16>
  %es = tensor.empty() : tensor<6x130x67xf16>
  %fs = linalg.fill ins(%zero : f16) outs(%es : tensor<6x130x67xf16>) -> tensor<6x130x67xf16>
  %s3 = linalg.batch_matmul ins(%q3, %kt3 : tensor<6x130x72xf16>, tensor<6x72x67xf16>) outs(%fs : tensor<6x130x67xf16>) -> tensor<6x130x67xf16>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 67] : tensor<6x130x67xf16> into tensor<2x3x130x67xf16>
  %em = tensor.empty() : tensor<2x3x130x67xf16>
  %sm = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %m : tensor<2x3x130x67xf16>, tensor<1x1x130x67xf16>) outs(%em : tensor<2x3x130x67xf16>) {
  ^bb0(%x: f16, %mv: f16, %o: f16):
    %scale = arith.constant 0.117851130 : f16
    %xs = arith.mulf %x, %scale : f16
    %r = arith.addf %xs, %mv : f16
    linalg.yield %r : f16
  } -> tensor<2x3x130x67xf16>
  %ef = tensor.empty() : tensor<2x3x130x67xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sm : tensor<2x3x130x67xf16>) outs(%ef : tensor<2x3x130x67xf32>) {
  ^bb0(%x: f16, %o: f32):
    %w = arith.extf %x : f16 to f32
    linalg.yield %w : f32
  } -> tensor<2x3x130x67xf32>
  %ep = tensor.empty() : tensor<2x3x130x67xf32>
  %pf = linalg.softmax dimension(3) ins(%sf : tensor<2x3x130x67xf32>) outs(%ep : tensor<2x3x130x67xf32>) -> tensor<2x3x130x67xf32>
  %eh = tensor.empty() : tensor<2x3x130x67xf16>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%pf : tensor<2x3x130x67xf32>) outs(%eh : tensor<2x3x130x67xf16>) {
  ^bb0(%x: f32, %o: f16):
    %n = arith.truncf %x : f32 to f16
    linalg.yield %n : f16
  } -> tensor<2x3x130x67xf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x130x67xf16> into tensor<6x130x67xf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x67x72xf16> into tensor<6x67x72xf16>
  %eo = tensor.empty() : tensor<6x130x72xf16>
  %fo = linalg.fill ins(%zero : f16) outs(%eo : tensor<6x130x72xf16>) -> tensor<6x130x72xf16>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x130x67xf16>, tensor<6x67x72xf16>) outs(%fo : tensor<6x130x72xf16>) -> tensor<6x130x72xf16>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 72] : tensor<6x130x72xf16> into tensor<2x3x130x72xf16>
  return %o : tensor<2x3x130x72xf16>
}
