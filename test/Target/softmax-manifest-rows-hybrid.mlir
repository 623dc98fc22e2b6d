// RUN: gemm-opt %s --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,gemm-softmax-vector,gemm-softmax-rows{cluster-size=1}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{manifest-file=%t.json stage=softmax-rows chip=sm_90})" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// Without clusters (cluster-size=1, as below sm_90; by default on sm_90
// these rows use a cluster: softmax-manifest-rows-cluster.mlir). Rows of 131072 f16 (256 KB): a block of 1024 per row keeps half the row as
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
