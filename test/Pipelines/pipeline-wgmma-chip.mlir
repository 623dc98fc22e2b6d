// The wgmma stage needs sm_90a: asked for sm_90 (the default) it compiles
// for sm_90a (target and manifest); sm_90a is taken as is; a chip below
// sm_90 is a clear error naming the stage and the chip. Earlier stages keep
// the chip they are asked for.

// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json" | FileCheck %s --check-prefix=UP
// RUN: FileCheck %s --check-prefix=UP-JSON --input-file=%t.json
// RUN: gemm-opt %s --gemm-compile="stage=wgmma chip=sm_90a" | FileCheck %s --check-prefix=UP
// RUN: gemm-opt %s --gemm-compile="stage=mma chip=sm_90" | FileCheck %s --check-prefix=MMA
// RUN: not gemm-opt %s --gemm-compile="stage=wgmma chip=sm_80" 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not gemm-opt %s --gemm-stage-wgmma=chip=sm_89 2>&1 | FileCheck %s --check-prefix=SM89
// RUN: not gemm-opt %s --gemm-stage-wgmma=chip=sm_86 2>&1 | FileCheck %s --check-prefix=SM86

// UP: gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx83">
// UP-JSON: "stage": "wgmma",
// UP-JSON-NEXT: "chip": "sm_90a",
// MMA: #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// SM80: error: stage 'wgmma' needs sm_90a (wgmma, TMA, mbarrier transactions); chip 'sm_80' cannot run it: use chip=sm_90 or sm_90a, or a stage up to 'mma'
// SM80-NOT: gpu.binary
// SM89: error: stage 'wgmma' needs sm_90a {{.*}} chip 'sm_89' cannot run it
// SM86: error: stage 'wgmma' needs sm_90a {{.*}} chip 'sm_86' cannot run it

func.func @matmul(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
