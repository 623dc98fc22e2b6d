// A linear layer whose pre-activation h = x W^T (f32) is returned beside
// its activation gelu(h + bias) cast to bf16 (what a training step keeps
// for the backward pass), at ragged sizes: the activation's consumer fuses
// into a copy of the matmul (gemm-recompute-shared-matmuls), the return
// keeps the original: two kernels over the same A and B. Shared by
// test/GPU and test/Pipelines; not a test itself.
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @linear(%x: tensor<100x777xbf16>, %w: tensor<999x777xbf16>, %bias: tensor<999xf32>) -> (tensor<100x999xf32>, tensor<100x999xbf16>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0.7978845608028654 : f32
  %c1 = arith.constant 0.044715 : f32
  %e = tensor.empty() : tensor<100x999xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x999xf32>) -> tensor<100x999xf32>
  %h = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%x, %w : tensor<100x777xbf16>, tensor<999x777xbf16>) outs(%f : tensor<100x999xf32>) -> tensor<100x999xf32>
  %eo = tensor.empty() : tensor<100x999xbf16>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%h, %bias : tensor<100x999xf32>, tensor<999xf32>) outs(%eo : tensor<100x999xbf16>) {
  ^bb0(%v: f32, %b: f32, %o: bf16):
    %s = arith.addf %v, %b : f32
    %s3 = arith.mulf %s, %s : f32
    %s3b = arith.mulf %s3, %s : f32
    %inner = arith.mulf %s3b, %c1 : f32
    %sum = arith.addf %s, %inner : f32
    %u = arith.mulf %sum, %c0 : f32
    %t = math.tanh %u : f32
    %onep = arith.addf %t, %one : f32
    %hs = arith.mulf %s, %half : f32
    %g = arith.mulf %hs, %onep : f32
    %r = arith.truncf %g : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<100x999xbf16>
  return %h, %y : tensor<100x999xf32>, tensor<100x999xbf16>
}
