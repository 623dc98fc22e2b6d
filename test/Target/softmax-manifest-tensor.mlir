// RUN: gemm-opt %s --gemm-stage-softmax-vector="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// Tensor form: the output is the allocation bufferization made for the
// result; it keeps role Y.

// CHECK: "problem": {"rows": 3, "cols": 5, "x": "bf16", "y": "bf16"},
// CHECK: {"name": "X", "role": "X", "elem": "bf16", "shape": [3, 5]},
// CHECK: {"name": "Y", "role": "Y", "elem": "bf16", "shape": [3, 5]}
// CHECK-NOT: scratch
// CHECK: "grid": [3, 1, 1],
// CHECK: "block": [32, 1, 1],
// CHECK: "dynamic_shared_memory": 0,

func.func @softmax(%x: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %e = tensor.empty() : tensor<3x5xbf16>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x5xbf16>) outs(%e : tensor<3x5xbf16>) -> tensor<3x5xbf16>
  return %r : tensor<3x5xbf16>
}
