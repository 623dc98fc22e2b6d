// A stage whose rungs need instructions a chip lacks is an error naming the
// stage, the chip and the rung that needs them: cp.async (multibuffer, and
// every stage built on it) and mma.sync m16n8k16 need sm_80; wgmma needs
// sm_90a (pipeline-wgmma-chip.mlir). The stages below them compile for any
// supported chip, and the rung passes get the chip (pipeline-chip.mlir,
// chip-ladder-ptxas.test).

// RUN: not gemm-opt %s --gemm-compile="stage=multibuffer chip=sm_75" 2>&1 | FileCheck %s --check-prefix=MB75
// RUN: not gemm-opt %s --gemm-stage-warptile=chip=sm_70 2>&1 | FileCheck %s --check-prefix=WT70
// RUN: not gemm-opt %s --gemm-stage-mma="chip=sm_75 allow-tf32=1" 2>&1 | FileCheck %s --check-prefix=MMA75
// RUN: not gemm-opt %s --gemm-stage-wgmma=chip=sm_75 2>&1 | FileCheck %s --check-prefix=WGMMA75
// RUN: gemm-opt %s --gemm-compile="stage=swizzle chip=sm_75" | FileCheck %s --check-prefix=SWIZZLE75
// RUN: gemm-opt %s --gemm-compile="stage=mma chip=sm_86" | FileCheck %s --check-prefix=MMA86

// MB75:      error: stage 'multibuffer' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_75' cannot run it: use a newer chip, or a stage up to 'swizzle'
// MB75-NOT:  gpu.binary
// WT70:      error: stage 'warptile' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_70' cannot run it
// MMA75:     error: stage 'mma' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_75' cannot run it
// WGMMA75:   error: stage 'wgmma' needs sm_90a {{.*}} chip 'sm_75' cannot run it
// SWIZZLE75: gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_75", features = "+ptx80">
// MMA86:     gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_86", features = "+ptx80">

func.func @matmul(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
