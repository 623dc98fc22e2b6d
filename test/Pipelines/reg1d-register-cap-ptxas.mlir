// REQUIRES: ptxas
// The reg1d rung's register cap (GemmHeuristics.cpp). With 16-bit
// operands and tiles that stick out of C, its guarded edge paths took 68
// registers uncapped, one block of 512 threads per SM; the plan caps them
// at 64 (two blocks), which assembles without spills at 1000x999x777 with
// a bf16 C. f32 operands keep no cap on ragged tiles (uncapped, no spills:
// this file's own input) and 32 registers on whole ones.

// RUN: gemm-run --print-input --layout nn --dtype bf16 --out-dtype bf16 --shape 1000x999x777 | gemm-opt --gemm-stage-reg1d="ptx-file=%t.bf16.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=CAP64 < %t.bf16.ptx
// RUN: %ptxas -arch=sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-opt %s --gemm-stage-reg1d="ptx-file=%t.f32.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=NOCAP < %t.f32.ptx
// RUN: %ptxas -arch=sm_90a -v %t.f32.ptx -o %t.f32.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-input --layout nn --dtype f32 --shape 1024x1024x64 | gemm-opt --gemm-stage-reg1d="ptx-file=%t.whole.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=CAP32 < %t.whole.ptx

// CAP64:      .maxntid 512, 1, 1
// CAP64-NEXT: .maxnreg 64

// NOCAP:     .maxntid 512, 1, 1
// NOCAP-NOT: .maxnreg

// CAP32:      .maxntid 512, 1, 1
// CAP32-NEXT: .maxnreg 32

func.func @matmul(%A: memref<1000x777xf32>, %B: memref<777x999xf32>, %C: memref<1000x999xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x777xf32>, memref<777x999xf32>) outs(%C : memref<1000x999xf32>)
  return
}
