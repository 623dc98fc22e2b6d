// --mlir-print-ir-after-all works with the stage pipelines (one dump per
// pass, in pipeline order), while the PTX and manifest are still written and
// the final module still printed.

// RUN: rm -f %t.ptx %t.json
// RUN: gemm-opt %s --gemm-stage-coalesced="ptx-file=%t.ptx manifest-file=%t.json" --mlir-print-ir-after-all -o %t.out.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=FINAL --input-file=%t.out.mlir
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// CHECK:      IR Dump After GemmAssignTarget (gemm-assign-target)
// CHECK-NEXT: module attributes {gemm_opt.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">}
// CHECK:      IR Dump After GemmVerifyInput (gemm-verify-input)
// CHECK:        linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x16xf32>)
// CHECK:      IR Dump After OneShotBufferizePass (one-shot-bufferize)
// CHECK:        linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xf32>, memref<32x16xf32>)
// CHECK:      IR Dump After GemmNaive (gemm-naive)
// CHECK-NOT:  IR Dump After
// CHECK:        gpu.launch blocks
// CHECK:        math.fma
// CHECK:        } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<
// CHECK:      IR Dump After GemmCoalesce (gemm-coalesce)
// CHECK-NOT:  IR Dump After
// CHECK:        } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-cols", gemm_opt.problem = #gemm_opt.matmul<
// CHECK:      IR Dump After GpuKernelOutliningPass (gpu-kernel-outlining)
// CHECK:        gpu.launch_func @matmul_kernel::@matmul_kernel
// CHECK:      IR Dump After GemmMergeGpuModules (gemm-merge-gpu-modules)
// CHECK:      IR Dump After ConvertGpuOpsToNVVMOps (convert-gpu-to-nvvm)
// CHECK:        llvm.func @matmul_kernel(
// CHECK:      IR Dump After GpuModuleToBinaryPass (gpu-module-to-binary)
// CHECK:        gpu.binary @matmul_kernel
// CHECK:      IR Dump After GemmEmitKernels (gemm-emit-kernels)
// CHECK-NOT:  IR Dump After

// FINAL:      module attributes {gemm_opt.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, gpu.container_module}
// FINAL:        gpu.binary @matmul_kernel
// PTX:        .visible .entry matmul_kernel(
// JSON:       "stage": "coalesced",

func.func @matmul(%A: tensor<64x32xf32>, %B: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x16xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  %R = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x16xf32>) outs(%C : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %R : tensor<64x16xf32>
}
