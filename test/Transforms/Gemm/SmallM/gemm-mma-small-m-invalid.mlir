// RUN: gemm-opt %s -split-input-file --gemm-naive --gemm-coalesce --gemm-shared-memory-tiling --gemm-register-tiling-1d --gemm-register-tiling-2d --gemm-vectorize --gemm-swizzle --gemm-multi-buffer --gemm-warp-tiling --gemm-mma=small-m=1 --verify-diagnostics -o /dev/null

// small-m=1 where neither small-M kernel applies: the error says why, for each.
func.func @a_transposed(%A: memref<64x1xbf16>, %B: memref<64x64xbf16>, %C: memref<1x64xf32>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: neither small-M kernel applies: the weight-streaming kernel: it reads A as M x K and B stored N x K (layout nt); the swap-AB kernel: it reads A as M x K}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x1xbf16>, memref<64x64xbf16>) outs(%C : memref<1x64xf32>)
  return
}

// -----

func.func @too_many_rows(%A: memref<65x64xbf16>, %B: memref<64x64xbf16>, %C: memref<65x64xf32>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: neither small-M kernel applies: the weight-streaming kernel: M = 65 is more than 3 rows; the swap-AB kernel: M = 65 is more than 64 rows}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<65x64xbf16>, memref<64x64xbf16>) outs(%C : memref<65x64xf32>)
  return
}

// -----

func.func @unaligned_rows(%A: memref<2x63xf16>, %B: memref<64x63xf16>, %C: memref<2x64xf16>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: neither small-M kernel applies: the weight-streaming kernel: rows of A and B are 126 bytes, not whole 16-byte chunks; the swap-AB kernel: rows of A are 126 bytes, not whole 16-byte chunks}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<2x63xf16>, memref<64x63xf16>) outs(%C : memref<2x64xf16>)
  return
}

// -----

// f32 past the weight-streaming kernel's 3 rows: the swap-AB kernel is
// f16/bf16 only.
func.func @f32_rows(%A: memref<8x64xf32>, %B: memref<64x64xf32>, %C: memref<8x64xf32>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: neither small-M kernel applies: the weight-streaming kernel: M = 8 is more than 3 rows; the swap-AB kernel: it needs A and B both f16 or both bf16}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<8x64xf32>, memref<64x64xf32>) outs(%C : memref<8x64xf32>)
  return
}

// -----

// B stored K x N with an odd N: the swap-AB kernel reads pairs of columns.
func.func @odd_n(%A: memref<8x64xf16>, %B: memref<64x63xf16>, %C: memref<8x63xf16>) {
  // expected-error@+1 {{invalid 'mma' option small-m=1: neither small-M kernel applies: the weight-streaming kernel: M = 8 is more than 3 rows; the swap-AB kernel: B stored K x N needs an even N (N = 63)}}
  linalg.matmul ins(%A, %B : memref<8x64xf16>, memref<64x63xf16>) outs(%C : memref<8x63xf16>)
  return
}
