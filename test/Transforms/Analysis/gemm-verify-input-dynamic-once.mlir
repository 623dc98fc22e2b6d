// RUN: not gemm-opt %s --gemm-specialize-dynamic-dims --gemm-verify-input 2>&1 | FileCheck %s

// A function with a dynamic M becomes one variant per range of M, each a
// copy of its ops: an error at one of them is said once, not once per
// variant.
// CHECK: error: 'linalg.generic' op reads a matmul's result but does not fuse as its epilogue: its output: f16 inputs accumulate into f32 or f16, got bf16
// CHECK-NOT: error:
#id = affine_map<(m, n) -> (m, n)>
func.func @linear(%x: tensor<?x512xf16>, %w: tensor<512x256xf16>) -> tensor<?x256xbf16> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x512xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x256xf32>) -> tensor<?x256xf32>
  %r = linalg.matmul ins(%x, %w : tensor<?x512xf16>, tensor<512x256xf16>) outs(%f : tensor<?x256xf32>) -> tensor<?x256xf32>
  %e2 = tensor.empty(%m) : tensor<?x256xbf16>
  %o = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<?x256xf32>) outs(%e2 : tensor<?x256xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %v = arith.truncf %in : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<?x256xbf16>
  return %o : tensor<?x256xbf16>
}
