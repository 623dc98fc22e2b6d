// RUN: gemm-opt %s -split-input-file --gemm-verify-input --verify-diagnostics

// What gemm-opt does not compile of linalg.softmax: an error at the op.

func.func @dim0(%x: memref<8x16xf32>, %y: memref<8x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op over dimension 0 is not supported; gemm-opt computes softmax over the last dimension (dimension(1))}}
  linalg.softmax dimension(0) ins(%x : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  return
}

// -----

func.func @rank1(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  // expected-error@+1 {{'linalg.softmax' op expects 2-D operands [rows, cols]}}
  %r = linalg.softmax dimension(0) ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

func.func @dynamic(%x: memref<?x16xf32>, %y: memref<?x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op has a dynamic shape 'memref<?x16xf32>'; gemm-opt needs static shapes}}
  linalg.softmax dimension(1) ins(%x : memref<?x16xf32>) outs(%y : memref<?x16xf32>)
  return
}

// -----

func.func @empty(%x: memref<0x16xf32>, %y: memref<0x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op has an empty operand 'memref<0x16xf32>'; every dimension must be at least 1}}
  linalg.softmax dimension(1) ins(%x : memref<0x16xf32>) outs(%y : memref<0x16xf32>)
  return
}

// -----

func.func @f64(%x: memref<8x16xf64>, %y: memref<8x16xf64>) {
  // expected-error@+1 {{'linalg.softmax' op element type 'f64' is not supported; expected f32, f16 or bf16}}
  linalg.softmax dimension(1) ins(%x : memref<8x16xf64>) outs(%y : memref<8x16xf64>)
  return
}

// -----

func.func @strided(%x: memref<8x16xf32, strided<[32, 1]>>, %y: memref<8x16xf32>) {
  // expected-error@+1 {{'linalg.softmax' op needs row-major identity layouts}}
  linalg.softmax dimension(1) ins(%x : memref<8x16xf32, strided<[32, 1]>>) outs(%y : memref<8x16xf32>)
  return
}

// -----

// Several ops in one function: each op's output is none of its inputs.
func.func @two_in_place(%x: memref<8x16xf32>, %y: memref<8x16xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  // expected-error@+1 {{'linalg.softmax' op writes its output into one of its inputs; an op's output must be a buffer of its own}}
  linalg.softmax dimension(1) ins(%y : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  return
}

// -----

// A softmax in a private function: no entry of the manifest.
func.func @with_matmul(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}
func.func private @softmax(%c: memref<8x8xf32>, %y: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.softmax' op is in private function @softmax}}
  linalg.softmax dimension(1) ins(%c : memref<8x8xf32>) outs(%y : memref<8x8xf32>)
  return
}
