// RUN: gemm-opt %s --gemm-compile="stage=softmax-rows" | FileCheck %s

// The tensor form bufferizes (linalg.softmax is destination-style): the
// result becomes an allocation of the host function that the kernel writes
// (role Y), and the whole ladder runs on it.

// CHECK-LABEL: func.func @softmax(
// CHECK-SAME: {gemm_opt.role = "X"}
// CHECK-SAME: gemm_opt.problems = [#gemm_opt.softmax<cols = 256, rows = 128, x = f16, y = f16>]
// CHECK: %[[Y:.*]] = memref.alloc() {{.*}}gemm_opt.role = "Y"{{.*}} : memref<128x256xf16>
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch_func @softmax_kernel::@softmax_kernel
// CHECK-SAME: args(%{{.*}} : memref<128x256xf16>, %[[Y]] : memref<128x256xf16>)
// CHECK-NOT: gpu.launch_func
// CHECK: return %[[Y]]
// CHECK: gpu.binary @softmax_kernel

func.func @softmax(%x: tensor<128x256xf16>) -> tensor<128x256xf16> {
  %e = tensor.empty() : tensor<128x256xf16>
  %r = linalg.softmax dimension(1) ins(%x : tensor<128x256xf16>) outs(%e : tensor<128x256xf16>) -> tensor<128x256xf16>
  return %r : tensor<128x256xf16>
}
