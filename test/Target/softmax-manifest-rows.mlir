// RUN: gemm-opt %s --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,gemm-softmax-vector,gemm-softmax-rows{cluster-size=1}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{manifest-file=%t.json stage=softmax-rows chip=sm_90})" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// Without clusters (cluster-size=1, as below sm_90; by default on sm_90
// these rows use a cluster of 3 blocks per row). The last rung: one kernel, no scratch. A row of 40000 f32 lives in
// 160000 bytes of dynamic shared memory (plus 2 x 32 f32 reduction slots), which the manifest records (the
// runner raises the per-function limit above 48 KiB).

// CHECK: "stage": "softmax-rows",
// CHECK: "problem": {"rows": 64, "cols": 40000, "x": "f32", "y": "f32"},
// CHECK-NOT: scratch
// CHECK: "name": "softmax_kernel",
// CHECK: "grid": [64, 1, 1],
// CHECK: "block": [1024, 1, 1],
// CHECK: "dynamic_shared_memory": 160256,
// CHECK-NOT: "name": "softmax_kernel_

func.func @softmax(%x: memref<64x40000xf32>, %y: memref<64x40000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x40000xf32>) outs(%y : memref<64x40000xf32>)
  return
}
