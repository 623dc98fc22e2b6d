// Functions returning a value twice or an argument as it is (the version-2
// manifest's "results"; test/GPU/aliased-results.test), odd sizes so that
// every kernel has ragged edges:
//   @twice:    C = A B (130 x 259 x 67), returned twice;
//   @residual: (A B, x): a residual passed through beside a layer's output;
//   @scores:   S = Q K^T, P = softmax(S), returning (S, P, S).
func.func @twice(%a: tensor<130x67xf16>, %b: tensor<67x259xf16>) -> (tensor<130x259xf16>, tensor<130x259xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<130x259xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<130x259xf16>) -> tensor<130x259xf16>
  %c = linalg.matmul ins(%a, %b : tensor<130x67xf16>, tensor<67x259xf16>) outs(%f : tensor<130x259xf16>) -> tensor<130x259xf16>
  return %c, %c : tensor<130x259xf16>, tensor<130x259xf16>
}

func.func @residual(%a: tensor<130x67xf16>, %b: tensor<67x259xf16>, %x: tensor<130x96xf16>) -> (tensor<130x259xf16>, tensor<130x96xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<130x259xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<130x259xf16>) -> tensor<130x259xf16>
  %c = linalg.matmul ins(%a, %b : tensor<130x67xf16>, tensor<67x259xf16>) outs(%f : tensor<130x259xf16>) -> tensor<130x259xf16>
  return %c, %x : tensor<130x259xf16>, tensor<130x96xf16>
}

func.func @scores(%q: tensor<130x67xf16>, %k: tensor<259x67xf16>) -> (tensor<130x259xf16>, tensor<130x259xf16>, tensor<130x259xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<130x259xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<130x259xf16>) -> tensor<130x259xf16>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%q, %k : tensor<130x67xf16>, tensor<259x67xf16>) outs(%f : tensor<130x259xf16>) -> tensor<130x259xf16>
  %pe = tensor.empty() : tensor<130x259xf16>
  %p = linalg.softmax dimension(1) ins(%s : tensor<130x259xf16>) outs(%pe : tensor<130x259xf16>) -> tensor<130x259xf16>
  return %s, %p, %s : tensor<130x259xf16>, tensor<130x259xf16>, tensor<130x259xf16>
}
