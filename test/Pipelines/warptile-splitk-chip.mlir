// Split-K's reduction is a programmatic dependent launch (griddepcontrol)
// only on sm_90: below it the reduction is a plain second launch, so a shape
// that splits on sm_90 compiles for sm_80 too, instead of aborting in the
// NVPTX backend ("Cannot select: intrinsic
// llvm.nvvm.griddepcontrol.launch.dependents", found by the pipeline fuzzer;
// its input is fuzz/corpus/pipeline/regression-splitk-warptile-sm80).

// RUN: gemm-opt %s --gemm-compile="stage=warptile chip=sm_90" | FileCheck %s --check-prefix=SM90
// RUN: gemm-opt %s --gemm-compile="stage=warptile chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: gemm-opt %s --gemm-compile="stage=mma chip=sm_86 allow-tf32=1" | FileCheck %s --check-prefix=SM86

// SM90-COUNT-2: gpu.launch_func
// SM90: griddepcontrol.wait
// SM80-COUNT-2: gpu.launch_func
// SM80-NOT: gpu.launch_func
// SM80-NOT: griddepcontrol
// SM86: gpu.launch_func
// SM86-NOT: griddepcontrol

func.func @matmul(%A: memref<129x4096xf32>, %B: memref<4096x1xf32>, %C: memref<129x1xf32>) {
  linalg.matmul ins(%A, %B : memref<129x4096xf32>, memref<4096x1xf32>)
                outs(%C : memref<129x1xf32>)
  return
}
