// RUN: gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=4 pipeline-rows=8" | FileCheck %s --check-prefix=P4

// Pipelined cluster plan (softmax-rows-pipeline.mlir), 131072 f16 in 4
// blocks of 1024 threads: 4 vector<8xf16> per thread and row, kept packed
// (the loop carries the raw f16 vectors; max in f16, then widened again
// through cvt.f32.f16 for the sums and the stores).
// P4-LABEL: func.func @f16(
// P4: gpu.launch clusters({{.*}}) in ({{.*}} = %c4, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c512{{.*}}) threads({{.*}}) in ({{.*}} = %c1024
// P4-COUNT-4: vector.load {{.*}} : memref<1024x131072xf16>, vector<8xf16>
// P4: scf.for {{.*}} -> (vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>)
// P4-COUNT-4: vector.load {{.*}} : memref<1024x131072xf16>, vector<8xf16>
// P4: arith.maximumf {{.*}} : vector<8xf16>
// P4: nvvm.mapa
// P4: cvt.f32.f16
// P4: chunks = 4, cluster = 4, ftz_exp = true, {{.*}}packed = true, pipeline_rows = 8, {{.*}}threads_per_row = 1024, vector = 8
func.func @f16(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}
