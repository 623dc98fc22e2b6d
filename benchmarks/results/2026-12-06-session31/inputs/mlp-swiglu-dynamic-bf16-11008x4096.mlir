// The Llama-2-7B MLP block (hidden 4096, intermediate 11008, bf16) with a dynamic token count:
// test/Inputs/mlp-swiglu-dynamic-bf16-999x777.mlir at those sizes (rows of 16-byte chunks, so
// every variant takes the tensor-core kernels).
#id = affine_map<(i, j) -> (i, j)>
func.func @mlp_dynamic(%x: tensor<?x4096xbf16>, %w_gate: tensor<11008x4096xbf16>, %w_up: tensor<11008x4096xbf16>, %w_down: tensor<4096x11008xbf16>) -> tensor<?x4096xbf16> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %tokens = tensor.dim %x, %c0 : tensor<?x4096xbf16>
  %et = tensor.empty() : tensor<4096x11008xbf16>
  %wgt = linalg.transpose ins(%w_gate : tensor<11008x4096xbf16>) outs(%et : tensor<4096x11008xbf16>) permutation = [1, 0]
  %wut = linalg.transpose ins(%w_up : tensor<11008x4096xbf16>) outs(%et : tensor<4096x11008xbf16>) permutation = [1, 0]
  %ce = tensor.empty(%tokens) : tensor<?x11008xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<?x11008xf32>) -> tensor<?x11008xf32>
  %gate = linalg.matmul ins(%x, %wgt : tensor<?x4096xbf16>, tensor<4096x11008xbf16>) outs(%c : tensor<?x11008xf32>) -> tensor<?x11008xf32>
  %up = linalg.matmul ins(%x, %wut : tensor<?x4096xbf16>, tensor<4096x11008xbf16>) outs(%c : tensor<?x11008xf32>) -> tensor<?x11008xf32>
  %he = tensor.empty(%tokens) : tensor<?x11008xbf16>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : tensor<?x11008xf32>, tensor<?x11008xf32>) outs(%he : tensor<?x11008xbf16>) {
  ^bb0(%g: f32, %u: f32, %o: bf16):
    %one = arith.constant 1.0 : f32
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %g, %d : f32
    %p = arith.mulf %s, %u : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x11008xbf16>
  %edt = tensor.empty() : tensor<11008x4096xbf16>
  %wdt = linalg.transpose ins(%w_down : tensor<4096x11008xbf16>) outs(%edt : tensor<11008x4096xbf16>) permutation = [1, 0]
  %de = tensor.empty(%tokens) : tensor<?x4096xf32>
  %df = linalg.fill ins(%zero : f32) outs(%de : tensor<?x4096xf32>) -> tensor<?x4096xf32>
  %down = linalg.matmul ins(%h, %wdt : tensor<?x11008xbf16>, tensor<11008x4096xbf16>) outs(%df : tensor<?x4096xf32>) -> tensor<?x4096xf32>
  %oe = tensor.empty(%tokens) : tensor<?x4096xbf16>
  %out = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%down : tensor<?x4096xf32>) outs(%oe : tensor<?x4096xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x4096xbf16>
  return %out : tensor<?x4096xbf16>
}
