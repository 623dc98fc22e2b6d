// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="pipeline-rows=8" | FileCheck %s

// pipeline-rows without cluster-size: the heuristics pick the fewest blocks
// per row whose registers hold two rows' slices, else the plain cluster
// plan. (Not the default: measured slower, SoftmaxHeuristics.cpp.)

// 131072 f32: 8 blocks of 1024 threads (4 would hold one row, not two).
// CHECK-LABEL: func.func @f32(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}}) blocks({{.*}}) in ({{.*}} = %c1024
// CHECK: cluster = 8, {{.*}}pipeline_rows = 8, {{.*}}threads_per_row = 1024
func.func @f32(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}

// -----

// 131072 f16: 4 blocks of 1024 threads, packed.
// CHECK-LABEL: func.func @f16(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c4, {{.*}}) blocks({{.*}}) in ({{.*}} = %c512
// CHECK: cluster = 4, {{.*}}packed = true, pipeline_rows = 8, {{.*}}threads_per_row = 1024
func.func @f16(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}

// -----

// 262144 f32: 8 blocks hold one row, not two: the plain cluster plan.
// CHECK-LABEL: func.func @long(
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}}) blocks({{.*}}) in ({{.*}} = %c512
// CHECK-NOT: pipeline_rows
// CHECK: cluster = 8
// CHECK-NOT: pipeline_rows
// CHECK: threads_per_row = 1024
func.func @long(%x: memref<64x262144xf32>, %y: memref<64x262144xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x262144xf32>) outs(%y : memref<64x262144xf32>)
  return
}

// -----

// Rows a block holds get no cluster, hence no pipeline.
// CHECK-LABEL: func.func @short(
// CHECK-NOT: clusters
// CHECK-NOT: pipeline_rows
// CHECK: threads_per_row = 1024
func.func @short(%x: memref<4096x32768xf32>, %y: memref<4096x32768xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf32>) outs(%y : memref<4096x32768xf32>)
  return
}
