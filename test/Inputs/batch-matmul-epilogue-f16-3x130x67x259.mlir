// A batched matmul with an epilogue, f16 tensors: OUT (f16) = relu(A B +
// bias + RES) per batch entry, bias per column [N] (f32, shared by every
// entry), the residual batch x M x N (f16); batch 3, M = 130, N = 67, K =
// 259, the f32 result zero-filled and read only by the generic. Shared by
// test/Pipelines; not a test itself.
#id = affine_map<(b, m, n) -> (b, m, n)>
#col = affine_map<(b, m, n) -> (n)>
func.func @batch_epilogue(%A: tensor<3x130x259xf16>, %B: tensor<3x259x67xf16>, %bias: tensor<67xf32>, %res: tensor<3x130x67xf16>) -> tensor<3x130x67xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %mm = linalg.batch_matmul ins(%A, %B : tensor<3x130x259xf16>, tensor<3x259x67xf16>) outs(%c : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %o = tensor.empty() : tensor<3x130x67xf16>
  %y = linalg.generic {indexing_maps = [#id, #col, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm, %bias, %res : tensor<3x130x67xf32>, tensor<67xf32>, tensor<3x130x67xf16>) outs(%o : tensor<3x130x67xf16>) {
  ^bb0(%x: f32, %bv: f32, %rv: f16, %out: f16):
    %zero2 = arith.constant 0.0 : f32
    %s = arith.addf %x, %bv : f32
    %r32 = arith.extf %rv : f16 to f32
    %t = arith.addf %s, %r32 : f32
    %gt = arith.cmpf ogt, %t, %zero2 : f32
    %relu = arith.select %gt, %t, %zero2 : f32
    %r = arith.truncf %relu : f32 to f16
    linalg.yield %r : f16
  } -> tensor<3x130x67xf16>
  return %y : tensor<3x130x67xf16>
}
