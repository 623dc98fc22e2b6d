// RUN: gemm-opt %s -split-input-file --gemm-specialize-dynamic-dims --verify-diagnostics

func.func @n_dynamic_in_b_only(%a: memref<?x64xf16>, %b: memref<64x?xf16>, %c: memref<?x96xf16>) {
  // expected-error@+1 {{'linalg.matmul' op N is dynamic in some operands and static in others (C); make it dynamic in all}}
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x?xf16>) outs(%c : memref<?x96xf16>)
  return
}

// -----

func.func @k_static_in_b(%a: memref<8x?xf16>, %b: memref<64x96xf16>, %c: memref<8x96xf16>) {
  // expected-error@+1 {{'linalg.matmul' op K is dynamic in some operands and static in others (B); make it dynamic in all}}
  linalg.matmul ins(%a, %b : memref<8x?xf16>, memref<64x96xf16>) outs(%c : memref<8x96xf16>)
  return
}

// -----

// expected-error@+1 {{has dynamic dimensions; gemm-opt compiles those for a function of one linalg.matmul, linalg.batch_matmul or linalg.softmax, so far}}
func.func @two(%a: memref<?x64xf16>, %b: memref<64x64xf16>, %c: memref<?x64xf16>, %d: memref<?x64xf16>) {
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%c : memref<?x64xf16>)
  linalg.matmul ins(%c, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%d : memref<?x64xf16>)
  return
}

// -----

func.func @softmax_3d(%x: memref<2x?x64xf32>, %y: memref<2x?x64xf32>) {
  // expected-error@+1 {{'linalg.softmax' op has dynamic dimensions; gemm-opt compiles dynamic rows and columns of a 2-D softmax over its last dimension (X and Y of one shape), so far}}
  linalg.softmax dimension(2) ins(%x : memref<2x?x64xf32>) outs(%y : memref<2x?x64xf32>)
  return
}

// -----

func.func @batch_static_in_c(%a: memref<?x8x64xf16>, %b: memref<?x64x96xf16>, %c: memref<4x8x96xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op the batch is dynamic in some operands and static in others (C); make it dynamic in all}}
  linalg.batch_matmul ins(%a, %b : memref<?x8x64xf16>, memref<?x64x96xf16>) outs(%c : memref<4x8x96xf32>)
  return
}
