// nn.Linear + bias + relu at decode, bf16 memrefs, W stored N x K: M = 16,
// N = K = 4096, the small-M kernel of the mma stage (swap-AB)
// applies the epilogue. Shared by test/Pipelines; not a test itself.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @lin(%X: memref<16x4096xbf16>, %W: memref<4096x4096xbf16>, %bias: memref<4096xbf16>, %Y: memref<16x4096xbf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<16x4096xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%X, %W : memref<16x4096xbf16>, memref<4096x4096xbf16>) outs(%tmp : memref<16x4096xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp, %bias : memref<16x4096xf32>, memref<4096xbf16>) outs(%Y : memref<16x4096xbf16>) {
  ^bb0(%x: f32, %b: bf16, %o: bf16):
    %b32 = arith.extf %b : bf16 to f32
    %s = arith.addf %x, %b32 : f32
    %z = arith.constant 0.0 : f32
    %r = arith.maxnumf %s, %z : f32
    %t = arith.truncf %r : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}
