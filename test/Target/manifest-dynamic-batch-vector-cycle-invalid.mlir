// A column bias per head read in turn over a dynamic batch count ((b mod
// 2, j) on [2, N]: broadcast "col" with span 2 and cycle): like a cycle of
// matrices (manifest-dynamic-batch-cycle-invalid.mlir), its extent is no
// multiple of a dynamic count, so the manifest writer says at the function
// that it is not compiled yet (a static batch compiles: the frontend
// forms).

// RUN: not gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: epilogue operand E0 is read per group or cycle of batch entries (a mask per sequence or a bias per head): not compiled with a dynamic batch count yet

func.func @column_bias_dynamic_batch(%a: tensor<?x16x8xf16>, %b: tensor<?x8x32xf16>, %m: tensor<2x32xf32>) -> tensor<?x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0i = arith.constant 0 : index
  %n = tensor.dim %a, %c0i : tensor<?x16x8xf16>
  %c0 = tensor.empty(%n) : tensor<?x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<?x16x32xf32>) -> tensor<?x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x16x8xf16>, tensor<?x8x32xf16>) outs(%c : tensor<?x16x32xf32>) -> tensor<?x16x32xf32>
  %e = tensor.empty(%n) : tensor<?x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b mod 2, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r, %m : tensor<?x16x32xf32>, tensor<2x32xf32>) outs(%e : tensor<?x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<?x16x32xf32>
  return %o : tensor<?x16x32xf32>
}
