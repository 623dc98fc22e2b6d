// RUN: gemm-opt %s --gemm-stage-unaligned-operands -split-input-file -verify-diagnostics | FileCheck %s
// The staged launch lowers through gemm-opt's lowering and assembles.
// RUN: gemm-opt %s --split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gemm-stage-unaligned-operands,gemm-lower-to-ptx{chip=sm_90})' | FileCheck %s --check-prefix=PTX

// A hand-written elementwise kernel: Y = X + Z with X 37 x 777 f16
// (1554-byte rows: not a multiple of 16 bytes) and Z 37 x 784 f16 (1568
// bytes: aligned). X is copied into a 37 x 784 scratch buffer by a copy
// kernel launched first; the body reads it through a 37 x 777 view with
// row stride 784. Z (aligned) and Y (written) are left alone.

// CHECK-LABEL: func.func @add
// CHECK-SAME:    (%[[X:.*]]: memref<37x777xf16>, %[[Z:.*]]: memref<37x784xf16>, %[[Y:.*]]: memref<37x777xf32>)
// CHECK:         %[[COPY:.*]] = memref.alloc() : memref<37x784xf16>
// CHECK:         %[[VIEW:.*]] = memref.subview %[[COPY]][0, 0] [37, 777] [1, 1]
// CHECK-SAME:      to memref<37x777xf16, strided<[784, 1]>>
// CHECK:         gpu.launch
// CHECK:           memref.load %[[X]]
// CHECK:           vector.store
// CHECK:         } {gemm_opt.kernel = "matmul-pad-staging"}
// CHECK:         gpu.launch
// CHECK:           memref.load %[[VIEW]]
// CHECK:           memref.load %[[Z]]
// CHECK:           memref.store %{{.*}}, %[[Y]]
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %[[COPY]] : memref<37x784xf16>

// PTX: .entry add_kernel(
// PTX: .entry add_kernel_0(
func.func @add(%X: memref<37x777xf16>, %Z: memref<37x784xf16>, %Y: memref<37x777xf32>) {
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %c777 = arith.constant 777 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c777, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c37, %sy = %c1, %sz = %c1) {
    %x = memref.load %X[%tx, %bx] : memref<37x777xf16>
    %z = memref.load %Z[%tx, %bx] : memref<37x784xf16>
    %s = arith.addf %x, %z : f16
    %y = arith.extf %s : f16 to f32
    memref.store %y, %Y[%tx, %bx] : memref<37x777xf32>
    gpu.terminator
  }
  return
}

// -----

// An operand the launch writes is never staged, even when it is unaligned.
// CHECK-LABEL: func.func @in_place
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   matmul-pad-staging
func.func @in_place(%X: memref<3x5xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %X[%tx, %tx] : memref<3x5xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %X[%tx, %tx] : memref<3x5xf32>
    gpu.terminator
  }
  return
}
