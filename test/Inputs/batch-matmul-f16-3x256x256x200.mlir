// C (f32) = A * B per batch entry, f16, 3 entries of M = N = 256, K = 200:
// every row 16-byte aligned, but K not whole K tiles of 64 (the last K
// tile of B must read zeros, not the next entry's rows). Shared by
// test/Pipelines; not a test itself.
func.func @matmul(%A: memref<3x256x200xf16>, %B: memref<3x200x256xf16>, %C: memref<3x256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x256x256xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x256x200xf16>, memref<3x200x256xf16>) outs(%C : memref<3x256x256xf32>)
  return
}
