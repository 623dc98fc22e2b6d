// RUN: gemm-opt %s --gemm-stage-softmax-3pass="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// Three kernels in launch order; the row maxima and sums are scratch
// buffers (allocations without a role) that the runner allocates.

// CHECK: "op": "softmax",
// CHECK: "stage": "softmax-3pass",
// CHECK: "problem": {"rows": 7, "cols": 1000, "x": "f16", "y": "f16"},
// CHECK: {"name": "X", "role": "X", "elem": "f16", "shape": [7, 1000]},
// CHECK: {"name": "Y", "role": "Y", "elem": "f16", "shape": [7, 1000]},
// CHECK: {"name": "[[S1:scratch[0-9]+]]", "role": "scratch", "elem": "f32", "shape": [7]},
// CHECK: {"name": "[[S2:scratch[0-9]+]]", "role": "scratch", "elem": "f32", "shape": [7]}
// CHECK: "name": "softmax_kernel",
// CHECK: "grid": [7, 1, 1],
// CHECK: "block": [256, 1, 1],
// CHECK: {"abi": "ptr", "buffer": "X"},
// CHECK: {"abi": "ptr", "buffer": "[[S1]]"}
// CHECK: "name": "softmax_kernel_0",
// CHECK: "grid": [7, 1, 1],
// CHECK: "name": "softmax_kernel_1",
// CHECK: "grid": [7, 4, 1],
// CHECK: {"abi": "ptr", "buffer": "Y"}

func.func @softmax(%x: memref<7x1000xf16>, %y: memref<7x1000xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xf16>) outs(%y : memref<7x1000xf16>)
  return
}
