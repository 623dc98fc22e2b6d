// RUN: gemm-opt %s -split-input-file --gemm-apply-kernel-attributes | FileCheck %s

// A parked dictionary moves onto its gpu.func: nvvm.* attributes as they
// are, readonly_inputs as llvm.noalias on every memref parameter and
// llvm.readonly on those the kernel only reads. The op loses the dictionary.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME:    (%{{.*}}: memref<16xf32> {llvm.noalias, llvm.readonly}, %{{.*}}: memref<16xf32> {llvm.noalias})
// CHECK-SAME:    nvvm.maxnreg = 64 : i32
// CHECK-NOT:     gemm_opt.kernel_fn_attrs
gpu.module @kernels {
  gpu.func @copy(%src: memref<16xf32>, %dst: memref<16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %src[%c0] {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs, nvvm.maxnreg = 64 : i32}} : memref<16xf32>
    memref.store %v, %dst[%c0] : memref<16xf32>
    gpu.return
  }
}

// -----

// Workgroup attributions follow the parameters in the entry block; they are
// not parameters and get no argument attributes.
// CHECK-LABEL: gpu.func @with_tile
// CHECK-SAME:    (%{{.*}}: memref<16xf32> {llvm.noalias, llvm.readonly}, %{{.*}}: memref<16xf32> {llvm.noalias})
// CHECK-SAME:    workgroup(%{{.*}} : memref<16xf32, #gpu.address_space<workgroup>>)
gpu.module @kernels {
  gpu.func @with_tile(%src: memref<16xf32>, %dst: memref<16xf32>)
      workgroup(%tile: memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %src[%c0] : memref<16xf32>
    memref.store %v, %tile[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    %w = memref.load %tile[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %w, %dst[%c0] {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs}} : memref<16xf32>
    gpu.return
  }
}

// -----

// A batched kernel reads and writes its entry through subviews of the 3-D
// parameters (BatchedLaunches.h): a parameter only read through its views
// is read-only, one written through a view is not.
// CHECK-LABEL: gpu.func @batched
// CHECK-SAME:    (%{{.*}}: memref<3x4x8xf32> {llvm.noalias, llvm.readonly}, %{{.*}}: memref<3x4x8xf32> {llvm.noalias})
gpu.module @kernels {
  gpu.func @batched(%src: memref<3x4x8xf32>, %dst: memref<3x4x8xf32>) kernel {
    %z = gpu.block_id z
    %c0 = arith.constant 0 : index
    %s = memref.subview %src[%z, 0, 0] [1, 4, 8] [1, 1, 1] : memref<3x4x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
    %d = memref.subview %dst[%z, 0, 0] [1, 4, 8] [1, 1, 1] : memref<3x4x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
    %v = memref.load %s[%c0, %c0] {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs}} : memref<4x8xf32, strided<[8, 1], offset: ?>>
    memref.store %v, %d[%c0, %c0] : memref<4x8xf32, strided<[8, 1], offset: ?>>
    gpu.return
  }
}
