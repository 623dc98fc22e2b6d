// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows | FileCheck %s

// softmax-rows' default for rows too long for one block's registers:
// clusters of blocks of 256 threads, three per SM (the kernel capped at 80
// registers: 65536 / (3 x 256) rounded down to whole groups of 8), the
// fewest blocks per row whose slices fit under the cap, so that one
// block's loads overlap the other blocks' reductions and stores.

// 131072 f16: 4 blocks, 16 vector<8xf16> per thread kept packed (64
// registers of data).
// CHECK-LABEL: func.func @f16(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c4, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c4096{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK-COUNT-16: vector.load %{{.*}} : memref<1024x131072xf16>, vector<8xf16>
// CHECK: nvvm.cluster.wait {aligned, gemm_opt.kernel_fn_attrs = {nvvm.maxnreg = 80 : i32}}
// CHECK-NEXT: gpu.terminator
// CHECK: chunks = 16, cluster = 4, {{.*}}max_registers = 80, packed = true, {{.*}}threads_per_row = 256, vector = 8
func.func @f16(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}

// -----

// 131072 f32: 8 blocks, 16 vector<4xf32> per thread (64 registers).
// CHECK-LABEL: func.func @f32(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c8192{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK-COUNT-16: vector.load %{{.*}} : memref<1024x131072xf32>, vector<4xf32>
// CHECK: nvvm.maxnreg = 80 : i32
// CHECK-NOT: packed
// CHECK: chunks = 16, cluster = 8, {{.*}}max_registers = 80, {{.*}}threads_per_row = 256, vector = 4
func.func @f32(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}

// -----

// 262144 f32 (1 MB a row): 8 blocks of 256 threads would need 32 vectors
// per thread; the 1024-thread plan (8 blocks, no register cap) instead.
// CHECK-LABEL: func.func @f32long(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c512{{.*}}) threads({{.*}}) in ({{.*}} = %c1024
// CHECK-NOT: maxnreg
// CHECK: cluster = 8
// CHECK-NOT: max_registers
// CHECK-SAME: threads_per_row = 1024
func.func @f32long(%x: memref<64x262144xf32>, %y: memref<64x262144xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x262144xf32>) outs(%y : memref<64x262144xf32>)
  return
}

// -----

// Rows a block holds keep a block per row (no cluster, no cap): 32768 f16
// in 512 threads of 8 packed vectors.
// CHECK-LABEL: func.func @short(
// CHECK-NOT: clusters
// CHECK-NOT: max_registers
// CHECK: packed = true, {{.*}}threads_per_row = 512
func.func @short(%x: memref<4096x32768xf16>, %y: memref<4096x32768xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf16>) outs(%y : memref<4096x32768xf16>)
  return
}
