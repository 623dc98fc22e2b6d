// 300x8192x8192 bf16 (B stored N x K) into f32 with a row scale (bf16) and a residual in f32: the
// swap-AB kernel reads both at immediate offsets from one address per row of its tile
// (gemm-run --print-input --epilogue row-scale,residual, the residual retyped to f32).
func.func @matmul(%a: tensor<300x8192xbf16>, %b: tensor<8192x8192xbf16>, %e0: tensor<300xbf16>, %e1: tensor<300x8192xf32>) -> tensor<300x8192xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<300x8192xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<300x8192xf32>) -> tensor<300x8192xf32>
  %mm = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<300x8192xbf16>, tensor<8192x8192xbf16>) outs(%c : tensor<300x8192xf32>) -> tensor<300x8192xf32>
  %out_empty = tensor.empty() : tensor<300x8192xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %e0, %e1 : tensor<300x8192xf32>, tensor<300xbf16>, tensor<300x8192xf32>) outs(%out_empty : tensor<300x8192xf32>) {
  ^bb0(%x: f32, %in0: bf16, %in1: f32, %out: f32):
    %v0 = arith.extf %in0 : bf16 to f32
    %v1 = arith.mulf %x, %v0 : f32
    %v3 = arith.addf %v1, %in1 : f32
    linalg.yield %v3 : f32
  } -> tensor<300x8192xf32>
  return %r : tensor<300x8192xf32>
}
