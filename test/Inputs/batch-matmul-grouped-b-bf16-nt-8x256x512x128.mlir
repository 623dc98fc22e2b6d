// Grouped-query attention's Q * K^T after gemm-fold-grouped-repeats and
// bufferization: 8 query heads over 2 key heads, K [2, 512, 128] (stored
// N x K) broadcast into a temporary [2, 4, 512, 128] that B collapses,
// the batch_matmul tagged gemm_opt.b_group = 4 (entry z reads K's entry
// z / 4); bf16 into f32, M = 256, N = 512, K = 128, C zeroed by a
// linalg.fill. The first rung reads K itself and erases the broadcast.
// Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<8x256x128xbf16>, %K: memref<2x512x128xbf16>, %C: memref<8x256x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<2x4x512x128xbf16>
  linalg.broadcast ins(%K : memref<2x512x128xbf16>) outs(%t : memref<2x4x512x128xbf16>) dimensions = [1]
  %B = memref.collapse_shape %t [[0, 1], [2], [3]] : memref<2x4x512x128xbf16> into memref<8x512x128xbf16>
  linalg.fill ins(%zero : f32) outs(%C : memref<8x256x512xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] {gemm_opt.b_group = 4 : i64}
      ins(%A, %B : memref<8x256x128xbf16>, memref<8x512x128xbf16>) outs(%C : memref<8x256x512xf32>)
  memref.dealloc %t : memref<2x4x512x128xbf16>
  return
}
