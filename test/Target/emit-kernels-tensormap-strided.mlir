// gemm-emit-kernels on tensor maps over a strided view (the padded staging
// route of the wgmma rung): the dims are the view's logical extents, the
// stride the underlying buffer's padded leading dimension (a 5x9 f16
// operand in a 5x16 scratch buffer: dims [9, 5], stride 32 bytes), and the
// buffer the scratch allocation; a map over a whole buffer keeps the
// buffer's shape. A view that does not start at the buffer's first element
// cannot be described.

// RUN: rm -f %t.json
// RUN: gemm-opt %s -split-input-file --gemm-emit-kernels="ptx-file=%t.ptx manifest-file=%t.json stage=handmade chip=sm_90a" -verify-diagnostics -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// CHECK:      "buffers": [
// CHECK-NEXT:   {"name": "A", "role": "A", "elem": "f16", "shape": [5, 9]},
// CHECK-NEXT:   {"name": "B", "role": "B", "elem": "f16", "shape": [9, 8]},
// CHECK-NEXT:   {"name": "C", "role": "C", "elem": "f32", "shape": [5, 8]},
// CHECK-NEXT:   {"name": "scratch0", "role": "scratch", "elem": "f16", "shape": [5, 16]}
// CHECK-NEXT: ],
// CHECK:      "name": "stage",
// CHECK:      {"abi": "ptr", "buffer": "A"},
// CHECK-NEXT: {"abi": "ptr", "buffer": "scratch0"}
// CHECK:      "name": "mm",
// CHECK:      {"abi": "tensormap", "buffer": "scratch0", "elem": "f16", "dims": [9, 5], "strides": [32], "box": [8, 4], "swizzle": 0, "l2_promotion": 0},
// CHECK-NEXT: {"abi": "tensormap", "buffer": "B", "elem": "f16", "dims": [8, 9], "strides": [16], "box": [8, 8], "swizzle": 0, "l2_promotion": 0},
// CHECK-NEXT: {"abi": "ptr", "buffer": "C"}

module attributes {gpu.container_module} {
  func.func @host(%a: memref<5x9xf16> {gemm_opt.role = "A"}, %b: memref<9x8xf16> {gemm_opt.role = "B"}, %c: memref<5x8xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 9, m = 5, n = 8>]} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %pad = memref.alloc() : memref<5x16xf16>
    gpu.launch_func @k::@stage blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%a : memref<5x9xf16>, %pad : memref<5x16xf16>)
    %view = memref.subview %pad[0, 0] [5, 9] [1, 1] : memref<5x16xf16> to memref<5x9xf16, strided<[16, 1]>>
    %ua = memref.cast %view : memref<5x9xf16, strided<[16, 1]>> to memref<*xf16>
    %da = nvgpu.tma.create.descriptor %ua box[%c4, %c8] : memref<*xf16> -> !nvgpu.tensormap.descriptor<tensor = memref<4x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    %ia = builtin.unrealized_conversion_cast %da : !nvgpu.tensormap.descriptor<tensor = memref<4x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none> to i64
    %ub = memref.cast %b : memref<9x8xf16> to memref<*xf16>
    %db = nvgpu.tma.create.descriptor %ub box[%c8, %c8] : memref<*xf16> -> !nvgpu.tensormap.descriptor<tensor = memref<8x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    %ib = builtin.unrealized_conversion_cast %db : !nvgpu.tensormap.descriptor<tensor = memref<8x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none> to i64
    gpu.launch_func @k::@mm blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%ia : i64, %ib : i64, %c : memref<5x8xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".visible .entry stage(\0A.param .u64 p0,\0A.param .u64 p1\0A)\0A.visible .entry mm(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%a: memref<5x9xf16> {gemm_opt.role = "A"}, %b: memref<9x8xf16> {gemm_opt.role = "B"}, %c: memref<5x8xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 9, m = 5, n = 8>]} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %pad = memref.alloc() : memref<5x16xf16>
    %view = memref.subview %pad[1, 0] [4, 9] [1, 1] : memref<5x16xf16> to memref<4x9xf16, strided<[16, 1], offset: 16>>
    %ua = memref.cast %view : memref<4x9xf16, strided<[16, 1], offset: 16>> to memref<*xf16>
    // expected-error @below {{tensor map source 'memref<4x9xf16, strided<[16, 1], offset: 16>>' must be a static view at offset 0 with contiguous rows of 'memref<5x16xf16>'}}
    %da = nvgpu.tma.create.descriptor %ua box[%c4, %c8] : memref<*xf16> -> !nvgpu.tensormap.descriptor<tensor = memref<4x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    %ia = builtin.unrealized_conversion_cast %da : !nvgpu.tensormap.descriptor<tensor = memref<4x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none> to i64
    gpu.launch_func @k::@mm blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%ia : i64, %c : memref<5x8xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".visible .entry mm(\0A.param .u64 p0,\0A.param .u64 p1\0A)\0A">]
}
