// gemm_opt.softmax: linalg.softmax with X and Y of two element types. It
// round-trips on tensors and memrefs, and its verifier rejects what
// linalg.softmax would say (one type) and what no kernel reads or writes.
// RUN: gemm-opt %s -split-input-file | gemm-opt -split-input-file | FileCheck %s
// RUN: gemm-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @tensors
// CHECK: gemm_opt.softmax dimension(1) ins(%{{.+}} : tensor<7x1000xf16>) outs(%{{.+}} : tensor<7x1000xf32>) -> tensor<7x1000xf32>
// One-shot bufferization writes the result's buffer, reading X in place.
// BUF-LABEL: func.func @tensors
// BUF-SAME: (%[[X:.+]]: memref<7x1000xf16>) -> memref<7x1000xf32>
// BUF: %[[Y:.+]] = memref.alloc() {{.*}}: memref<7x1000xf32>
// BUF: gemm_opt.softmax dimension(1) ins(%[[X]] : memref<7x1000xf16>) outs(%[[Y]] : memref<7x1000xf32>)
// BUF: return %[[Y]]
func.func @tensors(%x: tensor<7x1000xf16>) -> tensor<7x1000xf32> {
  %e = tensor.empty() : tensor<7x1000xf32>
  %y = gemm_opt.softmax dimension(1) ins(%x : tensor<7x1000xf16>) outs(%e : tensor<7x1000xf32>) -> tensor<7x1000xf32>
  return %y : tensor<7x1000xf32>
}

// -----

// CHECK-LABEL: func.func @memrefs
// CHECK: gemm_opt.softmax dimension(2) ins(%{{.+}} : memref<2x3x64xf32>) outs(%{{.+}} : memref<2x3x64xbf16>)
func.func @memrefs(%x: memref<2x3x64xf32>, %y: memref<2x3x64xbf16>) {
  gemm_opt.softmax dimension(2) ins(%x : memref<2x3x64xf32>) outs(%y : memref<2x3x64xbf16>)
  return
}
