// The PTX and the manifest are one result: when one of them cannot be
// written, the compile fails and neither file may be left behind (a runner
// would otherwise pair a fresh PTX with a stale or missing manifest). Here
// the manifest goes to a directory that does not exist.

// RUN: rm -rf %t.ptx %t.missing-dir
// RUN: not gemm-opt %s --gemm-stage-naive="ptx-file=%t.ptx manifest-file=%t.missing-dir/m.json" 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx

// And the other way round: the PTX cannot be written, so no manifest.
// RUN: rm -f %t.json
// RUN: not gemm-opt %s --gemm-stage-naive="ptx-file=%t.missing-dir/k.ptx manifest-file=%t.json" 2>&1 | FileCheck %s
// RUN: not test -e %t.json

// CHECK: error: cannot write '{{.*}}missing-dir{{.*}}'

func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
