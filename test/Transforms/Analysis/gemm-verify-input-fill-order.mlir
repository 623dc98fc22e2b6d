// RUN: gemm-opt %s -split-input-file --gemm-verify-input --verify-diagnostics

// gemm-naive folds a zero fill only when it is the last thing to touch C
// before the matmul; any other zero fill of C would stay on the host, where
// the runner never executes it (the manifest says beta = 1 and the fill is
// lost). So gemm-verify-input must reject such fills, like any fill that is
// not the initialisation of a matmul result.

// A zero fill of C after the matmul: C should end up all zeros.
func.func @fill_after_matmul(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  linalg.fill ins(%zero : f32) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A zero fill of C separated from the matmul by another use of C.
func.func @fill_not_adjacent(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  linalg.fill ins(%zero : f32) outs(%C : memref<8x8xf32>)
  %t = bufferization.to_tensor %C : memref<8x8xf32> to tensor<8x8xf32>
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return %t : tensor<8x8xf32>
}

// -----

// Tensor form: a zero fill whose result is used again besides initialising
// the matmul. Bufferization then fills a separate allocation and copies it
// into C; gemm-naive sees a memref.copy, not a fill, before the matmul, so
// nothing is folded, the manifest says beta = 1, and the host-side fill and
// copy are never run: the runner's C is accumulated into instead of zeros.
func.func @fill_result_reused(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r, %f : tensor<8x8xf32>, tensor<8x8xf32>
}
