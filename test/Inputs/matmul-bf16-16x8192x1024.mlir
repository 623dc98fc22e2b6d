// C (f32) = A * B with bf16 inputs for 16 rows, B stored K x N (x @ W),
// C zeroed by a linalg.fill (beta = 0). Shared by test/Pipelines; not a
// test itself.
func.func @matmul(%A: memref<16x1024xbf16>, %B: memref<1024x8192xbf16>, %C: memref<16x8192xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x8192xf32>)
  linalg.matmul ins(%A, %B : memref<16x1024xbf16>, memref<1024x8192xbf16>)
                outs(%C : memref<16x8192xf32>)
  return
}
