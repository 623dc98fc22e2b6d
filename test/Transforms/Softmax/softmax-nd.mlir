// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass | FileCheck %s --check-prefix=THREE
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-fused --gemm-softmax-online --gemm-softmax-vector --gemm-softmax-rows | FileCheck %s --check-prefix=ROWS

// A softmax over the last dimension of a 3-D buffer is the softmax of its
// rows: softmax-3pass collapses the leading dimensions (4 x 33 = 132 rows
// of 100) into a view of each buffer, records the roles on the 3-D buffers
// themselves (what a runner binds) and builds the 2-D kernels on the
// views; every later rung finds the same views again (one per buffer).

// THREE-LABEL: func.func @heads(
// THREE-SAME:      %[[X:[^:]*]]: memref<4x33x100xf16> {gemm_opt.role = "X"}, %[[Y:[^:]*]]: memref<4x33x100xf16> {gemm_opt.role = "Y"})
// THREE-NEXT:    %[[XR:.*]] = memref.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : memref<4x33x100xf16> into memref<132x100xf16>
// THREE-NEXT:    %[[YR:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0, 1], [2]] : memref<4x33x100xf16> into memref<132x100xf16>
// THREE-NOT:     linalg.softmax
// THREE:         gpu.launch blocks({{.*}}) in ({{.*}} = %c132,
// THREE:         memref.load %[[XR]]
// THREE:         kernel = "max"
// THREE:         kernel = "sum"
// THREE:         memref.store {{.*}}, %[[YR]]
// THREE:         gemm_opt.problem = #gemm_opt.softmax<cols = 100, rows = 132, x = f16, y = f16>{{.*}}kernel = "normalize"
// THREE-NOT:     memref.collapse_shape

// ROWS-LABEL: func.func @heads(
// ROWS-NEXT:    %[[XR:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<4x33x100xf16> into memref<132x100xf16>
// ROWS-NEXT:    %[[YR:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<4x33x100xf16> into memref<132x100xf16>
// ROWS-NOT:     memref.collapse_shape
// ROWS:         gpu.launch
// ROWS:         vector.load %[[XR]]
// ROWS:         vector.store {{.*}}, %[[YR]]
// ROWS:         gemm_opt.problem = #gemm_opt.softmax<cols = 100, rows = 132, x = f16, y = f16>, gemm_opt.softmax_plan = #gemm_opt.softmax_plan<
// ROWS-NOT:     gpu.launch
// ROWS-NOT:     memref.collapse_shape
// ROWS:         return
func.func @heads(%x: memref<4x33x100xf16>, %y: memref<4x33x100xf16>) {
  linalg.softmax dimension(2) ins(%x : memref<4x33x100xf16>) outs(%y : memref<4x33x100xf16>)
  return
}

// -----

// 4-D with an allocated output: the view of Y follows its allocation.
// THREE-LABEL: func.func @four_d(
// THREE:         %[[Y:.*]] = memref.alloc() {gemm_opt.role = "Y"} : memref<2x3x5x64xf32>
// THREE:         memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]] : memref<2x3x5x64xf32> into memref<30x64xf32>
// THREE-NEXT:    memref.collapse_shape %[[Y]] {{\[}}[0, 1, 2], [3]] : memref<2x3x5x64xf32> into memref<30x64xf32>
// THREE:         #gemm_opt.softmax<cols = 64, rows = 30, x = f32, y = f32>
// ROWS-LABEL: func.func @four_d(
// ROWS:         #gemm_opt.softmax<cols = 64, rows = 30, x = f32, y = f32>
// ROWS:         return %{{.*}} : memref<2x3x5x64xf32>
func.func @four_d(%x: memref<2x3x5x64xf32>) -> memref<2x3x5x64xf32> {
  %y = memref.alloc() : memref<2x3x5x64xf32>
  linalg.softmax dimension(3) ins(%x : memref<2x3x5x64xf32>) outs(%y : memref<2x3x5x64xf32>)
  return %y : memref<2x3x5x64xf32>
}
