// A Gram matrix x @ x.T (torch.matmul(x, x.t()) as torch-mlir writes it
// after the transpose fold: one linalg.matmul reading the one buffer x as A
// and, through its indexing map, as B stored N x K), bf16 into f32, 1000
// rows of 777 features. The function takes x once; its op's outlined
// function takes it twice (A and B), which the manifest binds to the same
// argument. Shared by test/GPU and test/Pipelines; not a test itself.
func.func @gram(%x: tensor<1000x777xbf16>) -> tensor<1000x1000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000x1000xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %x : tensor<1000x777xbf16>, tensor<1000x777xbf16>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}
