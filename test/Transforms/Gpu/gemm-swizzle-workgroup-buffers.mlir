// RUN: gemm-opt %s --gemm-swizzle-workgroup-buffers -split-input-file -verify-diagnostics | FileCheck %s

// A hand-written transpose through a 64 x 64 f16 tile (128-byte rows):
// written by rows, read by columns. Every access's column is XORed with
// (row mod 8) * 8 elements, i.e. the 16-byte group index with the row.

// CHECK-LABEL: func.func @transpose_tile
// CHECK:       gpu.launch blocks({{.*}}) threads(%[[TX:[a-z0-9]+]], %[[TY:[a-z0-9]+]], %{{[a-z0-9]+}}) in
// CHECK-SAME:    workgroup(%[[TILE:[a-z0-9]+]] : memref<64x64xf16, #gpu.address_space<workgroup>>)
// CHECK:         %[[R0:.*]] = arith.andi %[[TY]], %{{.*}} : index
// CHECK:         %[[S0:.*]] = arith.shli %[[R0]], %{{.*}} : index
// CHECK:         %[[C0:.*]] = arith.xori %[[TX]], %[[S0]] : index
// CHECK:         memref.store %{{.*}}, %[[TILE]][%[[TY]], %[[C0]]]
// CHECK:         gpu.barrier
// CHECK:         %[[R1:.*]] = arith.andi %[[TX]], %{{.*}} : index
// CHECK:         %[[S1:.*]] = arith.shli %[[R1]], %{{.*}} : index
// CHECK:         %[[C1:.*]] = arith.xori %[[TY]], %[[S1]] : index
// CHECK:         memref.load %[[TILE]][%[[TX]], %[[C1]]]
func.func @transpose_tile(%in: memref<64x64xf16>, %out: memref<64x64xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c64, %sz = %c1)
             workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) {
    %v = memref.load %in[%ty, %tx] : memref<64x64xf16>
    memref.store %v, %tile[%ty, %tx] : memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %t = memref.load %tile[%tx, %ty] : memref<64x64xf16, #gpu.address_space<workgroup>>
    memref.store %t, %out[%ty, %tx] : memref<64x64xf16>
    gpu.terminator
  }
  return
}

// -----

func.func private @consume(memref<64x64xf16, #gpu.address_space<workgroup>>)

func.func @opaque_use() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{the swizzle cannot rewrite the uses of the workgroup buffer}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) {
    func.call @consume(%tile) : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> ()
    gpu.terminator
  }
  return
}
