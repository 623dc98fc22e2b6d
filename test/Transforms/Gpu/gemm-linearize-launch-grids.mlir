// RUN: gemm-opt %s --gemm-linearize-launch-grids -split-input-file -verify-diagnostics | FileCheck %s
// RUN: gemm-opt %s --gemm-linearize-launch-grids=max-grid-yz=4 -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=SMALL

// 4 x 70000 blocks (a long M's row tiles in y): 280000 blocks in x, the
// body's x and y ids the remainder and quotient of the linear id, its grid
// sizes constants.

// CHECK-LABEL: func.func @rows_past_y
// CHECK:       %[[N:.+]] = arith.constant 280000 : index
// CHECK:       %[[ONE:.+]] = arith.constant 1 : index
// CHECK:       gpu.launch blocks(%[[BX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[N]], %{{[a-z0-9]+}} = %[[ONE]], %{{[a-z0-9]+}} = %[[ONE]])
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C70000:.+]] = arith.constant 70000 : index
// CHECK:         %[[X:.+]] = arith.remui %[[BX]], %[[C4]]
// CHECK:         %[[ROWS:.+]] = arith.divui %[[BX]], %[[C4]]
// CHECK:         %[[Y:.+]] = arith.remui %[[ROWS]], %[[C70000]]
// CHECK:         %[[W:.+]] = arith.muli %[[Y]], %[[C4]]
// CHECK:         %[[I:.+]] = arith.addi %[[W]], %[[X]]
// CHECK:         memref.store %{{.+}}, %{{.+}}[%[[I]]]
func.func @rows_past_y(%out: memref<280000xi32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c70000 = arith.constant 70000 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c70000, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %row = arith.muli %by, %gx : index
    %i = arith.addi %row, %bx : index
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%i] : memref<280000xi32>
    gpu.terminator
  }
  return
}

// -----

// A batch of 70000 entries in z, read through gpu.block_id and
// gpu.grid_dim ops as well as the body's arguments: z is the quotient of
// the linear id by x * y.

// CHECK-LABEL: func.func @batch_past_z
// CHECK-DAG:   %[[N:.+]] = arith.constant 140000 : index
// CHECK:       gpu.launch blocks(%[[BX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[N]],
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[X:.+]] = arith.remui %[[BX]], %[[C2]]
// CHECK:         %[[ROWS:.+]] = arith.divui %[[BX]], %[[C2]]
// CHECK:         %[[Y:.+]] = arith.remui %[[ROWS]], %[[C1]]
// CHECK:         %[[Z:.+]] = arith.divui %[[ROWS]], %[[C1]]
// CHECK-NOT:     gpu.block_id
// CHECK-NOT:     gpu.grid_dim
// CHECK:         memref.store %{{.+}}, %{{.+}}[%[[Z]], %[[X]]]
// CHECK:         memref.store %{{.+}}, %{{.+}}[%[[Z]], %[[X]]]
// CHECK:         memref.store %{{.+}}, %{{.+}}[%[[Z]], %[[X]]]
func.func @batch_past_z(%out: memref<70000x2xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c70000 = arith.constant 70000 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c70000)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %by, %out[%bz, %bx] : memref<70000x2xindex>
    %z = gpu.block_id z
    %x = gpu.block_id x
    %nz = gpu.grid_dim z
    memref.store %nz, %out[%z, %x] : memref<70000x2xindex>
    %ny = gpu.grid_dim y
    memref.store %ny, %out[%z, %x] : memref<70000x2xindex>
    gpu.terminator
  }
  return
}

// -----

// Within the limits (65535 in y): unchanged. With max-grid-yz=4, 3 x 5 x 2
// goes into x (30 blocks).

// CHECK-LABEL: func.func @fits
// CHECK:       gpu.launch blocks({{.*}}) in (%{{[a-z0-9]+}} = %c3, %{{[a-z0-9]+}} = %c5, %{{[a-z0-9]+}} = %c2)
// CHECK-NOT:     arith.divui
// SMALL-LABEL: func.func @fits
// SMALL:       %[[N:.+]] = arith.constant 30 : index
// SMALL:       gpu.launch blocks({{.*}}) in (%{{[a-z0-9]+}} = %[[N]],
// SMALL:         arith.divui
func.func @fits(%out: memref<2x5x3xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c5, %gz = %c2)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %gx, %out[%bz, %by, %bx] : memref<2x5x3xindex>
    gpu.terminator
  }
  return
}

// -----

// A grid x that is not constant beside a y past the limit.
func.func @dynamic_x(%out: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c70000 = arith.constant 70000 : index
  // expected-error @below {{blocks in y or z goes into x only when all three sizes are constant}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c70000, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// More blocks than grid x holds.
func.func @too_many(%out: memref<?xi32>) {
  %c1 = arith.constant 1 : index
  %c65535 = arith.constant 65535 : index
  %c70000 = arith.constant 70000 : index
  // expected-error @below {{a grid of 65535 x 70000 x 1 blocks exceeds the 2^31 - 1 blocks of one launch}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c65535, %gy = %c70000, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// A cluster launch keeps its grid.
func.func @cluster(%out: memref<?xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c70000 = arith.constant 70000 : index
  // expected-error @below {{a cluster launch keeps its grid}}
  gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c70000, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}
