// RUN: gemm-opt %s --gemm-stage-softmax-rows="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// Rows of 131072 f16 (256 KB): a block of 1024 per row keeps half the row as
// packed f16 in registers and the other half (131072 bytes, plus 2 x 32 f32
// reduction slots) in dynamic shared memory, which the manifest records.

// CHECK: "stage": "softmax-rows",
// CHECK: "problem": {"rows": 1024, "cols": 131072, "x": "f16", "y": "f16"},
// CHECK-NOT: scratch
// CHECK: "name": "softmax_kernel",
// CHECK: "grid": [1024, 1, 1],
// CHECK: "block": [1024, 1, 1],
// CHECK: "dynamic_shared_memory": 131328,
// CHECK-NOT: "name": "softmax_kernel_

func.func @softmax(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}
