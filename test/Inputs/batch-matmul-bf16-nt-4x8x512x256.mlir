// Decode-sized rows in a batch: linalg.batch_matmul of 4 entries of M = 8
// rows times B stored N x K (512 x 256, bf16) each, C (f32) zeroed by a
// linalg.fill. The small-M kernels are 2-D: a batched matmul keeps the
// tensor-core tiles. Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<4x8x256xbf16>, %B: memref<4x512x256xbf16>, %C: memref<4x8x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4x8x512xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x8x256xbf16>, memref<4x512x256xbf16>) outs(%C : memref<4x8x512xf32>)
  return
}
