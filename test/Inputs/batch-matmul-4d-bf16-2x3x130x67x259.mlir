// A 4-D batched matmul as torch-mlir writes torch.matmul of (2, 3, 130, 259)
// and (2, 3, 259, 67) bf16 tensors, then a bias [67] and a cast to bf16:
// both operands collapsed into a batch of 6 by tensor.collapse_shape, a
// zero-filled linalg.batch_matmul into f32, the result expanded back to
// (2, 3, 130, 67), a 4-D elementwise linalg.generic. The epilogue is
// collapsed onto the matmul's shape and fused (gemm-fuse-epilogue-chains);
// the kernels read the 4-D arguments through their reshapes and write the
// 4-D result (gemm-return-whole-allocations). Shared by test/GPU and
// test/Pipelines; not a test itself.
func.func @matmul4d(%a: tensor<2x3x130x259xbf16>, %b: tensor<2x3x259x67xbf16>, %bias: tensor<67xf32>) -> tensor<2x3x130x67xbf16> {
  %a3 = tensor.collapse_shape %a [[0, 1], [2], [3]] : tensor<2x3x130x259xbf16> into tensor<6x130x259xbf16>
  %b3 = tensor.collapse_shape %b [[0, 1], [2], [3]] : tensor<2x3x259x67xbf16> into tensor<6x259x67xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<6x130x67xf32>) -> tensor<6x130x67xf32>
  %r3 = linalg.batch_matmul ins(%a3, %b3 : tensor<6x130x259xbf16>, tensor<6x259x67xbf16>) outs(%c : tensor<6x130x67xf32>) -> tensor<6x130x67xf32>
  %r = tensor.expand_shape %r3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 67] : tensor<6x130x67xf32> into tensor<2x3x130x67xf32>
  %o0 = tensor.empty() : tensor<2x3x130x67xbf16>
  %out = linalg.generic {indexing_maps = [affine_map<(b, h, m, n) -> (b, h, m, n)>, affine_map<(b, h, m, n) -> (n)>, affine_map<(b, h, m, n) -> (b, h, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r, %bias : tensor<2x3x130x67xf32>, tensor<67xf32>) outs(%o0 : tensor<2x3x130x67xbf16>) {
  ^bb0(%v: f32, %bv: f32, %o: bf16):
    %s = arith.addf %v, %bv : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<2x3x130x67xbf16>
  return %out : tensor<2x3x130x67xbf16>
}
