// The cp.async rungs (multibuffer and every stage built on it) need sm_80:
// asked for sm_70 or sm_75 they are a clear error naming the stage and the
// chip, not an abort in the NVPTX backend ("Cannot select: intrinsic
// llvm.nvvm.cp.async.commit.group", found by the pipeline fuzzer; its inputs
// are fuzz/corpus/pipeline/regression-cp-async-*). The stages before them
// still compile for those chips.

// RUN: not gemm-opt %s --gemm-compile="stage=multibuffer chip=sm_75" 2>&1 | FileCheck %s --check-prefix=MB75
// RUN: not gemm-opt %s --gemm-compile="stage=warptile chip=sm_70" 2>&1 | FileCheck %s --check-prefix=WT70
// RUN: not gemm-opt %s --gemm-stage-mma=chip=sm_75 2>&1 | FileCheck %s --check-prefix=MMA75
// RUN: gemm-opt %s --gemm-compile="stage=swizzle chip=sm_75" | FileCheck %s --check-prefix=SW75
// RUN: gemm-opt %s --gemm-compile="stage=multibuffer chip=sm_80" | FileCheck %s --check-prefix=MB80

// MB75: error: stage 'multibuffer' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_75' cannot run it: use a newer chip, or a stage up to 'swizzle'
// MB75-NOT: gpu.binary
// WT70: error: stage 'warptile' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_70' cannot run it
// MMA75: error: stage 'mma' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_75' cannot run it
// SW75: #nvvm.target<O = 3, chip = "sm_75", features = "+ptx80">
// MB80: gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// MB80-SAME: cp.async

func.func @matmul(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>) {
  linalg.matmul ins(%A, %B : memref<1024x1024xf32>, memref<1024x1024xf32>)
                outs(%C : memref<1024x1024xf32>)
  return
}
