// RUN: gemm-opt %s --gemm-return-whole-allocations --split-input-file | FileCheck %s

// torch-mlir's 4-D batched matmul, bufferized: the kernel writes a 3-D
// allocation that the function returns expanded to 4-D. The allocation
// takes the returned shape; the fill and the matmul write its 3-D view.
// CHECK-LABEL: func.func @expanded_result
// CHECK: %[[WHOLE:.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x3x8x16xf32>
// CHECK: %[[VIEW:.+]] = memref.collapse_shape %[[WHOLE]] {{\[}}[0, 1], [2], [3]] : memref<2x3x8x16xf32> into memref<6x8x16xf32>
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[VIEW]] : memref<6x8x16xf32>)
// CHECK: linalg.batch_matmul ins({{.*}}) outs(%[[VIEW]] : memref<6x8x16xf32>)
// CHECK-NOT: memref.expand_shape
// CHECK: return %[[WHOLE]] : memref<2x3x8x16xf32>
func.func @expanded_result(%a: memref<6x8x4xf16>, %b: memref<6x4x16xf16>) -> memref<2x3x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x8x16xf32>
  linalg.fill ins(%zero : f32) outs(%alloc : memref<6x8x16xf32>)
  linalg.batch_matmul ins(%a, %b : memref<6x8x4xf16>, memref<6x4x16xf16>) outs(%alloc : memref<6x8x16xf32>)
  %r = memref.expand_shape %alloc [[0, 1], [2], [3]] output_shape [2, 3, 8, 16] : memref<6x8x16xf32> into memref<2x3x8x16xf32>
  return %r : memref<2x3x8x16xf32>
}

// -----

// A result collapsed from the allocation: the allocation takes the
// collapsed shape and the matmul writes its expansion.
// CHECK-LABEL: func.func @collapsed_result
// CHECK: %[[WHOLE:.+]] = memref.alloc() : memref<48x16xf32>
// CHECK: %[[VIEW:.+]] = memref.expand_shape %[[WHOLE]] {{\[}}[0, 1], [2]] output_shape [6, 8, 16] : memref<48x16xf32> into memref<6x8x16xf32>
// CHECK: linalg.batch_matmul ins({{.*}}) outs(%[[VIEW]] : memref<6x8x16xf32>)
// CHECK: return %[[WHOLE]] : memref<48x16xf32>
func.func @collapsed_result(%a: memref<6x8x4xf16>, %b: memref<6x4x16xf16>) -> memref<48x16xf32> {
  %alloc = memref.alloc() : memref<6x8x16xf32>
  linalg.batch_matmul ins(%a, %b : memref<6x8x4xf16>, memref<6x4x16xf16>) outs(%alloc : memref<6x8x16xf32>)
  %r = memref.collapse_shape %alloc [[0, 1], [2]] : memref<6x8x16xf32> into memref<48x16xf32>
  return %r : memref<48x16xf32>
}

// -----

// A reshape of an argument is returned as it is: the runner binds the
// argument.
// CHECK-LABEL: func.func @argument_view
// CHECK-NOT: memref.alloc
// CHECK: %[[VIEW:.+]] = memref.expand_shape %arg0
// CHECK: return %[[VIEW]]
func.func @argument_view(%c: memref<6x8x16xf32>) -> memref<2x3x8x16xf32> {
  %r = memref.expand_shape %c [[0, 1], [2], [3]] output_shape [2, 3, 8, 16] : memref<6x8x16xf32> into memref<2x3x8x16xf32>
  return %r : memref<2x3x8x16xf32>
}
