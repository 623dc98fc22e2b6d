// A Llama MLP block as torch-mlir writes it after CSE (37 tokens, hidden
// 777, intermediate 999, bf16): the gate and up projections x * W^T (W
// stored N x K, transposed by linalg.transpose ops into one shared
// tensor.empty) write into one shared zero fill, silu(gate) * up is one
// elementwise linalg.generic reading both results and casting to bf16,
// and the down projection reads it. gemm-unshare-inits gives each matmul
// its own fill; the up projection's kernel runs first and the gate's
// epilogue computes silu(gate) * up. Shared by test/GPU and
// test/Pipelines; not a test itself.
#id = affine_map<(i, j) -> (i, j)>
func.func @mlp(%x: tensor<37x777xbf16>, %w_gate: tensor<999x777xbf16>, %w_up: tensor<999x777xbf16>, %w_down: tensor<777x999xbf16>) -> tensor<37x777xbf16> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<777x999xbf16>
  %wgt = linalg.transpose ins(%w_gate : tensor<999x777xbf16>) outs(%et : tensor<777x999xbf16>) permutation = [1, 0]
  %wut = linalg.transpose ins(%w_up : tensor<999x777xbf16>) outs(%et : tensor<777x999xbf16>) permutation = [1, 0]
  %ce = tensor.empty() : tensor<37x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<37x999xf32>) -> tensor<37x999xf32>
  %gate = linalg.matmul ins(%x, %wgt : tensor<37x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<37x999xf32>) -> tensor<37x999xf32>
  %up = linalg.matmul ins(%x, %wut : tensor<37x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<37x999xf32>) -> tensor<37x999xf32>
  %he = tensor.empty() : tensor<37x999xbf16>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : tensor<37x999xf32>, tensor<37x999xf32>) outs(%he : tensor<37x999xbf16>) {
  ^bb0(%g: f32, %u: f32, %o: bf16):
    %one = arith.constant 1.0 : f32
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %g, %d : f32
    %p = arith.mulf %s, %u : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<37x999xbf16>
  %edt = tensor.empty() : tensor<999x777xbf16>
  %wdt = linalg.transpose ins(%w_down : tensor<777x999xbf16>) outs(%edt : tensor<999x777xbf16>) permutation = [1, 0]
  %de = tensor.empty() : tensor<37x777xf32>
  %df = linalg.fill ins(%zero : f32) outs(%de : tensor<37x777xf32>) -> tensor<37x777xf32>
  %down = linalg.matmul ins(%h, %wdt : tensor<37x999xbf16>, tensor<999x777xbf16>) outs(%df : tensor<37x777xf32>) -> tensor<37x777xf32>
  %oe = tensor.empty() : tensor<37x777xbf16>
  %out = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%down : tensor<37x777xf32>) outs(%oe : tensor<37x777xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<37x777xbf16>
  return %out : tensor<37x777xbf16>
}
