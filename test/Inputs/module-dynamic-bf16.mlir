// A module of three functions in one version-4 manifest, one of them with
// a dynamic M: @linear (x W^T in bf16, ? x 1024 x 512, a version-3 entry
// of its variants), @attention (bf16, 128 queries, 192 keys, head 64: a
// version-2 entry) and @probs (softmax, f32, 37 x 1000: version 1). Shared
// by test/GPU, test/Pipelines and python/tests; not a test itself.
func.func @linear(%x: tensor<?x512xbf16>, %w: tensor<1024x512xbf16>) -> tensor<?x1024xbf16> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x512xbf16>
  %e = tensor.empty(%m) : tensor<?x1024xbf16>
  %z = arith.constant 0.0 : bf16
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<?x1024xbf16>) -> tensor<?x1024xbf16>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : tensor<?x512xbf16>, tensor<1024x512xbf16>) outs(%f : tensor<?x1024xbf16>) -> tensor<?x1024xbf16>
  return %r : tensor<?x1024xbf16>
}
func.func @attention(%q: tensor<128x64xbf16>, %k: tensor<192x64xbf16>, %v: tensor<192x64xbf16>) -> tensor<128x64xbf16> {
  %z = arith.constant 0.0 : bf16
  %e0 = tensor.empty() : tensor<128x192xbf16>
  %f0 = linalg.fill ins(%z : bf16) outs(%e0 : tensor<128x192xbf16>) -> tensor<128x192xbf16>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%q, %k : tensor<128x64xbf16>, tensor<192x64xbf16>) outs(%f0 : tensor<128x192xbf16>) -> tensor<128x192xbf16>
  %e1 = tensor.empty() : tensor<128x192xbf16>
  %p = linalg.softmax dimension(1) ins(%s : tensor<128x192xbf16>) outs(%e1 : tensor<128x192xbf16>) -> tensor<128x192xbf16>
  %e2 = tensor.empty() : tensor<128x64xbf16>
  %f2 = linalg.fill ins(%z : bf16) outs(%e2 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
  %o = linalg.matmul ins(%p, %v : tensor<128x192xbf16>, tensor<192x64xbf16>) outs(%f2 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
  return %o : tensor<128x64xbf16>
}
func.func @probs(%s: tensor<37x1000xf32>) -> tensor<37x1000xf32> {
  %e = tensor.empty() : tensor<37x1000xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<37x1000xf32>) outs(%e : tensor<37x1000xf32>) -> tensor<37x1000xf32>
  return %p : tensor<37x1000xf32>
}
