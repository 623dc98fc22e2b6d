// Q * K^T of 4 heads: linalg.batch_matmul with B stored N x K, bf16 into
// f32, M = 256, N = 512, K = 128 (whole 128x256 tiles: TMA stores of C
// stay within an entry), C zeroed by a linalg.fill (beta = 0). Shared by
// test/Pipelines; not a test itself.
func.func @matmul(%A: memref<4x256x128xbf16>, %B: memref<4x512x128xbf16>, %C: memref<4x256x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4x256x512xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x256x128xbf16>, memref<4x512x128xbf16>) outs(%C : memref<4x256x512xf32>)
  return
}
