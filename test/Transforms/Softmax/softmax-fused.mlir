// RUN: gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-fused | FileCheck %s

// Rung softmax-fused: the three launches and both scratch buffers are
// replaced by one launch with two shared-memory trees and three sweeps.

// CHECK-LABEL: func.func @softmax(
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch {{.*}} workgroup(%{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: llvm.inline_asm "ex2.approx.f32
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: memref.load %arg0
// CHECK: memref.store {{.*}}, %arg1
// CHECK: algo = "fused"
// CHECK-NOT: gpu.launch
// CHECK-NOT: memref.alloc
// CHECK: return

func.func @softmax(%x: memref<300x1000xf32>, %y: memref<300x1000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<300x1000xf32>) outs(%y : memref<300x1000xf32>)
  return
}
