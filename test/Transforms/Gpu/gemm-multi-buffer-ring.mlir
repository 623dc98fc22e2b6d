// RUN: gemm-opt %s --gemm-multi-buffer-ring=stages=3 | FileCheck %s
// RUN: gemm-opt %s --gemm-multi-buffer-ring=stages=4 | FileCheck %s --check-prefix=FOUR

// A hand-written tiled matmul: each K step every thread copies one element
// of A's and one of B's 16 x 16 tile into workgroup attributions, then a
// barrier, the compute loop over the tiles, a barrier. With 3 stages each
// tile gets 3 slots; the copies become cp.async, one group per iteration;
// the prologue issues iterations 0 and 1 (each its own group), iteration i
// waits until 1 group is pending (its own has landed), computes, and
// issues iteration i + 2 into slot (i + 2) mod 3, zero-filled past K.

// CHECK:       #[[SLOT:.*]] = affine_map<(d0) -> ((d0 floordiv 16) mod 3)>
// CHECK-LABEL: func.func @ring
// CHECK:       gpu.launch
// CHECK-SAME:    workgroup(%[[AS:.*]] : memref<3x16x16xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<3x16x16xf32, #gpu.address_space<workgroup>>)
// Prologue: iterations 0 and 1.
// CHECK:         %[[A0:.*]] = nvgpu.device_async_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], 1 : memref<64x128xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:         %[[B0:.*]] = nvgpu.device_async_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], 1 : memref<128x64xf32>
// CHECK:         %[[G0:.*]] = nvgpu.device_async_create_group %[[A0]], %[[B0]]
// CHECK:         nvgpu.device_async_copy
// CHECK:         nvgpu.device_async_copy
// CHECK:         %[[G1:.*]] = nvgpu.device_async_create_group
// CHECK:         %[[RING:.*]]:3 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[W:.*]] = %[[G0]], %[[N:.*]] = %[[G1]]) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token)
// The reads see the slot of iteration K (K + 0 steps).
// CHECK:           %[[RS:.*]] = affine.apply #[[SLOT]](%{{.*}})
// CHECK:           %[[BV:.*]] = memref.subview %[[BS]][%[[RS]], 0, 0] [1, 16, 16] [1, 1, 1]
// CHECK:           %[[RS2:.*]] = affine.apply #[[SLOT]](%{{.*}})
// CHECK:           %[[AV:.*]] = memref.subview %[[AS]][%[[RS2]], 0, 0] [1, 16, 16] [1, 1, 1]
// CHECK:           nvgpu.device_async_wait %[[W]] {numGroups = 1 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for
// CHECK:             memref.load %[[AV]]
// CHECK:             memref.load %[[BV]]
// CHECK:           gpu.barrier
// Iteration K + 2 into its slot, reading nothing past the end.
// CHECK:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK:           %[[A2:.*]] = nvgpu.device_async_copy {{.*}}, 1, %{{.*}} : memref<64x128xf32>
// CHECK:           %[[B2:.*]] = nvgpu.device_async_copy {{.*}}, 1, %{{.*}} : memref<128x64xf32>
// CHECK:           %[[G2:.*]] = nvgpu.device_async_create_group %[[A2]], %[[B2]]
// CHECK:           scf.yield %{{.*}}, %[[N]], %[[G2]]
// CHECK:         nvgpu.device_async_wait %[[RING]]#2 {numGroups = 0 : i32}
// CHECK:         memref.store %[[RING]]#0
// CHECK-NOT:     memref.load %{{.*}} : memref<64x128xf32>

// FOUR-LABEL:  func.func @ring
// FOUR:        workgroup(%{{.*}} : memref<4x16x16xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<4x16x16xf32, #gpu.address_space<workgroup>>)
// FOUR-COUNT-3: nvgpu.device_async_create_group
// FOUR:        scf.for
// FOUR:          nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
func.func @ring(%a: memref<64x128xf32>, %b: memref<128x64xf32>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1)
             workgroup(%as : memref<16x16xf32, #gpu.address_space<workgroup>>,
                       %bs : memref<16x16xf32, #gpu.address_space<workgroup>>) {
    %acc = scf.for %k0 = %c0 to %c128 step %c16 iter_args(%acc0 = %zero) -> (f32) {
      %ka = arith.addi %k0, %tx : index
      %va = memref.load %a[%ty, %ka] : memref<64x128xf32>
      memref.store %va, %as[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %kb = arith.addi %k0, %ty : index
      %vb = memref.load %b[%kb, %tx] : memref<128x64xf32>
      memref.store %vb, %bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = scf.for %kk = %c0 to %c16 step %c1 iter_args(%s = %acc0) -> (f32) {
        %x = memref.load %as[%ty, %kk] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = memref.load %bs[%kk, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %f = math.fma %x, %y, %s : f32
        scf.yield %f : f32
      }
      gpu.barrier
      scf.yield %r : f32
    }
    memref.store %acc, %c[%ty, %tx] : memref<64x64xf32>
    gpu.terminator
  }
  return
}

// 16-byte vector transfers into a memref.alloc of the launch body (which
// becomes a workgroup attribution: the lowering only allocates those),
// over a K range known at run time only: the prologue's copies are
// predicated too (zero-fill when the loop has fewer iterations), and
// 16-byte copies bypass L1 (cp.async.cg).

// CHECK-LABEL: func.func @vector_tiles
// CHECK:       gpu.launch
// CHECK-SAME:    workgroup(%[[T:.*]] : memref<3x64x4xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[IN0:.*]] = arith.cmpi slt, %{{.*}}, %[[END:.*]] : index
// CHECK:         %[[N0:.*]] = arith.select %[[IN0]], %{{.*}}, %{{.*}} : index
// CHECK:         nvgpu.device_async_copy %{{.*}}, %{{.*}}, 4, %[[N0]] {bypassL1}
// CHECK:         nvgpu.device_async_create_group
// CHECK:         arith.cmpi slt
// CHECK:         nvgpu.device_async_copy {{.*}} {bypassL1}
// CHECK:         nvgpu.device_async_create_group
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[END]]
// CHECK:           nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK:           vector.load %{{.*}} : memref<64x4xf32, strided<[4, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:           nvgpu.device_async_copy {{.*}} {bypassL1}
// CHECK-NOT:       vector.transfer
// CHECK:           nvgpu.device_async_create_group
// CHECK:         nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
func.func @vector_tiles(%a: memref<64x256xf32>, %c: memref<64x4xf32>, %k_end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %tile = memref.alloc() : memref<64x4xf32, #gpu.address_space<workgroup>>
    %other = arith.subi %c63, %tx : index
    %sum = scf.for %k = %c0 to %k_end step %c4 iter_args(%s = %zero) -> (vector<4xf32>) {
      %v = vector.transfer_read %a[%tx, %k], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<4xf32>
      vector.transfer_write %v, %tile[%tx, %c0] {in_bounds = [true]} : vector<4xf32>, memref<64x4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = vector.load %tile[%other, %c0] : memref<64x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %n = arith.addf %s, %r : vector<4xf32>
      gpu.barrier
      scf.yield %n : vector<4xf32>
    }
    vector.store %sum, %c[%tx, %c0] : memref<64x4xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}
