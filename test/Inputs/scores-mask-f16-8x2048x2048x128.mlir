// Attention's scores Q K^T (8 heads, 2048 queries and keys, head 128, f16)
// plus a mask that every head shares (broadcast "batch"), on memrefs: the
// wgmma rung's persistent kernel over every entry's 128x128 tiles stages
// the mask like C (TMA loads into boxes of C's layout). Shared by
// test/Pipelines; not a test itself.
#id = affine_map<(b, m, n) -> (b, m, n)>
#mask = affine_map<(b, m, n) -> (m, n)>
func.func @scores_mask(%Q: memref<8x2048x128xf16>, %K: memref<8x128x2048xf16>, %mask: memref<2048x2048xf16>, %out: memref<8x2048x2048xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.batch_matmul ins(%Q, %K : memref<8x2048x128xf16>, memref<8x128x2048xf16>) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %mask : memref<8x2048x2048xf32>, memref<2048x2048xf16>) outs(%out : memref<8x2048x2048xf16>) {
  ^bb0(%x: f32, %m: f16, %o: f16):
    %m32 = arith.extf %m : f16 to f32
    %t = arith.addf %x, %m32 : f32
    %y16 = arith.truncf %t : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<8x2048x2048xf32>
  return
}
