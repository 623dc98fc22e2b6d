// RUN: gemm-opt %s -split-input-file --gemm-specialize-dynamic-dims --verify-diagnostics

func.func @dynamic_n(%a: memref<?x64xf16>, %b: memref<64x?xf16>, %c: memref<?x?xf16>) {
  // expected-error@+1 {{'linalg.matmul' op has a dynamic N or K; only M (the rows of A and C) may be dynamic so far}}
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x?xf16>) outs(%c : memref<?x?xf16>)
  return
}

// -----

func.func @dynamic_k(%a: memref<8x?xf16>, %b: memref<?x96xf16>, %c: memref<8x96xf16>) {
  // expected-error@+1 {{'linalg.matmul' op has a dynamic N or K; only M (the rows of A and C) may be dynamic so far}}
  linalg.matmul ins(%a, %b : memref<8x?xf16>, memref<?x96xf16>) outs(%c : memref<8x96xf16>)
  return
}

// -----

func.func @transposed_a(%a: memref<64x?xf16>, %b: memref<64x96xf16>, %c: memref<?x96xf16>) {
  // expected-error@+1 {{'linalg.matmul' op has a dynamic M with A stored transposed (K x M); a dynamic M needs A stored M x K}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<64x?xf16>, memref<64x96xf16>) outs(%c : memref<?x96xf16>)
  return
}

// -----

// expected-error@+1 {{has dynamic dimensions; gemm-opt compiles those for a function of one linalg.matmul (dynamic M) only, so far}}
func.func @two(%a: memref<?x64xf16>, %b: memref<64x64xf16>, %c: memref<?x64xf16>, %d: memref<?x64xf16>) {
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%c : memref<?x64xf16>)
  linalg.matmul ins(%c, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%d : memref<?x64xf16>)
  return
}

// -----

// expected-error@+1 {{has dynamic dimensions; gemm-opt compiles those for a function of one linalg.matmul (dynamic M) only, so far}}
func.func @softmax(%x: memref<?x64xf32>, %y: memref<?x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<?x64xf32>) outs(%y : memref<?x64xf32>)
  return
}
