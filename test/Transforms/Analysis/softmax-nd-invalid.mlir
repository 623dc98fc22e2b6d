// RUN: gemm-opt %s -split-input-file --gemm-verify-input --verify-diagnostics

// A softmax over the last dimension of an N-D tensor is the 2-D softmax of
// its rows (the product of the leading dimensions); anything else of N-D
// softmaxes is an error at the op. The first cases are accepted (no
// diagnostic), the N-D forms the later rungs compile.

func.func @last_dim_3d(%x: memref<2x8x16xf32>, %y: memref<2x8x16xf32>) {
  linalg.softmax dimension(2) ins(%x : memref<2x8x16xf32>) outs(%y : memref<2x8x16xf32>)
  return
}

// -----

func.func @last_dim_4d_tensor(%x: tensor<2x3x8x16xbf16>) -> tensor<2x3x8x16xbf16> {
  %e = tensor.empty() : tensor<2x3x8x16xbf16>
  %r = linalg.softmax dimension(3) ins(%x : tensor<2x3x8x16xbf16>) outs(%e : tensor<2x3x8x16xbf16>) -> tensor<2x3x8x16xbf16>
  return %r : tensor<2x3x8x16xbf16>
}

// -----

func.func @middle_dim(%x: memref<2x8x16xf32>, %y: memref<2x8x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op over dimension 1 is not supported; gemm-opt computes softmax over the last dimension (dimension(2))}}
  linalg.softmax dimension(1) ins(%x : memref<2x8x16xf32>) outs(%y : memref<2x8x16xf32>)
  return
}

// -----

func.func @first_dim_tensor(%x: tensor<2x8x16xf16>) -> tensor<2x8x16xf16> {
  %e = tensor.empty() : tensor<2x8x16xf16>
  // expected-error@+1 {{'linalg.softmax' op over dimension 0 is not supported; gemm-opt computes softmax over the last dimension (dimension(2))}}
  %r = linalg.softmax dimension(0) ins(%x : tensor<2x8x16xf16>) outs(%e : tensor<2x8x16xf16>) -> tensor<2x8x16xf16>
  return %r : tensor<2x8x16xf16>
}

// -----

func.func @dynamic_leading(%x: memref<?x8x16xf32>, %y: memref<?x8x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op has a dynamic shape 'memref<?x8x16xf32>'; gemm-opt needs static shapes}}
  linalg.softmax dimension(2) ins(%x : memref<?x8x16xf32>) outs(%y : memref<?x8x16xf32>)
  return
}

// -----

func.func @dynamic_last(%x: tensor<2x8x?xf32>, %e: tensor<2x8x?xf32>) -> tensor<2x8x?xf32> {
  // expected-error@+1 {{'linalg.softmax' op has a dynamic shape 'tensor<2x8x?xf32>'; gemm-opt needs static shapes}}
  %r = linalg.softmax dimension(2) ins(%x : tensor<2x8x?xf32>) outs(%e : tensor<2x8x?xf32>) -> tensor<2x8x?xf32>
  return %r : tensor<2x8x?xf32>
}

// -----

func.func @empty_leading(%x: memref<2x0x16xf32>, %y: memref<2x0x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op has an empty operand 'memref<2x0x16xf32>'; every dimension must be at least 1}}
  linalg.softmax dimension(2) ins(%x : memref<2x0x16xf32>) outs(%y : memref<2x0x16xf32>)
  return
}

// -----

func.func @strided_3d(%x: memref<2x8x16xf32, strided<[256, 32, 1]>>, %y: memref<2x8x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op needs row-major identity layouts, got 'memref<2x8x16xf32, strided<[256, 32, 1]>>'}}
  linalg.softmax dimension(2) ins(%x : memref<2x8x16xf32, strided<[256, 32, 1]>>) outs(%y : memref<2x8x16xf32>)
  return
}

// -----

// Rows x cols past 2^63 - 1 elements: no extent can hold it.
func.func @too_many_elements(%x: memref<4294967296x4294967296x2xf32>, %y: memref<4294967296x4294967296x2xf32>) {
  // expected-error@+1 {{'linalg.softmax' op operand 'memref<4294967296x4294967296x2xf32>' has more than 2^63 - 1 elements}}
  linalg.softmax dimension(2) ins(%x : memref<4294967296x4294967296x2xf32>) outs(%y : memref<4294967296x4294967296x2xf32>)
  return
}

// -----

func.func @f64_3d(%x: memref<2x8x16xf64>, %y: memref<2x8x16xf64>) {
  // expected-error@+1 {{'linalg.softmax' op element type 'f64' is not supported; expected f32, f16 or bf16}}
  linalg.softmax dimension(2) ins(%x : memref<2x8x16xf64>) outs(%y : memref<2x8x16xf64>)
  return
}
