// Attention scores as torch-mlir writes Q @ K.transpose(-2, -1): K
// (batch, keys, head) transposed to (batch, head, keys) by a
// linalg.transpose, then a zero-filled linalg.batch_matmul; f16 inputs, f32
// scores; 3 entries, 130 queries, 67 keys, head 259 (odd everywhere).
// gemm-fold-operand-transposes makes the batch_matmul read K as
// (b, n, k). Shared by test/GPU and test/Pipelines; not a test itself.
func.func @scores(%q: tensor<3x130x259xf16>, %k: tensor<3x67x259xf16>) -> tensor<3x130x67xf32> {
  %e = tensor.empty() : tensor<3x259x67xf16>
  %kt = linalg.transpose ins(%k : tensor<3x67x259xf16>) outs(%e : tensor<3x259x67xf16>) permutation = [0, 2, 1]
  %zero = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<3x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%c0 : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<3x130x259xf16>, tensor<3x259x67xf16>) outs(%c : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  return %s : tensor<3x130x67xf32>
}
