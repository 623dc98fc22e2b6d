// C (f32) = A * B^T per batch entry as torch-mlir writes a batched
// x @ W.T: a linalg.generic over (b, m, n, k) reading B as (b, n, k), the
// bf16 inputs extended to f32, on tensors with a zero-filled C; 3 entries,
// M = 1000, N = 999, K = 777. gemm-specialize-contractions makes it a
// linalg.batch_matmul. Not a test itself.
func.func @matmul(%a: tensor<3x1000x777xbf16>, %b: tensor<3x999x777xbf16>) -> tensor<3x1000x999xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x1000x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x1000x999xf32>) -> tensor<3x1000x999xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x1000x777xbf16>, tensor<3x999x777xbf16>) outs(%c : tensor<3x1000x999xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x1000x999xf32>
  return %r : tensor<3x1000x999xf32>
}
