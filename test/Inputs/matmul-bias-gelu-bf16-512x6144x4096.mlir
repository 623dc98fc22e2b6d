// nn.Linear + GELU in bf16, as torch-mlir emits it: Y (bf16) =
// gelu_tanh(X W^T + bias), W stored N x K (layout nt), M = 512, N = 6144,
// K = 4096; the f32 matmul result, zero-filled, is read only by the
// elementwise generic (bias per column, torch's tanh-GELU decomposition,
// the cast to bf16), which the kernel fuses as its epilogue. Shared by
// test/Pipelines; not a test itself.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @linear_gelu(%X: tensor<512x4096xbf16>, %W: tensor<6144x4096xbf16>, %bias: tensor<6144xbf16>) -> tensor<512x6144xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x6144xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<512x6144xf32>) -> tensor<512x6144xf32>
  %mm = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%X, %W : tensor<512x4096xbf16>, tensor<6144x4096xbf16>) outs(%c : tensor<512x6144xf32>) -> tensor<512x6144xf32>
  %o = tensor.empty() : tensor<512x6144xbf16>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<512x6144xf32>, tensor<6144xbf16>) outs(%o : tensor<512x6144xbf16>) {
  ^bb0(%x: f32, %bv: bf16, %out: bf16):
    %b32 = arith.extf %bv : bf16 to f32
    %s = arith.addf %x, %b32 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %s2 = arith.mulf %s, %s : f32
    %s3 = arith.mulf %s2, %s : f32
    %t0 = arith.mulf %s3, %k1 : f32
    %t1 = arith.addf %s, %t0 : f32
    %t2 = arith.mulf %t1, %k0 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %h = arith.mulf %s, %half : f32
    %g = arith.mulf %h, %t4 : f32
    %r = arith.truncf %g : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<512x6144xbf16>
  return %y : tensor<512x6144xbf16>
}
