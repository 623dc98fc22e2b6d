// RUN: gemm-opt %s --gemm-softmax-three-pass="block-threads=32" | FileCheck %s
// RUN: gemm-opt %s --gemm-softmax-three-pass="block-threads=32" --gemm-lower-to-ptx | FileCheck %s --check-prefix=PTX

// A row of more column tiles than grid y holds: 2097121 = 65535 * 32 + 1
// columns are 65536 tiles of 32 threads. The normalize kernel put them all
// on grid y (65536 > 65535: a launch CUDA refuses, found only when a
// manifest was written); now it launches 65535 blocks along y and each
// strides over the tiles 65535 * 32 columns apart.

// CHECK-LABEL: func.func @softmax(
// CHECK: kernel = "max"
// CHECK: kernel = "sum"
// CHECK: %[[Y:.*]] = arith.constant 65535 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2{{.*}}, {{.*}} = %[[Y]], {{.*}}) threads({{.*}}) in ({{.*}} = %c32
// CHECK: %[[STEP:.*]] = arith.constant 2097120 : index
// CHECK: scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[STEP]]
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[COL]]] : memref<2x2097121xf32>
// CHECK: kernel = "normalize"

// PTX: gpu.launch_func @softmax_kernel::@softmax_kernel_1 blocks in (%{{.*}}, %c65535{{.*}}, %{{.*}})

func.func @softmax(%X: memref<2x2097121xf32>, %Y: memref<2x2097121xf32>) {
  linalg.softmax dimension(1) ins(%X : memref<2x2097121xf32>) outs(%Y : memref<2x2097121xf32>)
  return
}
