// A module that names its target (gemm_opt.target = #nvvm.target<...>,
// docs/architecture.md "The target chip") is compiled for it without a chip
// option: the rungs plan for its chip, the lowering attaches that very
// attribute (its O and features, not a rebuilt target) and the manifest
// names its chip. A chip option that restates it changes nothing; one that
// disagrees is an error (module-target-invalid.mlir).

// RUN: rm -f %t.ptx %t.json
// RUN: gemm-opt %s --gemm-compile="stage=mma ptx-file=%t.ptx manifest-file=%t.json" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: gemm-opt %s --gemm-stage-mma=chip=sm_80 | FileCheck %s --check-prefix=IR

// IR:      module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80", features = "+ptx80">, gpu.container_module}
// IR:      gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">
// IR-SAME: .target sm_80
// IR-SAME: mma.sync.aligned.m16n8k16
// PTX:      .version 8.0
// PTX-NEXT: .target sm_80
// JSON:      "stage": "mma",
// JSON-NEXT: "chip": "sm_80",

module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80", features = "+ptx80">} {
  func.func @matmul(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
    linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
    return
  }
}
