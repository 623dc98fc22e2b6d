// A dynamic dimension collapsed into the matmul's rows beside a static
// batch above 1 (nn.Linear on a [2, ?, K] activation: M = 2 * tokens) is
// described with M alone dynamic (manifest-dynamic-collapsed-batch-rows.mlir);
// beside a dynamic N it has no version-3 template yet: the manifest writer
// says so at the function.

// RUN: not gemm-opt %s --gemm-stage-mma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: the dynamic M is 2 times a dynamic dimension (static ones collapsed with it into the rows) beside another dynamic size: not compiled yet; only M may then be dynamic

func.func @linear(%x: tensor<2x?x512xbf16>, %w: tensor<512x?xbf16>) -> tensor<2x?x?xf32> {
  %c1 = arith.constant 1 : index
  %s = tensor.dim %x, %c1 : tensor<2x?x512xbf16>
  %n = tensor.dim %w, %c1 : tensor<512x?xbf16>
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x?x512xbf16> into tensor<?x512xbf16>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %rows, %c0 : tensor<?x512xbf16>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%rows, %w : tensor<?x512xbf16>, tensor<512x?xbf16>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y = tensor.expand_shape %r [[0, 1], [2]] output_shape [2, %s, %n] : tensor<?x?xf32> into tensor<2x?x?xf32>
  return %y : tensor<2x?x?xf32>
}
