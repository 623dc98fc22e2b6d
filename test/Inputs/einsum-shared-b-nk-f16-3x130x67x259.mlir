// einsum("bsk,nk->bsn") as a linalg.generic: a batched A times one B
// stored N x K for every entry (x W^T of a 3-D activation), f16 inputs
// into f32, then a cast to f16. linalg.batch_matmul cannot express a shared
// B stored N x K: gemm-specialize-contractions computes it as one
// linalg.matmul of the 3 * 130 rows. Shared by test/GPU and
// test/Pipelines; not a test itself.
func.func @einsum(%a: tensor<3x130x259xf16>, %w: tensor<67x259xf16>) -> tensor<3x130x67xf16> {
  %zero = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<3x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%c0 : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %mm = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                        iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<3x130x259xf16>, tensor<67x259xf16>) outs(%c : tensor<3x130x67xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x130x67xf32>
  %o0 = tensor.empty() : tensor<3x130x67xf16>
  %out = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm : tensor<3x130x67xf32>) outs(%o0 : tensor<3x130x67xf16>) {
  ^bb0(%v: f32, %o: f16):
    %t = arith.truncf %v : f32 to f16
    linalg.yield %t : f16
  } -> tensor<3x130x67xf16>
  return %out : tensor<3x130x67xf16>
}
