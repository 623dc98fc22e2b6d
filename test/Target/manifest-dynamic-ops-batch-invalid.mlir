// RUN: not gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s

// Two ops over one dynamic token count whose rows differ: the first reads
// [2, ?, 64] (2 * tokens rows), the second a [?, 64] argument (the tokens
// themselves). Each variant's kernels take one M, the rows, so the
// manifest writer says so once, at the function; nothing is written.

// CHECK:     error: op #1 (matmul) has 1 rows in the variant planned at 1 tokens, where the first op has 2; every op's rows must be the dynamic token count, times the same static dimensions collapsed with it
// CHECK-NOT: error:
func.func @rows(%x: tensor<2x?x64xf16>, %y: tensor<?x64xf16>, %w: tensor<64x32xf16>) -> (tensor<2x?x32xf16>, tensor<?x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f16
  %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x?x64xf16> into tensor<?x64xf16>
  %r = tensor.dim %x2, %c0 : tensor<?x64xf16>
  %e = tensor.empty(%r) : tensor<?x32xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<?x32xf16>) -> tensor<?x32xf16>
  %a = linalg.matmul ins(%x2, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x32xf16>) -> tensor<?x32xf16>
  %s = tensor.dim %x, %c1 : tensor<2x?x64xf16>
  %a3 = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, %s, 32] : tensor<?x32xf16> into tensor<2x?x32xf16>
  %t = tensor.dim %y, %c0 : tensor<?x64xf16>
  %e2 = tensor.empty(%t) : tensor<?x32xf16>
  %f2 = linalg.fill ins(%z : f16) outs(%e2 : tensor<?x32xf16>) -> tensor<?x32xf16>
  %b = linalg.matmul ins(%y, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f2 : tensor<?x32xf16>) -> tensor<?x32xf16>
  return %a3, %b : tensor<2x?x32xf16>, tensor<?x32xf16>
}
