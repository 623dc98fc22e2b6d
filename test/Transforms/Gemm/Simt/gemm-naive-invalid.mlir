// RUN: gemm-opt %s -split-input-file --gemm-naive --verify-diagnostics

// gemm-naive works on buffers; a matmul on tensors is an error at the op,
// not a silent skip.

func.func @tensor_form(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'linalg.matmul' op must be bufferized before kernel generation}}
  %r = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%C : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A runner binds whole buffers, so an operand that is a view of one (here a
// reshape of C) is rejected.

func.func @view_operand(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %v = memref.expand_shape %C [[0], [1, 2]] output_shape [8, 8, 1] : memref<8x8xf32> into memref<8x8x1xf32>
  %c = memref.collapse_shape %v [[0], [1, 2]] : memref<8x8x1xf32> into memref<8x8xf32>
  // expected-error@+1 {{'linalg.matmul' op operands must be function arguments or allocations, so that a runner can bind them}}
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%c : memref<8x8xf32>)
  return
}

// -----

// gemm-naive re-checks the contract itself (it may run without
// gemm-verify-input): integer matmuls are not generated.

func.func @integer(%A: memref<8x4xi32>, %B: memref<4x8xi32>, %C: memref<8x8xi32>) {
  // expected-error@+1 {{'linalg.matmul' op element type i32 is not supported; expected f32, f16 or bf16}}
  linalg.matmul ins(%A, %B : memref<8x4xi32>, memref<4x8xi32>) outs(%C : memref<8x8xi32>)
  return
}
