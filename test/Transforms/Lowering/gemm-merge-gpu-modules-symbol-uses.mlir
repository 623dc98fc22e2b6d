// RUN: gemm-opt %s --gemm-merge-gpu-modules | FileCheck %s

// When a moved symbol is renamed to avoid a clash, the uses of it inside the
// moved code must follow: @m2's kernel calls @m2's @helper (which doubles
// its argument), and after the merge it must call the renamed copy, not
// @m1's @helper (the identity).

// CHECK:       gpu.module @m1 {
// CHECK-NEXT:    func.func @helper(%[[X:[a-z0-9_]+]]: f32) -> f32 {
// CHECK-NEXT:      return %[[X]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.func @kernel(
// CHECK:           func.call @helper(
// CHECK:         func.func @[[HELPER2:helper_[0-9]+]](%[[Y:[a-z0-9_]+]]: f32) -> f32 {
// CHECK-NEXT:      %[[D:[a-z0-9_]+]] = arith.addf %[[Y]], %[[Y]] : f32
// CHECK:         gpu.func @[[KERNEL2:kernel_[0-9]+]](
// CHECK:           func.call @[[HELPER2]](
// CHECK:       gpu.launch_func @m1::@kernel blocks
// CHECK-NEXT:  gpu.launch_func @m1::@[[KERNEL2]] blocks
module attributes {gpu.container_module} {
  gpu.module @m1 {
    func.func @helper(%x: f32) -> f32 {
      return %x : f32
    }
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<4xf32>
      %w = func.call @helper(%v) : (f32) -> f32
      memref.store %w, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @m2 {
    func.func @helper(%x: f32) -> f32 {
      %y = arith.addf %x, %x : f32
      return %y : f32
    }
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<4xf32>
      %w = func.call @helper(%v) : (f32) -> f32
      memref.store %w, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @host(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @m1::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @m2::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}
