// RUN: gemm-opt %s --gemm-unshare-inits --split-input-file | FileCheck %s

// Two matmuls of one shape writing into one zero fill (what CSE makes of
// an MLP's gate and up projections): the second gets its own fill of its
// own tensor.empty, created before it; the first keeps the original.
// CHECK-LABEL: func.func @gate_up
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[E0:.+]] = tensor.empty() : tensor<16x64xf32>
// CHECK: %[[F0:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E0]] :
// CHECK: %[[G:.+]] = linalg.matmul ins({{.+}}) outs(%[[F0]] :
// CHECK: %[[E1:.+]] = tensor.empty() : tensor<16x64xf32>
// CHECK: %[[F1:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E1]] :
// CHECK: %[[U:.+]] = linalg.matmul ins({{.+}}) outs(%[[F1]] :
// CHECK: return %[[G]], %[[U]]
func.func @gate_up(%x: tensor<16x32xbf16>, %wg: tensor<32x64xbf16>, %wu: tensor<32x64xbf16>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %g = linalg.matmul ins(%x, %wg : tensor<16x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  %u = linalg.matmul ins(%x, %wu : tensor<16x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %g, %u : tensor<16x64xf32>, tensor<16x64xf32>
}

// -----

// A fill that something also reads (here: returned) gives every writer a
// copy; the dynamic size of its tensor.empty is reused.
// CHECK-LABEL: func.func @fill_also_read
// CHECK-SAME: (%[[X:.+]]: tensor<?x32xf16>,
// CHECK: %[[M:.+]] = tensor.dim %[[X]]
// CHECK: %[[E0:.+]] = tensor.empty(%[[M]]) : tensor<?x64xf32>
// CHECK: %[[F0:.+]] = linalg.fill ins({{.+}}) outs(%[[E0]] :
// CHECK: %[[E1:.+]] = tensor.empty(%[[M]]) : tensor<?x64xf32>
// CHECK: %[[F1:.+]] = linalg.fill ins({{.+}}) outs(%[[E1]] :
// CHECK: %[[R:.+]] = linalg.matmul ins({{.+}}) outs(%[[F1]] :
// CHECK: return %[[F0]], %[[R]]
func.func @fill_also_read(%x: tensor<?x32xf16>, %w: tensor<32x64xf16>) -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %i0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %i0 : tensor<?x32xf16>
  %e = tensor.empty(%m) : tensor<?x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %r = linalg.matmul ins(%x, %w : tensor<?x32xf16>, tensor<32x64xf16>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %c, %r : tensor<?x64xf32>, tensor<?x64xf32>
}

// -----

// A fill with one writer, and fills on memrefs, are left as they are.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: linalg.fill
// CHECK-NOT: linalg.fill
func.func @left_alone(%a: tensor<8x4xf32>, %b: tensor<4x8xf32>, %m: memref<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%m : memref<8x8xf32>)
  return %r : tensor<8x8xf32>
}

// -----

// Ops that write all of their init without reading it (a softmax, an
// elementwise op whose body ignores its output) write into a tensor.empty
// of their own instead of a shared fill; the matmul keeps the fill.
// CHECK-LABEL: func.func @unread_fills
// CHECK: %[[E:.+]] = tensor.empty() : tensor<8x8xf32>
// CHECK: %[[F:.+]] = linalg.fill ins(%{{.+}}) outs(%[[E]] :
// CHECK: %[[MM:.+]] = linalg.matmul ins({{.+}}) outs(%[[F]] :
// CHECK: %[[E1:.+]] = tensor.empty() : tensor<8x8xf32>
// CHECK: linalg.generic {{.+}} ins(%[[MM]] : tensor<8x8xf32>) outs(%[[E1]] :
// CHECK: %[[E2:.+]] = tensor.empty() : tensor<8x8xf32>
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : tensor<8x8xf32>) outs(%[[E2]] :
// CHECK-NOT: linalg.fill
func.func @unread_fills(%a: tensor<8x4xf32>, %b: tensor<4x8xf32>, %x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %h = math.tanh %v : f32
    linalg.yield %h : f32
  } -> tensor<8x8xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %t, %s : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A matmul whose result nothing uses is erased, and its fill with it.
// CHECK-LABEL: func.func @dead_matmul
// CHECK-NOT: linalg
// CHECK: return %arg2
func.func @dead_matmul(%a: tensor<8x4xf32>, %b: tensor<4x8xf32>, %r: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
