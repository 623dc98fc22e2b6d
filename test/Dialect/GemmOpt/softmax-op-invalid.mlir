// RUN: gemm-opt %s -split-input-file -verify-diagnostics

func.func @one_type(%x: memref<4x8xf16>, %y: memref<4x8xf16>) {
  // expected-error@+1 {{'gemm_opt.softmax' op reads and writes one element type ('f16'): that is a linalg.softmax}}
  gemm_opt.softmax dimension(1) ins(%x : memref<4x8xf16>) outs(%y : memref<4x8xf16>)
  return
}

// -----

func.func @integer(%x: memref<4x8xf16>, %y: memref<4x8xi8>) {
  // expected-error@+1 {{'gemm_opt.softmax' op element type 'i8' is not supported; expected f32, f16 or bf16}}
  gemm_opt.softmax dimension(1) ins(%x : memref<4x8xf16>) outs(%y : memref<4x8xi8>)
  return
}

// -----

func.func @shapes(%x: memref<4x8xf16>, %y: memref<4x9xf32>) {
  // expected-error@+1 {{'gemm_opt.softmax' op incompatible output shape}}
  gemm_opt.softmax dimension(1) ins(%x : memref<4x8xf16>) outs(%y : memref<4x9xf32>)
  return
}

// -----

func.func @dimension(%x: memref<4x8xf16>, %y: memref<4x8xf32>) {
  // expected-error@+1 {{'gemm_opt.softmax' op incorrect dimension specified}}
  gemm_opt.softmax dimension(2) ins(%x : memref<4x8xf16>) outs(%y : memref<4x8xf32>)
  return
}

// -----

func.func @result_on_memrefs(%x: memref<4x8xf16>, %y: memref<4x8xf32>) {
  // expected-error@+1 {{'gemm_opt.softmax' op has a result of its output's type on tensors and none on memrefs}}
  %r = gemm_opt.softmax dimension(1) ins(%x : memref<4x8xf16>) outs(%y : memref<4x8xf32>) -> tensor<4x8xf32>
  return
}
