// The Llama MLP block of mlp-swiglu-bf16-37x999x777.mlir with a dynamic
// token count (hidden 777, intermediate 999, bf16): x is `?` x 777, every
// intermediate `tensor.empty(%tokens)`. Every op's rows are the tokens:
// one version-3 manifest of three matmuls (the gate's epilogue computes
// silu(gate) * up), the intermediates' rows the symbol M. K = 777 and 999
// are no whole 16-byte rows: the variants of more than one row take the SIMT
// kernel, which reads M at run time. Shared by test/GPU and test/Pipelines;
// not a test itself.
#id = affine_map<(i, j) -> (i, j)>
func.func @mlp_dynamic(%x: tensor<?x777xbf16>, %w_gate: tensor<999x777xbf16>, %w_up: tensor<999x777xbf16>, %w_down: tensor<777x999xbf16>) -> tensor<?x777xbf16> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %tokens = tensor.dim %x, %c0 : tensor<?x777xbf16>
  %et = tensor.empty() : tensor<777x999xbf16>
  %wgt = linalg.transpose ins(%w_gate : tensor<999x777xbf16>) outs(%et : tensor<777x999xbf16>) permutation = [1, 0]
  %wut = linalg.transpose ins(%w_up : tensor<999x777xbf16>) outs(%et : tensor<777x999xbf16>) permutation = [1, 0]
  %ce = tensor.empty(%tokens) : tensor<?x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<?x999xf32>) -> tensor<?x999xf32>
  %gate = linalg.matmul ins(%x, %wgt : tensor<?x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<?x999xf32>) -> tensor<?x999xf32>
  %up = linalg.matmul ins(%x, %wut : tensor<?x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<?x999xf32>) -> tensor<?x999xf32>
  %he = tensor.empty(%tokens) : tensor<?x999xbf16>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : tensor<?x999xf32>, tensor<?x999xf32>) outs(%he : tensor<?x999xbf16>) {
  ^bb0(%g: f32, %u: f32, %o: bf16):
    %one = arith.constant 1.0 : f32
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %g, %d : f32
    %p = arith.mulf %s, %u : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x999xbf16>
  %edt = tensor.empty() : tensor<999x777xbf16>
  %wdt = linalg.transpose ins(%w_down : tensor<777x999xbf16>) outs(%edt : tensor<999x777xbf16>) permutation = [1, 0]
  %de = tensor.empty(%tokens) : tensor<?x777xf32>
  %df = linalg.fill ins(%zero : f32) outs(%de : tensor<?x777xf32>) -> tensor<?x777xf32>
  %down = linalg.matmul ins(%h, %wdt : tensor<?x999xbf16>, tensor<999x777xbf16>) outs(%df : tensor<?x777xf32>) -> tensor<?x777xf32>
  %oe = tensor.empty(%tokens) : tensor<?x777xbf16>
  %out = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%down : tensor<?x777xf32>) outs(%oe : tensor<?x777xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x777xbf16>
  return %out : tensor<?x777xbf16>
}
