// RUN: gemm-opt %s --gemm-stage-wgmma -o /dev/null 2>&1 | FileCheck %s

// A dynamic M makes one variant of the function per range of M, each a
// copy of the matmul: a remark the same for several variants is said
// once; those that differ (the plans of M = 1 and M = 3) each once.
// CHECK-DAG: remark: M = 1: the weight-streaming kernel
// CHECK-DAG: remark: M = 3: the weight-streaming kernel
// CHECK-DAG: remark: f32 matmul left on the SIMT kernel: tensor cores compute f32 inputs as TF32, which needs allow-tf32=true
// CHECK-NOT: remark: f32 matmul left on the SIMT kernel
func.func @linear(%x: tensor<?x512xf32>, %w: tensor<256x512xf32>) -> tensor<?x256xf32> {
  %e = tensor.empty() : tensor<512x256xf32>
  %wt = linalg.transpose ins(%w : tensor<256x512xf32>) outs(%e : tensor<512x256xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : index
  %m = tensor.dim %x, %i0 : tensor<?x512xf32>
  %c0 = tensor.empty(%m) : tensor<?x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<?x256xf32>) -> tensor<?x256xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<?x512xf32>, tensor<512x256xf32>) outs(%c : tensor<?x256xf32>) -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}
