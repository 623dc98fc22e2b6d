// A compile that fails writes no output file: neither the PTX nor the
// manifest exists afterwards, whether the input is rejected, an option is
// bad, or the pipeline is fine but the input is not. A file left by an
// earlier compile is not touched either.

// RUN: rm -f %t.bad.ptx %t.bad.json
// RUN: not gemm-opt %inputs/matmul-invalid-i32.mlir --gemm-compile="stage=naive ptx-file=%t.bad.ptx manifest-file=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: not test -e %t.bad.ptx
// RUN: not test -e %t.bad.json

// RUN: not gemm-opt %s --gemm-compile="stage=bogus ptx-file=%t.bad.ptx manifest-file=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=STAGE
// RUN: not test -e %t.bad.ptx
// RUN: not test -e %t.bad.json

// RUN: not gemm-opt %s --gemm-stage-naive="chip=sm_20 ptx-file=%t.bad.ptx" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not test -e %t.bad.ptx

// ptx-file and manifest-file naming one file (the same path, or a link to
// the other): an error before anything is written. Before, the manifest
// replaced the PTX and the compile failed with "No such file or directory".
// RUN: rm -f %t.same %t.same.link
// RUN: not gemm-opt %s --gemm-stage-naive="ptx-file=%t.same manifest-file=%t.same" 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not test -e %t.same
// RUN: touch %t.same && ln -s %t.same %t.same.link
// RUN: not gemm-opt %s --gemm-stage-naive="ptx-file=%t.same.link manifest-file=%t.same" 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: test ! -s %t.same

// An earlier good result survives a failed compile to the same paths.
// RUN: rm -f %t.ptx %t.json
// RUN: gemm-opt %s --gemm-stage-naive="ptx-file=%t.ptx manifest-file=%t.json" -o /dev/null
// RUN: not gemm-opt %inputs/matmul-invalid-i32.mlir --gemm-stage-naive="ptx-file=%t.ptx manifest-file=%t.json" 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: FileCheck %s --check-prefix=KEPT-PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=KEPT-JSON --input-file=%t.json

// INPUT: matmul-invalid-i32.mlir:5:3: error: 'linalg.matmul' op element type i32 is not supported; expected f32, f16 or bf16
// STAGE: error: unknown stage 'bogus'
// CHIP: error: unsupported chip 'sm_20'
// SAME: error: ptx-file and manifest-file name the same file '{{.*}}'; give each its own path
// KEPT-PTX: .visible .entry good_kernel(
// KEPT-JSON: "func": "good",

func.func @good(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
