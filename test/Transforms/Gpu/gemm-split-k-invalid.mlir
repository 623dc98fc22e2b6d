// RUN: gemm-opt %s --gemm-split-k=splits=2 -split-input-file -verify-diagnostics
// RUN: not gemm-opt %s --gemm-split-k=splits=1 2>&1 | FileCheck %s --check-prefix=SPLITS

// Launches that are not "a K loop of f32 accumulators starting from 0.0 or
// from C, stored to C after it, grid z of 1": one error at the op.

// SPLITS: error: split-K needs at least 2 splits, got 1

// The accumulator starts from 1.0: neither C = A*B nor C += A*B.
func.func @other_init(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    // expected-error @+1 {{split-K: accumulator 0 must start from 0.0 or from the element of C it is stored to}}
    %acc = scf.for %k = %c0 to %c8 step %c1 iter_args(%s = %one) -> (f32) {
      %x = memref.load %a[%ty, %k] : memref<8x8xf32>
      %y = memref.load %b[%k, %tx] : memref<8x8xf32>
      %f = math.fma %x, %y, %s : f32
      scf.yield %f : f32
    }
    memref.store %acc, %c[%ty, %tx] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// Grid z is taken.
func.func @grid_z(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{split-K puts the splits along grid z, which must be 1 here}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c2)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %acc = scf.for %k = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %a[%ty, %k] : memref<8x8xf32>
      %y = memref.load %b[%k, %tx] : memref<8x8xf32>
      %f = math.fma %x, %y, %s : f32
      scf.yield %f : f32
    }
    memref.store %acc, %c[%ty, %tx] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// No loop whose results reach a matrix outside the launch.
func.func @no_k_loop(%c: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{split-K needs one K loop (an scf.for whose results are stored to a matrix defined above the launch), found 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    memref.store %zero, %c[%ty, %tx] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// One iteration cannot be split in two.
func.func @too_few_iterations(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    // expected-error @+1 {{split-K: 2 splits of a K loop of 1 iterations (each split needs at least one)}}
    %acc = scf.for %k = %c0 to %c8 step %c8 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %a[%ty, %k] : memref<8x8xf32>
      %y = memref.load %b[%k, %tx] : memref<8x8xf32>
      %f = math.fma %x, %y, %s : f32
      scf.yield %f : f32
    }
    memref.store %acc, %c[%ty, %tx] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The K range is only known at run time.
func.func @dynamic_k(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>, %k_end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    // expected-error @+1 {{split-K: the K loop needs constant bounds and a positive constant step}}
    %acc = scf.for %k = %c0 to %k_end step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %a[%ty, %k] : memref<8x8xf32>
      %y = memref.load %b[%k, %tx] : memref<8x8xf32>
      %f = math.fma %x, %y, %s : f32
      scf.yield %f : f32
    }
    memref.store %acc, %c[%ty, %tx] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The kernel reads C beyond the element an accumulator starts from: not
// the matmul form the split keeps the meaning of.
func.func @reads_c(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %acc = scf.for %k = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %a[%ty, %k] : memref<8x8xf32>
      // expected-error @+1 {{split-K: the launch may only load C's element an accumulator starts from and store the result}}
      %y = memref.load %c[%k, %tx] : memref<8x8xf32>
      %f = math.fma %x, %y, %s : f32
      scf.yield %f : f32
    }
    memref.store %acc, %c[%ty, %tx] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// An integer accumulator: the partials and the reduction are f32.
func.func @integer_accumulator(%a: memref<8x8xi32>, %b: memref<8x8xi32>, %c: memref<8x8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    // expected-error @+1 {{split-K: the K loop's results must be f32 accumulators; result 0 is 'i32'}}
    %acc = scf.for %k = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (i32) {
      %x = memref.load %a[%ty, %k] : memref<8x8xi32>
      %y = memref.load %b[%k, %tx] : memref<8x8xi32>
      %p = arith.muli %x, %y : i32
      %n = arith.addi %s, %p : i32
      scf.yield %n : i32
    }
    memref.store %acc, %c[%ty, %tx] : memref<8x8xi32>
    gpu.terminator
  }
  return
}
