// REQUIRES: ptxas
// chip= selects the NVVM target: the gpu.binary, the PTX .target and the
// manifest all say sm_80, and ptxas assembles the PTX for sm_80.

// RUN: rm -f %t.ptx %t.json %t.cubin
// RUN: gemm-opt %s --gemm-compile="stage=coalesced chip=sm_80 ptx-file=%t.ptx manifest-file=%t.json" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// IR: gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// IR-SAME: .target sm_80
// PTX: .version 8.0
// PTX-NEXT: .target sm_80
// JSON: "stage": "coalesced",
// JSON-NEXT: "chip": "sm_80",
// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_80'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
