// RUN: gemm-opt %s -split-input-file --gemm-specialize-dynamic-dims --gemm-verify-input --verify-diagnostics

// A static function may return one value twice or an argument as it is
// (gemm-verify-input-valid.mlir); a function with dynamic dimensions may
// not yet: its manifest (version 3) is a template of a version-1 manifest,
// which names no results. The error is at the return, once for all the
// variants.

func.func @dyn_twice(%a: tensor<?x32xf16>, %b: tensor<32x48xf16>) -> (tensor<?x48xf16>, tensor<?x48xf16>) {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x32xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty(%m) : tensor<?x48xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<?x48xf16>) -> tensor<?x48xf16>
  %c = linalg.matmul ins(%a, %b : tensor<?x32xf16>, tensor<32x48xf16>) outs(%f : tensor<?x48xf16>) -> tensor<?x48xf16>
  // expected-error@+1 {{'func.return' op returns one value as results #0 and #1: gemm-opt compiles that for static shapes only, so far; in a function with dynamic dimensions return it once (the caller can use it twice)}}
  return %c, %c : tensor<?x48xf16>, tensor<?x48xf16>
}

// -----

func.func @dyn_argument(%a: tensor<?x32xf16>, %b: tensor<32x48xf16>) -> (tensor<?x48xf16>, tensor<?x32xf16>) {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x32xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty(%m) : tensor<?x48xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<?x48xf16>) -> tensor<?x48xf16>
  %c = linalg.matmul ins(%a, %b : tensor<?x32xf16>, tensor<32x48xf16>) outs(%f : tensor<?x48xf16>) -> tensor<?x48xf16>
  // expected-error@+1 {{'func.return' op returns argument #0 as result #1: gemm-opt compiles that for static shapes only, so far; in a function with dynamic dimensions do not return it (the caller has that tensor)}}
  return %c, %a : tensor<?x48xf16>, tensor<?x32xf16>
}
