// torch.matmul of a batch of vectors (3 x 777) and matrices (3 x 777 x
// 130), f16 into f16, as a zero-filled linalg.batch_vecmat on memrefs.
// gemm-vector-products-as-matmuls computes it as a batch of one-row
// matmuls through views of the buffers. Shared by test/GPU and
// test/Pipelines; not a test itself.
func.func @vm(%x: memref<3x777xf16>, %a: memref<3x777x130xf16>, %y: memref<3x130xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%y : memref<3x130xf16>)
  linalg.batch_vecmat ins(%x, %a : memref<3x777xf16>, memref<3x777x130xf16>) outs(%y : memref<3x130xf16>)
  return
}
