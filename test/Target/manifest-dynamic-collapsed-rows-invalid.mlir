// A dynamic dimension collapsed into the matmul's rows beside a static
// batch above 1 (nn.Linear on a [2, ?, K] activation: M = 2 * tokens) has
// no version-3 template yet: the manifest writer says so at the function
// (it named a mismatch of dimension 0). A batch of 1 compiles
// (manifest-dynamic-collapsed-rows.mlir).

// RUN: not gemm-opt %s --gemm-stage-mma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: buffer A holds the dynamic M in 3 dimensions, more than one of them not 1 (a dynamic dimension collapsed with another into one of the matmul's: nn.Linear on a [batch, ?, K] activation, attention's [batch, heads, ?, d] queries): not compiled yet; pass the operand with those dimensions collapsed before the call ([batch * ?, K], [batch * heads, ?, d]) or with the others 1

func.func @linear(%x: tensor<2x?x512xbf16>, %w: tensor<512x1024xbf16>) -> tensor<2x?x1024xf32> {
  %c1 = arith.constant 1 : index
  %s = tensor.dim %x, %c1 : tensor<2x?x512xbf16>
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x?x512xbf16> into tensor<?x512xbf16>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %rows, %c0 : tensor<?x512xbf16>
  %e = tensor.empty(%m) : tensor<?x1024xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %r = linalg.matmul ins(%rows, %w : tensor<?x512xbf16>, tensor<512x1024xbf16>) outs(%c : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %y = tensor.expand_shape %r [[0, 1], [2]] output_shape [2, %s, 1024] : tensor<?x1024xf32> into tensor<2x?x1024xf32>
  return %y : tensor<2x?x1024xf32>
}
