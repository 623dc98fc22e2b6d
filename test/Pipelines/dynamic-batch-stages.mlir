// A batch_matmul with a dynamic M takes the SIMT kernel, which views each
// entry at its run-time offset: the shared-memory tiled stages on compile
// it (grid z the static count), the thread-per-output kernel of naive
// cannot take M, an error at it, and nothing is written.
// RUN: rm -f %t.json
// RUN: not gemm-opt %s --gemm-stage-naive="manifest-file=%t.json" -o /dev/null 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: gemm-opt %s --gemm-stage-smem="manifest-file=%t.smem.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=SMEM < %t.smem.json

// CHECK: error: a batched matmul with a dynamic M: the x-rows kernel of this variant compiles static sizes only; the SIMT kernels of the stages from shared-memory tiling up take M, N and K at run time

// SMEM: "symbols": [{"name": "M", "min": 1, "max": {{[0-9]+}}}],
// SMEM: {"elem":"f16","name":"A","role":"A","shape":[3,{"sym":"M"},20]},
// SMEM: "grid":[{{[0-9]+}},{"sym":"M","ceil_div":{{[0-9]+}}},3]
func.func @matmul(%a: memref<3x?x20xf16>, %b: memref<3x20x33xf16>, %c: memref<3x?x33xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<3x?x20xf16>, memref<3x20x33xf16>) outs(%c : memref<3x?x33xf32>)
  return
}
