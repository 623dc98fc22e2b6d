// RUN: gemm-opt %s -split-input-file --gemm-naive --gemm-coalesce --gemm-shared-memory-tiling --gemm-register-tiling-1d --gemm-register-tiling-2d --gemm-vectorize --gemm-swizzle --gemm-multi-buffer --gemm-warp-tiling --gemm-mma=small-m=1 --verify-diagnostics -o /dev/null

// small-m=1 where the weight-streaming kernel does not apply: the error says why.
func.func @b_not_transposed(%A: memref<1x64xbf16>, %B: memref<64x64xbf16>, %C: memref<1x64xf32>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: the weight-streaming kernel does not apply: it reads A as M x K and B stored N x K (layout nt)}}
  linalg.matmul ins(%A, %B : memref<1x64xbf16>, memref<64x64xbf16>) outs(%C : memref<1x64xf32>)
  return
}

// -----

func.func @too_many_rows(%A: memref<4x64xbf16>, %B: memref<64x64xbf16>, %C: memref<4x64xf32>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: the weight-streaming kernel does not apply: M = 4 is more than 3 rows}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<4x64xbf16>, memref<64x64xbf16>) outs(%C : memref<4x64xf32>)
  return
}

// -----

func.func @unaligned_rows(%A: memref<2x63xf16>, %B: memref<64x63xf16>, %C: memref<2x64xf16>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: the weight-streaming kernel does not apply: rows of A and B are 126 bytes, not whole 16-byte chunks}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<2x63xf16>, memref<64x63xf16>) outs(%C : memref<2x64xf16>)
  return
}
