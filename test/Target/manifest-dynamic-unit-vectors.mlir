// A dynamic M whose epilogue vectors are stored with unit dimensions, as
// torch-mlir keeps them: a row scale [?, 1] read through (i, 0) and a bias
// [1, 128] read through (0, j). Every variant reads them as a row and a
// column vector (the bias's unit row is no loop a collapse merges, also
// at one row), and the version-3 manifest binds the scale's rows to M,
// first, as the variants of more rows show (at one row every dimension is
// 1 and the collapsed-rows guess takes the last).
// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.json
// CHECK: "epilogue":[{"broadcast":"row","op":"mul","operand":"E0"},{"broadcast":"col","op":"add","operand":"E1"}]
// CHECK-DAG: {"elem":"f32","name":"E0","role":"E0","shape":[{"sym":"M"},1]}
// CHECK-DAG: {"elem":"f32","name":"E1","role":"E1","shape":[1,128]}
#id = affine_map<(i, j) -> (i, j)>
func.func @scaled(%x: tensor<?x96xbf16>, %w: tensor<96x128xbf16>, %r: tensor<?x1xf32>, %b: tensor<1x128xf32>) -> tensor<?x128xbf16> {
  %i0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %i0 : tensor<?x96xbf16>
  %ce = tensor.empty(%m) : tensor<?x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ce : tensor<?x128xf32>) -> tensor<?x128xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x96xbf16>, tensor<96x128xbf16>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  %oe = tensor.empty(%m) : tensor<?x128xbf16>
  %o = linalg.generic {indexing_maps = [#id, affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (0, j)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %r, %b : tensor<?x128xf32>, tensor<?x1xf32>, tensor<1x128xf32>) outs(%oe : tensor<?x128xbf16>) {
  ^bb0(%v: f32, %rv: f32, %bv: f32, %ov: bf16):
    %s = arith.mulf %v, %rv : f32
    %a = arith.addf %s, %bv : f32
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x128xbf16>
  return %o : tensor<?x128xbf16>
}
