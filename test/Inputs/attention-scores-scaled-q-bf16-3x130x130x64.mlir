// Attention's scores with Q scaled first (q / sqrt(64), then Q K^T per
// batch entry), bf16 into f32: gemm-fold-operand-scales reads Q unscaled
// and multiplies the scores by 1/8 in the kernel's epilogue. Shared by
// test/GPU and test/Pipelines; not a test itself.
func.func @scores(%q: tensor<3x130x64xbf16>, %k: tensor<3x64x130xbf16>) -> tensor<3x130x130xf32> {
  %e0 = tensor.empty() : tensor<3x130x64xbf16>
  %qs = linalg.generic {indexing_maps = [affine_map<(b, m, k) -> (b, m, k)>, affine_map<(b, m, k) -> (b, m, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q : tensor<3x130x64xbf16>) outs(%e0 : tensor<3x130x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %s = arith.constant 8.0 : bf16
    %r = arith.divf %x, %s : bf16
    linalg.yield %r : bf16
  } -> tensor<3x130x64xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x130x130xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x130x130xf32>) -> tensor<3x130x130xf32>
  %mm = linalg.batch_matmul ins(%qs, %k : tensor<3x130x64xbf16>, tensor<3x64x130xbf16>) outs(%c : tensor<3x130x130xf32>) -> tensor<3x130x130xf32>
  return %mm : tensor<3x130x130xf32>
}
