// A module of three functions, each an entry of its own in one version-4
// manifest over one PTX module: @proj (nn.Linear's x W^T in f16, 1000 x 999
// x 777, memref form accumulating into C, beta = 1), @attention (the
// three ops of attention-f16-130x259x67.mlir) and @probs (a softmax in f32
// over 37 rows of 1000). Shared by test/GPU and test/Pipelines; not a
// test itself.
func.func @proj(%x: memref<1000x777xf16>, %w: memref<999x777xf16>, %y: memref<1000x999xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : memref<1000x777xf16>, memref<999x777xf16>) outs(%y : memref<1000x999xf16>)
  return
}
func.func @attention(%Q: tensor<130x67xf16>, %K: tensor<259x67xf16>, %V: tensor<259x67xf16>) -> tensor<130x67xf16> {
  %zero = arith.constant 0.0 : f16
  %s_empty = tensor.empty() : tensor<130x259xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_empty : tensor<130x259xf16>) -> tensor<130x259xf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<130x67xf16>, tensor<259x67xf16>) outs(%s_zero : tensor<130x259xf16>) -> tensor<130x259xf16>
  %p_empty = tensor.empty() : tensor<130x259xf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<130x259xf16>) outs(%p_empty : tensor<130x259xf16>) -> tensor<130x259xf16>
  %o_empty = tensor.empty() : tensor<130x67xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_empty : tensor<130x67xf16>) -> tensor<130x67xf16>
  %O = linalg.matmul ins(%P, %V : tensor<130x259xf16>, tensor<259x67xf16>) outs(%o_zero : tensor<130x67xf16>) -> tensor<130x67xf16>
  return %O : tensor<130x67xf16>
}
func.func @probs(%s: tensor<37x1000xf32>) -> tensor<37x1000xf32> {
  %e = tensor.empty() : tensor<37x1000xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<37x1000xf32>) outs(%e : tensor<37x1000xf32>) -> tensor<37x1000xf32>
  return %p : tensor<37x1000xf32>
}
