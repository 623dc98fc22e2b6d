// RUN: gemm-opt %s --gemm-group-block-order=group-m=4 -split-input-file -verify-diagnostics | FileCheck %s

// A hand-written launch: an 8 x 6 grid whose blocks each write their ids.
// The ids it sees become the grouped ones: pid = by * 8 + bx, groups of
// 4 x 8 blocks, the last group (rows 4..5) of 2 rows.

// CHECK-LABEL: func.func @grid_8x6
// CHECK:       gpu.launch blocks(%[[BX:[a-z0-9]+]], %[[BY:[a-z0-9]+]], %{{[a-z0-9]+}}) in
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         %[[ROW:.*]] = arith.muli %[[BY]], %[[C8]]
// CHECK:         %[[PID:.*]] = arith.addi %[[ROW]], %[[BX]]
// CHECK:         %[[GROUP:.*]] = arith.divui %[[PID]], %[[C32]]
// CHECK:         %[[FIRST:.*]] = arith.muli %[[GROUP]]
// CHECK:         %[[IN:.*]] = arith.remui %[[PID]], %[[C32]]
// The last group is short (6 % 4 != 0): rows = min(6 - first, 4).
// CHECK:         %[[LEFT:.*]] = arith.subi %{{.*}}, %[[FIRST]]
// CHECK:         %[[ROWS:.*]] = arith.minui %[[LEFT]]
// CHECK:         %[[NEWX:.*]] = arith.divui %[[IN]], %[[ROWS]]
// CHECK:         %[[R:.*]] = arith.remui %[[IN]], %[[ROWS]]
// CHECK:         %[[NEWY:.*]] = arith.addi %[[FIRST]], %[[R]]
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[NEWY]], %[[NEWX]]]
// CHECK:       } {gemm_opt.block_order}
func.func @grid_8x6(%out: memref<6x8xi32>) {
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c6, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %id = arith.index_cast %bx : index to i32
    memref.store %id, %out[%by, %bx] : memref<6x8xi32>
    gpu.terminator
  }
  return
}

// -----

// One block row: nothing to group, the launch is unchanged.
// CHECK-LABEL: func.func @one_row
// CHECK-NOT:   arith.divui
// CHECK-NOT:   gemm_opt.block_order
func.func @one_row(%out: memref<8xi32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %id = arith.index_cast %bx : index to i32
    memref.store %id, %out[%bx] : memref<8xi32>
    gpu.terminator
  }
  return
}

// -----

func.func @dynamic_grid(%n: index) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{grouped block order needs a constant grid in x and y}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @cluster() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{grouped block order does not apply to a cluster launch}}
  gpu.launch clusters(%cx, %cy, %cz) in (%ex = %c2, %ey = %c1, %ez = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c8, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}
