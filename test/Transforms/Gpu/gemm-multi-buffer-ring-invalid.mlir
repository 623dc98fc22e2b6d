// RUN: gemm-opt %s --gemm-multi-buffer-ring=stages=3 -split-input-file -verify-diagnostics
// RUN: not gemm-opt %s --gemm-multi-buffer-ring=stages=1 2>&1 | FileCheck %s --check-prefix=STAGES

// Loops of other forms than "copies from global memory into workgroup
// buffers, a barrier, reads": one error at the op that breaks the form.

// STAGES: error: multi-buffer ring: needs at least 2 stages, got 1

// The buffer is read with no barrier after the copies: another thread's
// copy may not have landed.
func.func @no_barrier(%a: memref<128xf32>, %c: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%t : memref<16xf32, #gpu.address_space<workgroup>>) {
    %s = scf.for %k = %c0 to %c128 step %c16 iter_args(%acc = %zero) -> (f32) {
      %i = arith.addi %k, %tx : index
      %v = memref.load %a[%i] : memref<128xf32>
      memref.store %v, %t[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      // expected-error @+1 {{multi-buffer ring: this access to a workgroup buffer must follow all the copies into it and a gpu.barrier}}
      %r = memref.load %t[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      %n = arith.addf %acc, %r : f32
      scf.yield %n : f32
    }
    memref.store %s, %c[%tx] : memref<16xf32>
    gpu.terminator
  }
  return
}

// -----

// The buffer is read after the loop: its slots would hold other tiles.
func.func @used_after_loop(%a: memref<128xf32>, %c: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%t : memref<16xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c128 step %c16 {
      %i = arith.addi %k, %tx : index
      %v = memref.load %a[%i] : memref<128xf32>
      memref.store %v, %t[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    // expected-error @+1 {{multi-buffer ring: the workgroup buffer is used outside the pipelined loop}}
    %r = memref.load %t[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %r, %c[%tx] : memref<16xf32>
    gpu.terminator
  }
  return
}

// -----

// A whole-tile memref.copy: every thread would copy the whole tile.
func.func @memref_copy(%a: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%t : memref<16xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c128 step %c16 {
      %tile = memref.subview %a[%k] [16] [1] : memref<128xf32> to memref<16xf32, strided<[1], offset: ?>>
      // expected-error @+1 {{multi-buffer ring: a memref.copy into a workgroup buffer is not taken; distribute it over the threads as vector or element copies first}}
      memref.copy %tile, %t : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// cp.async moves 4, 8 or 16 bytes: not one f16.
func.func @two_byte_elements(%a: memref<128xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%t : memref<16xf16, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c128 step %c16 {
      %i = arith.addi %k, %tx : index
      %v = memref.load %a[%i] : memref<128xf16>
      // expected-error @+1 {{multi-buffer ring: cp.async copies 4, 8 or 16 bytes; this copy moves 2 bytes}}
      memref.store %v, %t[%tx] : memref<16xf16, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// The copy's address depends on a value the loop carries: it cannot be
// computed stages ahead.
func.func @carried_index(%a: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%t : memref<16xf32, #gpu.address_space<workgroup>>) {
    %end = scf.for %k = %c0 to %c128 step %c16 iter_args(%base = %tx) -> (index) {
      // expected-error @+1 {{multi-buffer ring: the copies depend on a value the loop carries}}
      %v = memref.load %a[%base] : memref<128xf32>
      memref.store %v, %t[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %next = arith.addi %base, %c16 : index
      scf.yield %next : index
    }
    gpu.terminator
  }
  return
}

// -----

// A copy into a view of the buffer: the slots are views of the buffer
// itself.
func.func @write_through_view(%a: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             workgroup(%t : memref<32xf32, #gpu.address_space<workgroup>>) {
    %half = memref.subview %t[0] [16] [1] : memref<32xf32, #gpu.address_space<workgroup>> to memref<16xf32, strided<[1]>, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c128 step %c16 {
      %i = arith.addi %k, %tx : index
      %v = memref.load %a[%i] : memref<128xf32>
      // expected-error @+1 {{multi-buffer ring: the copy must write a workgroup attribution of the launch or a memref.alloc at the top of its body, not a view}}
      memref.store %v, %half[%tx] : memref<16xf32, strided<[1]>, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
