// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows=cluster-size=2 | FileCheck %s --check-prefix=TWO
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows=cluster-size=8 | FileCheck %s --check-prefix=EIGHT
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows | FileCheck %s --check-prefix=AUTO

// softmax-rows with the cluster size forced by the option, on rows short
// enough for one block (by default they get no cluster): a warp per block,
// one row per cluster; the blocks past the row hold only -inf padding.

// TWO-LABEL: func.func @one(
// TWO: gpu.launch clusters({{.*}}) in ({{.*}} = %c2{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}) blocks({{.*}}) in ({{.*}} = %c2{{(_[0-9]+)?}},{{.*}}) threads({{.*}}) in ({{.*}} = %c32
// TWO: nvvm.mapa
// TWO: cluster = 2, {{.*}}threads_per_row = 32, vector = 1
// EIGHT-LABEL: func.func @one(
// EIGHT: gpu.launch clusters({{.*}}) in ({{.*}} = %c8{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}) blocks({{.*}}) in ({{.*}} = %c8{{(_[0-9]+)?}},{{.*}})
// AUTO-LABEL: func.func @one(
// AUTO-NOT: clusters
// AUTO: gpu.launch blocks
func.func @one(%x: memref<1x1xf32>, %y: memref<1x1xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1x1xf32>) outs(%y : memref<1x1xf32>)
  return
}

// -----

// TWO-LABEL: func.func @tiny(
// TWO: gpu.launch clusters({{.*}}) in ({{.*}} = %c2{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}) blocks({{.*}}) in ({{.*}} = %c6{{.*}})
// EIGHT-LABEL: func.func @tiny(
// EIGHT: gpu.launch clusters({{.*}}) in ({{.*}} = %c8{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}) blocks({{.*}}) in ({{.*}} = %c24{{.*}})
// EIGHT: cluster = 8, {{.*}}threads_per_row = 32
// AUTO-LABEL: func.func @tiny(
// AUTO-NOT: clusters
// AUTO: gpu.launch blocks
func.func @tiny(%x: memref<3x5xf16>, %y: memref<3x5xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf16>) outs(%y : memref<3x5xf16>)
  return
}
