// RUN: gemm-opt %s --gemm-pad-workgroup-buffers=pad=4 -split-input-file -verify-diagnostics | FileCheck %s
// The padded buffer lowers through gemm-opt's own lowering: 33-float rows
// (132 bytes) in a 4224-byte shared array.
// RUN: gemm-opt %s --split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gemm-pad-workgroup-buffers{pad=1},gemm-lower-to-ptx{chip=sm_90})' | FileCheck %s --check-prefix=PTX
// PTX: .shared .align 4 .b8 __wg_transpose_tile_kernel_0[4224];
// PTX-SAME: {{mul.wide.u32[^;]*%r2, 132;.*st.shared.b32.*mul.wide.u32[^;]*%r1, 132;.*ld.shared.b32}}

// A hand-written transpose through a 32 x 32 shared tile: written by rows,
// read by columns (32 threads of a warp read one column: a 32-way bank
// conflict without padding). The tile gets 36-element rows; the body
// indexes a 32 x 32 view of it.

// CHECK-LABEL: func.func @transpose_tile
// CHECK:       gpu.launch
// CHECK-SAME:    workgroup(%[[TILE:.*]] : memref<32x36xf32, #gpu.address_space<workgroup>>)
// CHECK:         %[[VIEW:.*]] = memref.subview %[[TILE]][0, 0] [32, 32] [1, 1]
// CHECK-SAME:      to memref<32x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
// CHECK:         memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %{{.*}}]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[VIEW]][%{{.*}}, %{{.*}}]
// A 1-D buffer has no rows: unchanged.
// CHECK-LABEL: func.func @one_d
// CHECK:       workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:   memref.subview
func.func @transpose_tile(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c32, %sz = %c1)
             workgroup(%tile : memref<32x32xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %in[%ty, %tx] : memref<32x32xf32>
    memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %t = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
    memref.store %t, %out[%ty, %tx] : memref<32x32xf32>
    gpu.terminator
  }
  return
}

func.func @one_d(%out: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%buf : memref<32xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %buf[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func private @consume(memref<32x32xf32, #gpu.address_space<workgroup>>)

func.func @needs_exact_type() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<32x32xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{row padding of a workgroup buffer: this use needs the buffer's exact type}}
    func.call @consume(%tile) : (memref<32x32xf32, #gpu.address_space<workgroup>>) -> ()
    gpu.terminator
  }
  return
}
