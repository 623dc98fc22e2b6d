// torch-mlir's x.float() @ w.float() with bf16 x (130 x 259) and w
// (259 x 67): each extended to f32 by an elementwise linalg.generic, then
// an f32 linalg.matmul. gemm-fold-operand-extensions makes it the bf16
// matmul accumulating in f32 (the tensor-core kernels). Shared by test/GPU
// and test/Pipelines; not a test itself.
#id = affine_map<(i, j) -> (i, j)>
func.func @extended(%x: tensor<130x259xbf16>, %w: tensor<259x67xbf16>) -> tensor<130x67xf32> {
  %ex = tensor.empty() : tensor<130x259xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<130x259xbf16>) outs(%ex : tensor<130x259xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<130x259xf32>
  %ew = tensor.empty() : tensor<259x67xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<259x67xbf16>) outs(%ew : tensor<259x67xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<259x67xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<130x67xf32>) -> tensor<130x67xf32>
  %r = linalg.matmul ins(%xf, %wf : tensor<130x259xf32>, tensor<259x67xf32>) outs(%c : tensor<130x67xf32>) -> tensor<130x67xf32>
  return %r : tensor<130x67xf32>
}
